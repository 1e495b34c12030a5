import { Box3 } from 'three';
import { describe, expect, it } from 'vitest';
import { clusterTriangles } from './cluster-triangles';
import { clusterInWorker } from './shadow-proxy-client';

describe('clusterInWorker', () => {
  it('clusters in this thread where the page has no workers, with the same result', async () => {
    expect(typeof Worker).toBe('undefined');
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.001, 0, 0]);
    const index = new Uint16Array([0, 1, 2, 0, 2, 3, 0, 4, 1]);
    const box = new Box3().setFromArray(positions);
    const out = await clusterInWorker(positions, index, box);
    const here = clusterTriangles(positions, index, box);
    expect(Array.from(out.positions)).toEqual(Array.from(here.positions));
    expect(Array.from(out.index)).toEqual([0, 1, 2, 0, 2, 3]);
  });
});
