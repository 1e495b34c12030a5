import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Group,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Mesh,
  MeshStandardMaterial,
  SkinnedMesh,
  SphereGeometry,
} from 'three';
import { describe, expect, it } from 'vitest';
import { clusterTriangles } from './cluster-triangles';
import { createShadowProxy, plainPositions } from './shadow-proxy';

function sphere(segments: number): SphereGeometry {
  return new SphereGeometry(1, segments, segments);
}

describe('clusterTriangles', () => {
  it('merges close vertices and drops collapsed triangles', () => {
    // Two triangles of one quad plus a sliver whose corners share a cell.
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.001, 0, 0]);
    const index = new Uint16Array([0, 1, 2, 0, 2, 3, 0, 4, 1]);
    const box = new Box3().setFromArray(positions);
    const out = clusterTriangles(positions, index, box, 8);
    expect(out.positions.length / 3).toBe(4); // vertex 4 merged into vertex 0
    expect(Array.from(out.index)).toEqual([0, 1, 2, 0, 2, 3]); // the sliver collapsed
  });

  it('cuts a dense 250k-triangle sphere to a small fraction, keeping its silhouette', () => {
    const geometry = sphere(354); // ≈ 250k triangles
    const before = geometry.index!.count / 3;
    expect(before).toBeGreaterThan(240_000);
    geometry.computeBoundingBox();
    const started = performance.now();
    const out = clusterTriangles(
      geometry.getAttribute('position').array,
      geometry.index!.array,
      geometry.boundingBox!,
    );
    const ms = performance.now() - started;
    expect(out.index.length / 3).toBeLessThan(before / 4);
    const box = new Box3().setFromArray(out.positions);
    // Cell means sit inside the surface by at most a cell.
    expect(box.max.x).toBeGreaterThan(1 - 2 / 64);
    expect(box.min.y).toBeLessThan(-1 + 2 / 64);
    console.log(`clustered ${before} → ${out.index.length / 3} triangles in ${ms.toFixed(0)} ms`);
  });
});

describe('createShadowProxy', () => {
  it('stands in for a large model during the bake, with part visibility, and frees itself', async () => {
    const root = new Group();
    const material = new MeshStandardMaterial();
    const a = new Mesh(sphere(200), material);
    const b = new Mesh(sphere(200), material);
    b.position.set(3, 0, 0);
    root.add(a, b);
    const proxy = (await createShadowProxy(root, { minTriangles: 10_000 }))!;
    expect(proxy).not.toBeNull();
    expect(proxy.group.children).toHaveLength(2);
    expect(proxy.group.children[1]!.matrix.elements[12]).toBe(3);

    b.visible = false;
    proxy.swapIn();
    expect(root.visible).toBe(false);
    expect(proxy.group.visible).toBe(true);
    expect(proxy.group.children.map((c) => c.visible)).toEqual([true, false]);
    proxy.swapOut();
    expect(root.visible).toBe(true);
    expect(proxy.group.visible).toBe(false);

    const disposed: string[] = [];
    for (const child of proxy.group.children) {
      (child as Mesh).geometry.addEventListener('dispose', () => disposed.push('geometry'));
    }
    proxy.dispose();
    expect(disposed).toEqual(['geometry', 'geometry']);
  });

  it('is not made for small or animated models', async () => {
    const small = new Group().add(new Mesh(sphere(16), new MeshStandardMaterial()));
    expect(await createShadowProxy(small)).toBeNull();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(9 * 30_000), 3));
    const rigged = new Group().add(new SkinnedMesh(geometry, new MeshStandardMaterial()));
    expect(await createShadowProxy(rigged, { minTriangles: 1 })).toBeNull();
  });

  it('keeps each mesh where it was when it was asked, though the root moves while clustering', async () => {
    const root = new Group();
    const mesh = new Mesh(sphere(200), new MeshStandardMaterial());
    mesh.position.set(0, 2, 0);
    root.add(mesh);
    let clustered!: () => void;
    const later = new Promise<void>((r) => (clustered = r));
    const making = createShadowProxy(root, {
      minTriangles: 10_000,
      cluster: async (positions, index, box) => {
        await later;
        return clusterTriangles(positions, index, box);
      },
    });
    // The viewer places the root in its holder (and the scene updates world matrices) meanwhile.
    const holder = new Group();
    holder.position.set(5, 0, 0);
    holder.add(root);
    holder.updateMatrixWorld(true);
    clustered();
    const proxy = (await making)!;
    expect(proxy.group.children[0]!.matrix.elements[12]).toBe(0);
    expect(proxy.group.children[0]!.matrix.elements[13]).toBe(2);
  });
});

describe('plainPositions', () => {
  it('hands over plain positions as they are, and reads quantized or interleaved ones to floats', () => {
    const plain = new BufferAttribute(new Float32Array([1, 2, 3, 4, 5, 6]), 3);
    expect(plainPositions(plain)).toBe(plain.array);
    // KHR_mesh_quantization: normalized 16-bit integers.
    const quantized = new BufferAttribute(new Int16Array([32767, 0, -32767, 16384, 0, 0]), 3, true);
    expect(Array.from(plainPositions(quantized))).toEqual([
      1,
      0,
      -1,
      Math.fround(quantized.getX(1)),
      0,
      0,
    ]);
    // Positions sharing a buffer with normals (x y z nx ny nz).
    const buffer = new InterleavedBuffer(new Float32Array([1, 2, 3, 0, 0, 1, 4, 5, 6, 0, 1, 0]), 6);
    const interleaved = new InterleavedBufferAttribute(buffer, 3, 0);
    expect(Array.from(plainPositions(interleaved))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
