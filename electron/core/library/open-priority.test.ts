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
import type { SchedulerEvent } from '../schedule/request-scheduler';
import { createServices } from '../services';
import { testPorts } from '../testing/harness';

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
