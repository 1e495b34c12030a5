/**
 * The library service against the sandbox (in-process): rows marked cached once their model or
 * thumbnail is on disk, a family's versions found by name, the cache's size and clearing, and the
 * model cache's size limit.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { atomicWritesSettled } from '../util/fs-atomic';
import { createSandbox, type Sandbox } from '../../sandbox';
import { ApiClient } from '../api/client';
import { systemClock, type Paths } from '../ports';
import { CancelledError } from '../api/errors';
import { FakeClock } from '../testing/fake-clock';
import { RequestScheduler, WINDOW_EDGE_MARGIN_MS } from '../schedule/request-scheduler';
import { CACHE_FILE_PATTERN } from '../util/confined-path';
import { ImageCache } from './image-cache';
import { LibraryService } from './library-service';
import { ModelCache } from './model-cache';
import { ThumbnailCache } from './thumbnail-cache';
import { InFlight } from '../util/in-flight';

const KEY = 'sk-library-test';
const BASE = 'https://sandbox.library.invalid';
let sandbox: Sandbox;
let work: string;
let scheduler: RequestScheduler;
let api: ApiClient;

function setup(name: string, limitBytes?: number, mode?: () => string, client = api) {
  const api = client;
  const dir = path.join(work, name);
  const paths: Paths = {
    data: dir,
    cache: path.join(dir, 'cache'),
    temp: path.join(dir, 'tmp'),
  };
  const models = new ModelCache({
    api,
    paths,
    ...(limitBytes !== undefined ? { limitBytes: () => limitBytes } : {}),
    ...(mode ? { mode } : {}),
  });
  const thumbnails = new ThumbnailCache({
    api,
    images: new ImageCache({ api, paths, clock: systemClock }),
    paths,
    clock: systemClock,
  });
  const library = new LibraryService({
    api,
    models,
    thumbnails,
    cacheFileUrl: (file) => `/files/models/${file}`,
  });
  return { paths, models, library };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-library-'));
  sandbox = createSandbox({ keys: [KEY], baseUrl: BASE, seedModels: 40, seedFamilies: 3 });
  await sandbox.ready();
  scheduler = new RequestScheduler({ clock: systemClock, budget: 10_000 });
  api = new ApiClient({
    connection: {
      mode: 'sandbox',
      baseUrl: BASE,
      fetch: (input, init) => sandbox.fetch(new Request(input, init)),
      apiKey: async () => KEY,
    },
    clock: systemClock,
    scheduler,
  });
});

afterAll(async () => {
  scheduler.close();
  await sandbox.close();
  // Thumbnail indexes are written after their answers: let them land before the folder goes.
  await atomicWritesSettled();
  await rm(work, { recursive: true, force: true });
});

describe('library service', () => {
  it('marks rows whose model and thumbnail are on disk', async () => {
    const { library, models } = setup('marks');
    const page = await library.list({ limit: 5 });
    expect(page.total).toBeGreaterThan(40);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((r) => !r.cached && !r.thumbnailUrl)).toBe(true);
    const [first, second] = page.items;
    const thumb = await library.thumbnail(first!.modelId);
    expect(thumb.url).toMatch(/^\/files\/models\/[a-f0-9]{64}\.webp$/);
    expect(CACHE_FILE_PATTERN.test(thumb.url.split('/').pop()!)).toBe(true);
    await models.ensure(second!.modelId);
    const again = await library.list({ limit: 5 });
    expect(again.items[0]).toMatchObject({ modelId: first!.modelId, thumbnailUrl: thumb.url });
    expect(again.items[0]!.cached).toBeUndefined();
    expect(again.items[1]).toMatchObject({ modelId: second!.modelId, cached: true });
  });

  it('answers a thumbnail before its index reaches the disk; the close waits for that write, so a restart knows it', async () => {
    const { library, paths } = setup('index-after');
    const [row] = (await library.list({ limit: 1 })).items;
    const inFlight = new InFlight();
    const images = new ImageCache({ api, paths, clock: systemClock, inFlight });
    const file = await new ThumbnailCache({ api, images, paths, inFlight }).ensure(row!.modelId);
    await inFlight.close();
    const restarted = new ThumbnailCache({
      api,
      images: new ImageCache({ api, paths, clock: systemClock }),
      paths,
    });
    expect(await restarted.known(row!.modelId)).toBe(file);
  });

  it('lists every version of a family, oldest first, rig and parts included', async () => {
    const { library } = setup('versions');
    const families = await library.list({ group: 'family', hasVersions: true, limit: 10 });
    const top = families.items[0]!;
    const family = await library.versions({
      rootId: top.rootId!,
      name: top.name!,
      expected: top.versionsCount!,
    });
    expect(family.complete).toBe(true);
    expect(family.versions.map((v) => v.kind)).toEqual(['generation', 'retexture', 'rig', 'parts']);
    expect(family.versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect(family.versions.every((v) => v.rootId === top.rootId)).toBe(true);
    // The rig was made from the retexture; the parts from the original.
    const [root, retexture, rig, parts] = family.versions;
    expect(rig!.parentId).toBe(retexture!.modelId);
    expect(parts!.parentId).toBe(root!.modelId);
  });

  it('reports the disk the cache uses and clears it', async () => {
    const { library, models, paths } = setup('clear');
    const page = await library.list({ limit: 8 });
    for (const row of page.items.slice(0, 3)) await models.ensure(row.modelId);
    await library.thumbnail(page.items[0]!.modelId);
    const info = await library.cacheInfo();
    expect(info.models).toHaveLength(3);
    // Seeded models share a few files: each file counts once.
    const files = new Set((await readdir(paths.cache)).filter((f) => f.endsWith('.glb')));
    expect(info.modelBytes).toBeGreaterThan(0);
    expect(files.size).toBeLessThanOrEqual(3);
    expect(info.thumbnailCount).toBe(1);
    expect(info.models.find((m) => m.modelId === page.items[0]!.modelId)?.thumbnailUrl).toMatch(
      /\.webp$/,
    );
    expect(info).toMatchObject({ otherCount: 0, otherBytes: 0 });
    // A saved remesh copied in to be previewed, and a photo the browser host received.
    await writeFile(path.join(paths.cache, `${'a'.repeat(64)}.glb`), new Uint8Array(1000));
    await mkdir(path.join(paths.temp, 'uploads'), { recursive: true });
    await writeFile(path.join(paths.temp, 'uploads', 'photo-1'), new Uint8Array(300));
    expect(await library.cacheInfo()).toMatchObject({ otherCount: 2, otherBytes: 1300 });

    // While a job still has to send its photo, Clear keeps the upload (and says so).
    const kept = await library.clearCache({ keepUploads: true });
    expect(kept).toMatchObject({ models: [], thumbnailCount: 0, otherCount: 1, otherBytes: 300 });
    expect(await readdir(paths.cache)).toEqual([]);
    const cleared = await library.clearCache();
    expect(cleared).toMatchObject({
      models: [],
      modelBytes: 0,
      thumbnailCount: 0,
      thumbnailBytes: 0,
      otherCount: 0,
      otherBytes: 0,
    });
    expect(await readdir(paths.cache)).toEqual([]);
    expect(await readdir(path.join(paths.temp, 'uploads'))).toEqual([]);
    // A cleared model downloads again when opened.
    await models.ensure(page.items[0]!.modelId);
    expect((await library.cacheInfo()).models).toHaveLength(1);
  });

  it('keeps the model cache under its limit, least recently opened first', async () => {
    const { library, models } = setup('limit', 1);
    const page = await library.list({ limit: 6 });
    // Six consecutive seeded rows use six different files.
    for (const row of page.items.slice(0, 3)) await models.ensure(row.modelId);
    const info = await models.info();
    // Limit 1 byte: only the model just opened stays.
    expect(info.models.map((m) => m.modelId)).toEqual([page.items[2]!.modelId]);
  });

  it('lists only the models of the current mode, so the demo and live libraries never mix', async () => {
    let mode = 'sandbox';
    const { library, models } = setup('modes', undefined, () => mode);
    const page = await library.list({ limit: 2 });
    await models.ensure(page.items[0]!.modelId);
    mode = 'live';
    await models.ensure(page.items[1]!.modelId);
    expect((await models.info()).models.map((m) => m.modelId)).toEqual([page.items[1]!.modelId]);
    expect(await models.has(page.items[0]!.modelId)).toBe(false);
    mode = 'sandbox';
    expect((await models.info()).models.map((m) => m.modelId)).toEqual([page.items[0]!.modelId]);
  });

  it('cancels thumbnails of cards scrolled away before they are sent, finishes those sent; the cards in view go next', async () => {
    // A scheduler whose budget the test moves: 5 requests a minute, 1 kept from idle work.
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, budget: 5, idleReserve: 1 });
    const sent: string[] = [];
    // The first thumbnails sent are still on their way when the user scrolls on.
    let arrive!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrive = resolve));
    const client = new ApiClient({
      connection: {
        mode: 'sandbox',
        baseUrl: BASE,
        fetch: async (input, init) => {
          const request = new Request(input, init);
          // The one keyless try (answered 401 by the strict sandbox) is left out of `sent`, the
          // keyed requests; it did take its slot of the budget.
          if (!request.headers.has('authorization')) return sandbox.fetch(request);
          sent.push(request.url);
          if (request.url.endsWith('/thumbnail')) await inFlight;
          if (request.signal.aborted) throw new DOMException('aborted', 'AbortError');
          return sandbox.fetch(request);
        },
        apiKey: async () => KEY,
      },
      clock: systemClock,
      scheduler,
    });
    const { library } = setup('scrolled', undefined, undefined, client);
    const page = await library.list({ limit: 12 });
    const ids = page.items.map((r) => r.modelId);
    const thumbUrl = (id: string) => `${BASE}/files/models/${id}/thumbnail`;
    const settled = new Map<string, unknown>();
    const ask = (id: string) => {
      void library.thumbnail(id).then(
        (t) => settled.set(id, t),
        (error: unknown) => settled.set(id, error),
      );
    };

    // The first screen: 6 cards. The list and the keyless try took two slots, and the list (the
    // user's) keeps one more free for the user's next click: one goes at once.
    const first = ids.slice(0, 6);
    for (const id of first) ask(id);
    await vi.waitFor(() => expect(sent.filter((u) => u.includes('/thumbnail'))).toHaveLength(1));
    // The user scrolls on: the next screen is 6 other cards.
    const next = ids.slice(6, 12);
    library.thumbnailsInView(next);
    for (const id of next) ask(id);
    arrive();
    await vi.waitFor(() => expect(settled.size).toBe(6));
    for (const id of first.slice(1)) expect(settled.get(id)).toBeInstanceOf(CancelledError);
    // The one already sent cost its slot: it finishes and is kept, never bought again.
    expect(settled.get(first[0]!)).toMatchObject({ modelId: first[0] });
    const before = sent.length;
    await expect(library.thumbnail(first[0]!)).resolves.toMatchObject({ modelId: first[0] });
    expect(sent).toHaveLength(before);

    // As the budget frees (4 idle sends a minute here), only the cards in view are fetched.
    await clock.advance(60_000 + WINDOW_EDGE_MARGIN_MS);
    await vi.waitFor(() => expect(settled.size).toBe(10));
    await clock.advance(60_000 + WINDOW_EDGE_MARGIN_MS);
    await vi.waitFor(() => expect(settled.size).toBe(12));
    const thumbnails = sent.filter((u) => u.includes('/thumbnail'));
    for (const id of first.slice(1)) expect(thumbnails).not.toContain(thumbUrl(id));
    for (const id of next) expect(settled.get(id)).toMatchObject({ modelId: id });
  });
});

describe('thumbnail links: with the key or without, decided by the service’s answer', () => {
  /** A library on a sandbox that serves thumbnails `open` or strictly, and what it was sent. */
  async function on(openThumbnails: boolean) {
    const served = createSandbox({ keys: [KEY], baseUrl: BASE, seedModels: 6, openThumbnails });
    await served.ready();
    const counted = new RequestScheduler({ clock: systemClock, budget: 10_000, keepHistory: true });
    const requests: Array<{ path: string; key: boolean; status: number }> = [];
    const client = new ApiClient({
      connection: {
        mode: 'sandbox',
        baseUrl: BASE,
        fetch: async (input, init) => {
          const request = new Request(input, init);
          const answer = await served.fetch(request);
          requests.push({
            path: new URL(request.url).pathname,
            key: request.headers.has('authorization'),
            status: answer.status,
          });
          return answer;
        },
        apiKey: async () => KEY,
      },
      clock: systemClock,
      scheduler: counted,
    });
    const { library } = setup(`links-${openThumbnails}`, undefined, undefined, client);
    const page = await library.list({ limit: 3 });
    const thumbs = () => requests.filter((r) => r.path.endsWith('/thumbnail'));
    const close = async () => {
      counted.close();
      await served.close();
    };
    return { library, page, counted, thumbs, close };
  }

  it('a service that reads the contract strictly: one keyless try answered 401 (counted: it reached the service), then every thumbnail with the key, counted', async () => {
    const { library, page, counted, thumbs, close } = await on(false);
    const sentBefore = counted.history.length;
    for (const row of page.items) await library.thumbnail(row.modelId);
    expect(thumbs()).toEqual([
      expect.objectContaining({ key: false, status: 401 }),
      ...page.items.map(() => expect.objectContaining({ key: true, status: 200 })),
    ]);
    // The keyless try is a request like any other until an answer proves the links free.
    expect(counted.history.length - sentBefore).toBe(page.items.length + 1);
    await close();
  });

  it('a service that serves its thumbnail links to anyone: no key is sent, and once the first (counted) proves it they cost nothing', async () => {
    const { library, page, counted, thumbs, close } = await on(true);
    const sentBefore = counted.history.length;
    for (const row of page.items) await library.thumbnail(row.modelId);
    expect(thumbs()).toEqual(
      page.items.map(() => ({ path: expect.any(String), key: false, status: 200 })),
    );
    // Only the first, asked before anything proved the links open, went through the budget.
    expect(counted.history.length - sentBefore).toBe(1);
    await close();
  });
});
