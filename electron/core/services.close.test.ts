/**
 * Closing the core while a large download is under way: `close()` stops it (the stream is
 * cancelled, not left running), removes its partial file, and resolves only then, so nothing is
 * written afterwards and the data folder can be removed at once (the e2e teardown's `ENOTEMPTY`).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, serveSandbox, type Sandbox } from '../sandbox';
import { CancelledError } from './api/errors';
import { createServices } from './services';
import { testPorts, waitFor } from './testing/harness';

const KEY = 'sk-close-test-0001';
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let work: string;

beforeAll(async () => {
  sandbox = createSandbox({ keys: [KEY], seedModels: 1 });
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-close-'));
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await rm(work, { recursive: true, force: true });
});

/** A model file that never ends: 1 MiB at a time, as fast as it is read. */
function endlessModel() {
  const chunk = new Uint8Array(1024 * 1024).fill(7);
  const state = { chunks: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      state.chunks += 1;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

async function partialBytes(temp: string): Promise<number> {
  const names = (await readdir(temp).catch(() => [] as string[])).filter((n) =>
    n.endsWith('.partial'),
  );
  const sizes = await Promise.all(names.map((n) => stat(path.join(temp, n)).then((s) => s.size)));
  return sizes.reduce((a, b) => a + b, 0);
}

describe('Services.close', () => {
  it('stops a large download in flight and resolves once nothing more is written', async () => {
    const dataDir = path.join(work, 'data');
    const model = endlessModel();
    // The service's model file link streams the endless body; every other request is real.
    const fetchWithLargeModel: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!url.pathname.endsWith('/model.glb')) return fetch(input, init);
      return new Response(model.body, { headers: { 'content-type': 'model/gltf-binary' } });
    };
    const { ports } = testPorts({
      dataDir,
      baseUrl: server.url,
      key: KEY,
      fetch: fetchWithLargeModel,
    });
    const services = await createServices(ports);
    const page = await services.handlers['library:list']({});
    const modelId = page.items[0]!.modelId;

    const opening = services.handlers['library:model']({ modelId }).catch((e: unknown) => e);
    // Several MiB are on disk: the download is well under way.
    await waitFor(
      async () => (await partialBytes(ports.paths.temp)) > 4 * 1024 * 1024 || undefined,
      'the model download to be writing',
    );

    await services.close();
    expect(model.state.cancelled, 'the download stream was stopped').toBe(true);
    expect(await readdir(ports.paths.temp), 'no partial file left').toEqual([]);
    expect(await opening).toBeInstanceOf(CancelledError);
    const cache = await readdir(ports.paths.cache).catch(() => [] as string[]);
    expect(cache.filter((n) => n.endsWith('.glb'))).toEqual([]);

    // Removed at once, with no retry; nothing of the core writes into it again.
    await rm(dataDir, { recursive: true });
    const chunks = model.state.chunks;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(dataDir), 'the data folder stays removed').toBe(false);
    expect(model.state.chunks).toBe(chunks);
    // Closing again is the same close.
    await expect(services.close()).resolves.toBeUndefined();
  });
});
