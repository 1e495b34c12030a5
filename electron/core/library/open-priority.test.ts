/**
 * Opening a model is the user's request: its record and its file go before thumbnails and polls
 * (and the pace never holds them), so Enter in the library does not wait behind a screen of
 * pictures (issue 27, library-workspace.spec.ts). A finished job's own fetch stays a download.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, serveSandbox, type Sandbox } from '../../sandbox';
import type { ApiClient } from '../api/client';
import type { RaisablePriority, SchedulerEvent } from '../schedule/request-scheduler';
import { createServices } from '../services';
import { testPorts } from '../testing/harness';
import { atomicWritesSettled } from '../util/fs-atomic';
import { ModelCache } from './model-cache';

const KEY = 'sk-open-priority-01';
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let work: string;

beforeAll(async () => {
  sandbox = createSandbox({ keys: [KEY], balanceUsd: '10.00', seedModels: 3 });
  server = await serveSandbox(sandbox, { port: 0 });
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-open-priority-'));
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await rm(work, { recursive: true, force: true });
});

describe('opening a library model', () => {
  it("sends the model's record and file as the user's requests", async () => {
    const { ports } = testPorts({ dataDir: work, baseUrl: server.url, key: KEY, fetch });
    const events: SchedulerEvent[] = [];
    const services = await createServices(ports, { onSchedulerEvent: (e) => events.push(e) });
    try {
      const page = await services.handlers['library:list']({});
      const modelId = page.items[0]!.modelId;
      const before = events.length;
      const opened = await services.handlers['library:model']({ modelId });
      expect(opened.modelId).toBe(modelId);
      const sent = events.slice(before).filter((e) => e.type === 'sent');
      // The record, then the file (no redirect in the sandbox).
      expect(sent.map((e) => e.type === 'sent' && e.priority)).toEqual(['user', 'user']);
    } finally {
      await services.close();
    }
  });
});

describe('opening a model Kiln is already downloading for itself', () => {
  it("raises the download's waiting requests to the user's", async () => {
    const dir = path.join(work, 'raise');
    let answerRecord!: () => void;
    const asked: Array<{ call: string; priority: RaisablePriority }> = [];
    // The service's answers are held until the open has come, as while the pace holds them.
    const api = {
      async model(modelId: string, _signal: AbortSignal, priority: RaisablePriority) {
        asked.push({ call: 'model', priority });
        await new Promise<void>((go) => (answerRecord = go));
        return { model_id: modelId, name: 'Mug', url: 'https://files.test/mug.glb' };
      },
      async download(_url: string, _signal: AbortSignal, priority: RaisablePriority) {
        asked.push({ call: 'download', priority });
        return new Response(new Uint8Array([1, 2, 3]));
      },
    } as unknown as ApiClient;
    const cache = new ModelCache({
      api,
      paths: { data: dir, cache: path.join(dir, 'cache'), temp: path.join(dir, 'temp') },
    });
    const own = cache.ensure('m1');
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]!.priority.current).toBe('download');
    // The user opens it: one download, now the user's.
    const opened = cache.ensure('m1', 'user');
    expect(asked[0]!.priority.current).toBe('user');
    answerRecord();
    expect((await opened).file).toBe((await own).file);
    expect(asked.map((a) => [a.call, a.priority.current])).toEqual([
      ['model', 'user'],
      ['download', 'user'],
    ]);
    // The cache's index is written after the download: let it land before the folder goes.
    await atomicWritesSettled();
  });
});
