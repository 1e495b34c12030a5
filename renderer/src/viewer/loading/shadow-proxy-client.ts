/**
 * Clusters shadow proxies in one long-lived worker (see shadow-proxy.worker.ts); where the page
 * has no workers, or the worker fails, in this thread instead.
 */
import type { Box3 } from 'three';
import type { ClusteredTriangles } from './cluster-triangles';
import { clusterHere, type ClusterTriangles } from './shadow-proxy';

/** What the page sends the worker: copies of one mesh's arrays, and its bounding box. */
export interface ClusterRequest {
  readonly id: number;
  readonly positions: Float32Array;
  readonly index: Uint32Array | null;
  readonly min: [number, number, number];
  readonly max: [number, number, number];
}

/** The worker's answer. */
export interface ClusterReply extends ClusteredTriangles {
  readonly id: number;
}

interface Waiting {
  readonly resolve: (result: ClusteredTriangles) => void;
  readonly fallback: () => void;
}

let worker: Worker | undefined;
let broken = false;
let nextId = 0;
const waiting = new Map<number, Waiting>();

function startWorker(): Worker {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a module path (vite needs it literal)
  const started = new Worker(new URL('./shadow-proxy.worker.ts', import.meta.url), {
    type: 'module',
  });
  started.onmessage = (event: MessageEvent<ClusterReply>) => {
    const { id, positions, index } = event.data;
    const entry = waiting.get(id);
    waiting.delete(id);
    entry?.resolve({ positions, index });
  };
  // A worker that cannot start (or fails) is not tried again: what waits clusters here.
  started.onerror = () => {
    broken = true;
    worker?.terminate();
    worker = undefined;
    const stranded = [...waiting.values()];
    waiting.clear();
    for (const entry of stranded) entry.fallback();
  };
  return started;
}

/**
 * Clustering in the worker. The arrays are copied (the model keeps its own for drawing) and the
 * copies transferred: a compact copy, never the whole GLB buffer a view may sit on.
 */
export const clusterInWorker: ClusterTriangles = (positions, index, box: Box3) => {
  if (broken || typeof Worker !== 'function') return clusterHere(positions, index, box);
  worker ??= startWorker();
  const id = ++nextId;
  const request: ClusterRequest = {
    id,
    positions: new Float32Array(positions),
    index: index ? new Uint32Array(index) : null,
    min: box.min.toArray(),
    max: box.max.toArray(),
  };
  return new Promise((resolve, reject) => {
    waiting.set(id, {
      resolve,
      fallback: () => clusterHere(positions, index, box).then(resolve, reject),
    });
    const transfer = [request.positions.buffer, ...(request.index ? [request.index.buffer] : [])];
    worker!.postMessage(request, transfer);
  });
};
