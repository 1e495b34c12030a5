import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Group,
  InstancedMesh,
  Mesh,
  MeshStandardMaterial,
  Points,
  SkinnedMesh,
} from 'three';
import { describe, expect, it } from 'vitest';
import { countModelStats, triangleCount } from './model-stats';

const material = new MeshStandardMaterial();

describe('countModelStats', () => {
  it('counts an indexed box as 12 triangles over 24 vertices', () => {
    const group = new Group().add(new Mesh(new BoxGeometry(), material));
    expect(countModelStats(group)).toEqual({ triangles: 12, vertices: 24, meshes: 1 });
  });

  it('counts a non-indexed geometry by its vertices', () => {
    const geometry = new BoxGeometry().toNonIndexed();
    expect(geometry.index).toBeNull();
    const group = new Group().add(new Mesh(geometry, material));
    expect(countModelStats(group)).toEqual({ triangles: 12, vertices: 36, meshes: 1 });
  });

  it('sums nested meshes, mixed indexed and not, and ignores points', () => {
    const inner = new Group();
    inner.add(new Mesh(new BoxGeometry(), material));
    inner.add(new Mesh(new BoxGeometry().toNonIndexed(), material));
    const root = new Group().add(inner);
    root.add(new Mesh(new BoxGeometry(), material));
    const cloud = new BufferGeometry();
    cloud.setAttribute('position', new BufferAttribute(new Float32Array(300), 3));
    root.add(new Points(cloud));
    expect(countModelStats(root)).toEqual({ triangles: 36, vertices: 24 + 36 + 24, meshes: 3 });
  });

  it('multiplies instanced meshes by their instance count', () => {
    const instanced = new InstancedMesh(new BoxGeometry(), material, 5);
    expect(countModelStats(new Group().add(instanced))).toEqual({
      triangles: 60,
      vertices: 120,
      meshes: 1,
    });
  });

  it('counts skinned meshes like any other mesh', () => {
    const skinned = new SkinnedMesh(new BoxGeometry(), material);
    expect(countModelStats(skinned)).toEqual({ triangles: 12, vertices: 24, meshes: 1 });
  });

  it('honours the draw range and tolerates a mesh without positions', () => {
    const box = new BoxGeometry();
    box.setDrawRange(6, 9);
    expect(triangleCount(box)).toBe(3);
    box.setDrawRange(30, Infinity);
    expect(triangleCount(box)).toBe(2);
    const root = new Group().add(new Mesh(new BufferGeometry(), material));
    expect(countModelStats(root)).toEqual({ triangles: 0, vertices: 0, meshes: 1 });
  });

  it('reports zero for an empty group', () => {
    expect(countModelStats(new Group())).toEqual({ triangles: 0, vertices: 0, meshes: 0 });
  });
});
