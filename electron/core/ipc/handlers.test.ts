/**
 * Every IPC channel, through `dispatch` (the only way in), against the sandbox: each answers
 * inside its contract schema. The input table is keyed by channel, so a channel added to the
 * contract without a test here fails to type-check.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, type Channel } from '../../../shared/ipc/channels';
import type { JobView } from '../../../shared/ipc/contract';
import { dispatch } from '../../../shared/ipc/dispatch';
import { createSandbox, serveSandbox, type Sandbox } from '../../sandbox';
import { createServices, type Services } from '../services';
import { FAST_POLLING, testPorts, waitFor } from '../testing/harness';

const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'photos');
const KEY = 'sk-ipc-test-000001';
let work: string;
let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let services: Services;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-ipc-'));
  sandbox = createSandbox({
    keys: [KEY],
    // Long enough that the first job holds the only slot while the others are tried.
    taskSeconds: 3,
    jobSeconds: 0,
    seedModels: 1,
    requestsPerMinute: 10_000,
  });
  server = await serveSandbox(sandbox, { port: 0 });
  await sandbox.ready();
  const { ports } = testPorts({ dataDir: path.join(work, 'data'), baseUrl: server.url, key: KEY });
  services = await createServices(ports, { ...FAST_POLLING, requestBudget: 10_000 });
});
afterAll(async () => {
  await services.close();
  await server.close();
  await sandbox.close();
  // Retries: a journal or cache write of the closing core may still be landing in the folder.
  await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

async function call<T>(channel: Channel, input: unknown): Promise<T> {
  const result = await dispatch(services.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('every IPC channel', () => {
  it('answers within its contract', async () => {
    const photo = path.join(work, 'coffee.png');
    await copyFile(path.join(PHOTOS, 'coffee.png'), photo);
    const staged = await call<{ id: string }>('files:stagePath', { path: photo });
    const second = path.join(work, 'chelsea.png');
    await copyFile(path.join(PHOTOS, 'chelsea.png'), second);
    const view2 = await call<{ id: string }>('files:stagePath', { path: second });
    const models = await call<{ items: Array<{ modelId: string }> }>('library:list', { limit: 5 });
    const modelId = models.items[0]!.modelId;
    const concept = await call<{ conceptId: string }>('concepts:imagine', {
      prompt: 'a paper lantern',
      style: 'lowpoly',
    });
    await services.settings.set({ maxConcurrentJobs: 1 });
    const small = { polyCount: 10_000, textureSize: 1024 };
    const photoJob = await call<JobView>('jobs:startPhoto', {
      fileId: staged.id,
      tier: 'fast',
      options: small,
    });
    // Capacity 1: this one waits, so it can be cancelled and then retried.
    const multiJob = await call<JobView>('jobs:startMulti', {
      fileIds: [staged.id, view2.id],
      tier: 'fast',
      options: small,
    });

    const recording = await call<{ recordingId: string }>('recordings:start', {
      fileName: 'turntable.webm',
      folder: path.join(work, 'out'),
    });

    const inputs: Record<Channel, () => unknown> = {
      'app:info': () => undefined,
      'files:stagePath': () => ({ path: photo }),
      'jobs:startPhoto': () => ({ fileId: staged.id, tier: 'fast', options: small }),
      'jobs:startMulti': () => ({ fileIds: [staged.id, view2.id], tier: 'fast', options: small }),
      'jobs:startText': () => ({
        conceptId: concept.conceptId,
        tier: 'fast',
        options: small,
        label: 'lantern',
      }),
      'jobs:retexture': () => ({ modelId, fileId: view2.id, textureSize: 1024 }),
      'jobs:list': () => undefined,
      'jobs:cancel': () => ({ jobId: multiJob.id }),
      'jobs:retry': () => ({ jobId: multiJob.id }),
      'jobs:resolveUnknown': () => ({ jobId: photoJob.id, resolution: 'dismiss' }),
      'concepts:imagine': () => ({ prompt: 'a tin robot' }),
      'ops:run': () => ({
        modelId,
        op: { kind: 'print', format: 'stl' },
        folder: path.join(work, 'out'),
      }),
      'batch:quote': () => ({
        selection: { kind: 'ids', ids: [modelId] },
        op: { kind: 'print', format: 'stl' },
        folder: path.join(work, 'batch'),
      }),
      'batch:start': () => ({
        selection: { kind: 'ids', ids: [modelId] },
        op: { kind: 'print', format: 'stl' },
        folder: path.join(work, 'batch'),
      }),
      // The batch batch:start made (channels run in the contract's order).
      'batch:pause': () => ({ batchId: services.batches.list()[0]!.id }),
      'batch:resume': () => ({ batchId: services.batches.list()[0]!.id }),
      'batch:cancel': () => ({ batchId: services.batches.list()[0]!.id }),
      'batch:list': () => undefined,
      'library:list': () => ({
        search: 'a',
        group: 'family',
        hasVersions: false,
        includeRemesh: true,
        page: 1,
        limit: 10,
      }),
      'library:model': () => ({ modelId }),
      'library:versions': () => ({ rootId: modelId, name: 'a', expected: 1 }),
      'library:thumbnail': () => ({ modelId }),
      'library:thumbnailsInView': () => ({ modelIds: [modelId] }),
      'library:cacheInfo': () => undefined,
      'library:clearCache': () => undefined,
      'account:balance': () => undefined,
      'account:prices': () => undefined,
      'account:ledger': () => undefined,
      'keys:get': () => undefined,
      'keys:set': () => ({ key: KEY }),
      'keys:test': () => ({}),
      'keys:remove': () => undefined,
      'settings:get': () => undefined,
      'settings:set': () => ({ maxConcurrentJobs: 5 }),
      'keys:activate': () => ({ id: null }),
      'account:exportLedger': () => ({ type: 'charge' }),
      'app:openExternal': () => ({ url: 'https://platform.invalid/' }),
      'files:chooseFolder': () => undefined,
      'ops:preview': () => ({ jobId: multiJob.id }),
      'ops:repeat': () => ({ modelId, op: { kind: 'print', format: 'stl' } }),
      'sandbox:buildFailures': () => undefined,
      'sandbox:setBuildFailures': () => ({ shares: { rig: 0.5 } }),
      // The model is in the cache since library:model, so these need no connection.
      'files:dragSource': () => ({ modelId }),
      'files:showInFolder': () => ({ modelId }),
      'app:takeOpenRequests': () => undefined,
      'updates:get': () => undefined,
      'updates:check': () => undefined,
      'updates:install': () => ({ when: 'quit' }),
      'app:takeNotices': () => undefined,
      // The active key, at the address it was added for: nothing to confirm.
      'keys:confirmOrigin': () => ({ id: services.keys.state().activeId ?? 'none' }),
      'recordings:start': () => ({ fileName: 'turntable.gif', folder: path.join(work, 'out') }),
      'recordings:append': () => ({ recordingId: recording.recordingId, data: 'GkXfow==' }),
      'recordings:finish': () => ({ recordingId: recording.recordingId }),
      // Saved already: cancelling it changes nothing.
      'recordings:cancel': () => ({ recordingId: recording.recordingId }),
    };
    const outcomes: Record<string, string> = {};
    // In order: cancel before retry, resolveUnknown (refused: the job's outcome is known) before
    // keys:remove, which switches the core away from this service.
    // Key changes switch the core to another connection: they go last, after every channel that
    // needs this one (CHANNELS grows by appending, so its order alone cannot promise that).
    const keyChannels = new Set<Channel>(['keys:set', 'keys:remove', 'keys:activate']);
    const ordered = [
      ...CHANNELS.filter((c) => !keyChannels.has(c)),
      ...CHANNELS.filter((c) => keyChannels.has(c)),
    ];
    for (const channel of ordered) {
      // The key may only change while no paid call is on its way (that answer is `busy`).
      if (channel === 'keys:set' || channel === 'keys:remove') {
        await waitFor(() => services.jobs.busy() === 0, 'paid calls to be answered');
      }
      const result = await dispatch(services.handlers, channel, inputs[channel]());
      outcomes[channel] = result.ok ? 'ok' : result.error.code;
    }
    expect(outcomes).toEqual({
      ...Object.fromEntries(CHANNELS.map((c) => [c, 'ok'])),
      'jobs:resolveUnknown': 'not_unknown',
      // No folder picker in plain Node; a generation has no saved GLB to show.
      'files:chooseFolder': 'not_available',
      'ops:preview': 'not_previewable',
      // This test runs live: the build-failure trigger is a setting of the sandbox only.
      'sandbox:buildFailures': 'not_sandbox',
      'sandbox:setBuildFailures': 'not_sandbox',
    });
  });
});
