/**
 * `electron-builder.yml`, checked as far as this machine allows (it cannot download Electron to
 * run a real `electron-builder --dir`): the configuration passes electron-builder's own schema
 * validation, release fuses are set, native modules are unpacked from asar, every target OS is
 * configured and every referenced asset exists.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'app-builder-lib';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const text = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
const config = parse(text) as Configuration & Record<string, never>;
const raw = parse(text) as Record<
  string,
  { target?: unknown; icon?: string; entitlements?: string; entitlementsInherit?: string }
>;

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema validation', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('locks release builds with Electron fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('unpacks the native modules from asar', () => {
    const unpack = config.asarUnpack as string[];
    const natives = [
      'node_modules/@napi-rs/keyring',
      ...readdirSync(path.join(root, 'node_modules/@napi-rs'))
        .filter((d) => d.startsWith('keyring-'))
        .map((d) => `node_modules/@napi-rs/${d}`),
      'node_modules/sharp',
      ...readdirSync(path.join(root, 'node_modules/@img')).map((d) => `node_modules/@img/${d}`),
    ];
    for (const dir of natives) {
      expect(
        unpack.some((glob) => path.matchesGlob(`${dir}/index.js`, glob)),
        dir,
      ).toBe(true);
    }
  });

  it('builds for Linux, macOS (hardened runtime) and Windows, with assets that exist', () => {
    expect(raw['linux']?.target).toEqual(['AppImage', 'deb']);
    expect(raw['mac']).toMatchObject({ target: 'dmg', hardenedRuntime: true });
    expect(raw['win']?.target).toBe('nsis');
    for (const file of [
      raw['linux']?.icon,
      raw['mac']?.entitlements,
      raw['mac']?.entitlementsInherit,
    ]) {
      expect(file && existsSync(path.join(root, file)), file).toBe(true);
    }
    expect(config.files).toEqual(
      expect.arrayContaining(['dist/**', 'dist-electron/**', 'package.json']),
    );
  });

  it('opens .glb and .gltf files with Kiln', () => {
    expect((config.fileAssociations as Array<{ ext: string }>).map((a) => a.ext)).toEqual([
      'glb',
      'gltf',
    ]);
  });
});
