import { describe, expect, it } from 'vitest';
import { legacyGltfVersion, sniffModelFormat } from './model-format';

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('sniffModelFormat', () => {
  it('recognises the GLB header', () => {
    const header = new Uint8Array(20);
    header.set(new TextEncoder().encode('glTF'));
    header[4] = 2;
    expect(sniffModelFormat(header.buffer)).toBe('glb');
  });

  it('recognises glTF JSON, with a BOM or leading space', () => {
    expect(sniffModelFormat(bytes('\uFEFF  {"asset":{"version":"2.0"}}'))).toBe('gltf');
  });

  it('spots a web page served instead of a model', () => {
    expect(sniffModelFormat(bytes('<!doctype html><html>'))).toBe('html');
    expect(sniffModelFormat(bytes('\n<HTML><body>404</body>'))).toBe('html');
  });

  it('gives up on anything else', () => {
    expect(sniffModelFormat(bytes('solid cube\nfacet normal'))).toBe('unknown');
    expect(sniffModelFormat(new Uint8Array([0x50, 0x4b, 3, 4]).buffer)).toBe('unknown');
    expect(sniffModelFormat(new ArrayBuffer(0))).toBe('unknown');
  });
});

describe('legacyGltfVersion', () => {
  const glb = (version: number) => {
    const header = new Uint8Array(20);
    header.set(new TextEncoder().encode('glTF'));
    header[4] = version;
    return header.buffer;
  };

  it('reads a binary glTF header', () => {
    expect(legacyGltfVersion(glb(1), 'glb')).toBe('1.0');
    expect(legacyGltfVersion(glb(2), 'glb')).toBeUndefined();
  });

  it('reads asset.version of a .gltf', () => {
    expect(legacyGltfVersion(bytes('{"asset":{"version":"1.0"},"meshes":{}}'), 'gltf')).toBe('1.0');
    expect(legacyGltfVersion(bytes('{"asset":{"version":"2.0"}}'), 'gltf')).toBeUndefined();
    // glTF 0.8 had no asset.version.
    expect(legacyGltfVersion(bytes('{"meshes":{}}'), 'gltf')).toBe('1.0');
    expect(legacyGltfVersion(bytes('{"asset":'), 'gltf')).toBeUndefined();
  });
});
