import {
  BoxGeometry,
  DataTexture,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshMatcapMaterial,
  MeshStandardMaterial,
  DoubleSide,
} from 'three';
import { describe, expect, it, vi } from 'vitest';
import { applyShading } from './shading';

function model() {
  const map = new DataTexture(new Uint8Array(4), 1, 1);
  const original = new MeshStandardMaterial({ color: '#ff0000', map, side: DoubleSide });
  const a = new Mesh(new BoxGeometry(), original);
  const b = new Mesh(new BoxGeometry(), original);
  const root = new Group().add(a, b);
  return { root, a, b, original, map };
}

describe('applyShading', () => {
  it('swaps in one shared clay material with the original side, and restores', () => {
    const { root, a, b, original } = model();
    const restore = applyShading(root, 'clay');
    expect(a.material).toBeInstanceOf(MeshMatcapMaterial);
    expect(b.material).toBe(a.material);
    expect((a.material as unknown as MeshMatcapMaterial).side).toBe(DoubleSide);
    const clay = a.material as unknown as MeshMatcapMaterial;
    const dispose = vi.spyOn(clay, 'dispose');
    const matcapDispose = vi.spyOn(clay.matcap!, 'dispose');
    restore();
    expect(a.material).toBe(original);
    expect(dispose).toHaveBeenCalled();
    expect(matcapDispose).toHaveBeenCalled();
  });

  it('shows base colour unlit, keeping the map, and never disposes the original texture', () => {
    const { root, a, original, map } = model();
    const mapDispose = vi.spyOn(map, 'dispose');
    const originalDispose = vi.spyOn(original, 'dispose');
    const restore = applyShading(root, 'basecolor');
    const twin = a.material as unknown as MeshBasicMaterial;
    expect(twin).toBeInstanceOf(MeshBasicMaterial);
    expect(twin.map).toBe(map);
    expect(twin.color.getHexString()).toBe('ff0000');
    restore();
    expect(mapDispose).not.toHaveBeenCalled();
    expect(originalDispose).not.toHaveBeenCalled();
  });

  it('leaves materials alone for PBR and wireframe', () => {
    const { root, a, original } = model();
    applyShading(root, 'wireframe')();
    applyShading(root, 'pbr');
    expect(a.material).toBe(original);
  });

  it('gives the UV checker a repeating texture', () => {
    const { root, a } = model();
    const restore = applyShading(root, 'uv');
    const material = a.material as unknown as MeshBasicMaterial;
    expect((material.map?.image as { width: number }).width).toBe(512);
    restore();
  });
});
