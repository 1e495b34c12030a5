/**
 * The shadow proxy's clustering off the main thread: it runs while the model's textures upload
 * (bench B2: in the page's thread it was a task of 40–110 ms before the first frame).
 */
import { clusterTriangles } from './cluster-triangles';
import type { ClusterReply, ClusterRequest } from './shadow-proxy-client';

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const { id, positions, index, min, max } = event.data;
  const box = {
    min: { x: min[0], y: min[1], z: min[2] },
    max: { x: max[0], y: max[1], z: max[2] },
  };
  const { positions: out, index: kept } = clusterTriangles(positions, index, box);
  const reply: ClusterReply = { id, positions: out, index: kept };
  (self as unknown as Worker).postMessage(reply, [out.buffer, kept.buffer]);
};
