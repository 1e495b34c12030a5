/**
 * Worker-thread entry of {@link GeneratorThread}: makes one model (a generation or a retexture)
 * per message, so segmentation, meshing, atlas rendering and GLB writing never block the process
 * that hosts the sandbox (Kiln's main process, or the browser host's event loop).
 */
import { parentPort } from 'node:worker_threads';
import { generateFromViews } from './index';
import { retextureFromPhoto } from './retexture';
import type { GeneratorReply, GeneratorRequest, ModelBytes } from './generator-thread';

const port = parentPort;
if (!port) throw new Error('generate-worker must run in a worker thread');

/** The bytes in a buffer of their own, so the buffer can be moved to the other thread. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

function run(request: GeneratorRequest): Promise<ModelBytes> {
  return request.op === 'generate'
    ? generateFromViews(request.views, request.options)
    : retextureFromPhoto(request.glb, request.photo, request.options);
}

port.on('message', (request: GeneratorRequest) => {
  void run(request).then(
    ({ glb, thumbnail, triangles, vertices }) => {
      const model = { glb: owned(glb), thumbnail: owned(thumbnail), triangles, vertices };
      const reply: GeneratorReply = { id: request.id, ok: true, model };
      try {
        // Moved, not copied: a GLB is megabytes.
        port.postMessage(reply, [
          model.glb.buffer as ArrayBuffer,
          model.thumbnail.buffer as ArrayBuffer,
        ]);
      } catch {
        // A buffer that cannot be moved (memory owned by a native library): copied instead.
        port.postMessage(reply);
      }
    },
    (error: unknown) => {
      const reply: GeneratorReply = {
        id: request.id,
        ok: false,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      };
      port.postMessage(reply);
    },
  );
});
