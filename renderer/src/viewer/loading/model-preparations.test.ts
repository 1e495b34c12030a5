import { Group, Mesh, BoxGeometry, MeshBasicMaterial } from 'three';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelSource } from '../sources/dropped-files';
import type { LoadProgress, PrepareModelOptions, PreparedModel } from './load-model';
import { ModelPreparations } from './model-preparations';

/** Every prepareModel call: its URL, options and a way to finish it. */
const calls: Array<{
  url: string;
  options: PrepareModelOptions;
  finish(): PreparedModel;
  fail(error: unknown): void;
}> = [];

vi.mock('./load-model', () => ({
  prepareModel: (url: string, options: PrepareModelOptions) =>
    new Promise<PreparedModel>((resolve, reject) => {
      const root = new Group();
      root.add(new Mesh(new BoxGeometry(), new MeshBasicMaterial()));
      const prepared = { root, clips: [], url, bytes: 10 };
      calls.push({
        url,
        options,
        finish: () => (resolve(prepared), prepared),
        fail: reject,
      });
      options.signal.addEventListener('abort', () =>
        reject(new DOMException('superseded', 'AbortError')),
      );
    }),
}));

const source = (name: string): ModelSource => ({
  key: `blob:${name}`,
  url: `blob:${name}`,
  name,
  local: true,
});

/** Counts geometry disposals under `root`. */
function disposals(root: Group): { count: number } {
  const seen = { count: 0 };
  root.traverse((o) => {
    const mesh = o as Mesh;
    mesh.geometry?.addEventListener('dispose', () => seen.count++);
  });
  return seen;
}

beforeEach(() => {
  calls.length = 0;
});

describe('ModelPreparations', () => {
  it('downloads a model once: the canvas takes over what the viewer started', async () => {
    const preparations = new ModelPreparations();
    const a = source('a.glb');
    preparations.start(a);
    preparations.start(a);
    const taken = preparations.take(a, new AbortController().signal);
    expect(calls).toHaveLength(1);
    const prepared = calls[0]!.finish();
    await expect(taken.result).resolves.toBe(prepared);
  });

  it('hands the progress so far, then each update, to the taker', () => {
    const preparations = new ModelPreparations();
    const a = source('a.glb');
    preparations.start(a);
    const early: LoadProgress = { stage: 'download', loaded: 5, total: 10 };
    calls[0]!.options.onProgress!(early);
    const seen: LoadProgress[] = [];
    const stop = preparations.take(a, new AbortController().signal).onProgress((p) => seen.push(p));
    const later: LoadProgress = { stage: 'decode', loaded: 10, total: 10 };
    calls[0]!.options.onProgress!(later);
    stop();
    calls[0]!.options.onProgress!({ stage: 'upload', loaded: 10, total: 10 });
    expect(seen).toEqual([early, later]);
  });

  it('aborts a preparation nobody took once the viewer moves on, and frees what it parsed', async () => {
    const preparations = new ModelPreparations();
    preparations.start(source('a.glb'));
    preparations.start(source('b.glb'));
    const prepared = calls[0]!.finish();
    const freed = disposals(prepared.root);
    preparations.keepOnly(['blob:b.glb']);
    await Promise.resolve();
    await Promise.resolve();
    expect(freed.count).toBe(1);
    expect(calls[1]!.options.signal.aborted).toBe(false);
    preparations.keepOnly([]);
    expect(calls[1]!.options.signal.aborted).toBe(true);
  });

  it('leaves a taken preparation to its taker, whose signal aborts it', async () => {
    const preparations = new ModelPreparations();
    const a = source('a.glb');
    preparations.start(a);
    const taker = new AbortController();
    const taken = preparations.take(a, taker.signal);
    preparations.keepOnly([]);
    expect(calls[0]!.options.signal.aborted).toBe(false);
    taker.abort();
    await expect(taken.result).rejects.toThrow(/superseded/);
  });

  it('prepares a second copy when the same model is taken twice (A and B in compare)', () => {
    const preparations = new ModelPreparations();
    const a = source('a.glb');
    preparations.take(a, new AbortController().signal);
    preparations.take(a, new AbortController().signal);
    expect(calls).toHaveLength(2);
  });

  it('keeps a failed preparation quiet until its taker reads the error', async () => {
    const preparations = new ModelPreparations();
    const a = source('broken.glb');
    preparations.start(a);
    calls[0]!.fail(new Error('not glTF'));
    await Promise.resolve();
    await expect(preparations.take(a, new AbortController().signal).result).rejects.toThrow(
      'not glTF',
    );
  });
});
