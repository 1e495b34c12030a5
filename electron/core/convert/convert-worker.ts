/**
 * Worker-thread entry of {@link Converter}: converts one GLB per message, so Draco encoding and
 * texture re-encoding never block the main process (or the browser host's event loop).
 */
import { parentPort } from 'node:worker_threads';
import { ConvertError, toCompatibleGlb } from './compatible-glb';
import type { WorkerReply, WorkerRequest } from './converter';

const port = parentPort;
if (!port) throw new Error('convert-worker must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  const progress = (fraction: number) => {
    const reply: WorkerReply = { id: request.id, progress: fraction };
    port.postMessage(reply);
  };
  void toCompatibleGlb(new Uint8Array(request.input), request.options, progress).then(
    ({ glb, report }) => {
      const reply: WorkerReply = { id: request.id, ok: true, glb, report };
      port.postMessage(reply, [glb.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: WorkerReply = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        known: error instanceof ConvertError,
      };
      port.postMessage(reply);
    },
  );
});
