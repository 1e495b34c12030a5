/**
 * Persistence with `dataDir`: state and files survive a restart; interrupted work resumes.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedGenerator, type Generator } from './generation';
import { generateFromPhoto } from '../generate';
import { createSandbox } from '../sandbox';
import { finishTask, photo, photoForm, startService } from '../testing/test-support';

const AUTH = { Authorization: 'Bearer sk-test-1' };

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiln-sandbox-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('closes after the requests it is answering: nothing lands in the folder after it', async () => {
    const dataDir = tempDir();
    const sandbox = createSandbox({ dataDir, keys: ['sk-test-1'], taskSeconds: 0 });
    const balance = () =>
      sandbox.handle(new Request('http://sandbox/api/platform/balance', { headers: AUTH }));
    expect((await balance()).status).toBe(200);
    // An upload whose body is still arriving when the sandbox is asked to close.
    const form = new Response(photoForm(photo('coffee.png'), 'mug.png'));
    const bytes = new Uint8Array(await form.arrayBuffer());
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        controller.enqueue(bytes);
        controller.close();
      },
    });
    let answered = false;
    const upload = sandbox
      .handle(
        new Request('http://sandbox/generate/cloud/fast?poly_count=10000', {
          method: 'POST',
          headers: { ...AUTH, 'content-type': form.headers.get('content-type')! },
          body,
          duplex: 'half',
        } as RequestInit),
      )
      .finally(() => {
        answered = true;
      });
    await sandbox.close();
    expect(answered).toBe(true);
    expect((await upload).status).toBe(200);
    // A request that comes while closing is refused, and writes nothing.
    expect((await balance()).status).toBe(503);
  });

  it('keeps balance, ledger, library, files, concepts and jobs across a restart', async () => {
    const dataDir = tempDir();
    const first = await startService({ dataDir, websiteModels: 2 });
    const start = await first.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
      method: 'POST',
      body: photoForm(photo('coffee.png'), 'mug.png'),
    });
    const modelId = (await finishTask(first, start.body.task_id as string)).model_id as string;
    const concept = await first.json('/generate/text/imagine', {
      method: 'POST',
      body: JSON.stringify({ prompt: 'a vase' }),
    });
    await first.json(`/model/${modelId}/export?format=stl`);
    await first.sandbox.idle();
    const ledger = first.sandbox.ledger();
    const balance = first.sandbox.balance();
    const libraryTotal = (await first.json('/library')).body.total;
    await first.close();
    expect(readdirSync(dataDir).sort()).toEqual(['files', 'state.json']);

    const second = await startService({ dataDir, websiteModels: 2 });
    try {
      expect(second.sandbox.balance()).toBe(balance);
      expect(second.sandbox.ledger()).toEqual(ledger);
      // Seeding happens once, not on every start.
      expect((await second.json('/library')).body.total).toBe(libraryTotal);
      const model = await second.json(`/model/${modelId}`);
      expect(model.body.name).toBe('mug');
      const glb = await second.call(model.body.url as string);
      expect(glb.status).toBe(200);
      expect((await glb.arrayBuffer()).byteLength).toBe(model.body.file_size);
      // URLs carry the origin they were answered from; the path stays valid on the new server.
      expect((await second.call(new URL(concept.body.image_url as string).pathname)).status).toBe(
        200,
      );
      // The export was kept; its old link points at the old server, a call gives a fresh one.
      const job = await second.json(`/model/${modelId}/export?format=stl`);
      expect(job.body.status).toBe('ready');
      expect((await second.call(job.body.url as string)).status).toBe(200);
      expect(second.sandbox.ledger()).toHaveLength(ledger.length);
    } finally {
      await second.close();
    }
  });

  it('runs again the tasks a shutdown interrupted', async () => {
    const dataDir = tempDir();
    let calls = 0;
    const slow: Generator = async (bytes, options) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return generateFromPhoto(bytes, options);
    };
    const first = await startService({ dataDir }, { generator: slow });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await first.json(
        `/generate/cloud/fast?poly_count=10000&texture_size=1024&seed=${i}`,
        {
          method: 'POST',
          body: photoForm(photo('chelsea.png')),
        },
      );
      ids.push(res.body.task_id as string);
    }
    // Closing waits for the running generation and drops the queued one.
    await first.close();
    expect(calls).toBe(1);

    const second = await startService({ dataDir }, { generator: cachedGenerator() });
    try {
      for (const id of ids) expect((await finishTask(second, id)).status).toBe('done');
      expect(second.sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(2);
      expect(second.sandbox.ledger().filter((e) => e.type === 'refund')).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
