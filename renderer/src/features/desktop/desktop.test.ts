/**
 * The page's desktop logic: the DownloadURL a browser drag carries, and what the store does with
 * the things the desktop asks it to show (a file opened with Kiln, a clicked notification, a file
 * that could not be opened).
 */
import { describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { ModelView, OpenRequestView } from '../../../../shared/ipc/contract';
import { subscribeMainEvents } from '../../app/main-events';
import { createKilnStore } from '../../store/app-store';
import { dragData } from './drag-data';

describe('dragData', () => {
  const page = 'http://127.0.0.1:5317/';
  it('makes an absolute DownloadURL on the page origin from the one-time ticket, nothing else', () => {
    expect(
      dragData({ name: 'Tea: pot.glb', mime: 'model/gltf-binary', url: '/download/t1' }, page),
    ).toEqual({
      downloadUrl: 'model/gltf-binary:Tea_ pot.glb:http://127.0.0.1:5317/download/t1',
      href: 'http://127.0.0.1:5317/download/t1',
    });
  });

  it('gives nothing without a URL', () => {
    expect(dragData({ name: 'a.glb', mime: 'model/gltf-binary' }, page)).toBeUndefined();
  });
});

describe('desktop slice', () => {
  const local: ModelView = { modelId: 'local-1', name: 'cup', fileUrl: '/files/models/a.glb' };
  function setup(queue: OpenRequestView[][]) {
    const listeners = new Map<string, () => void>();
    const opened: string[] = [];
    const bridge = {
      on: (event: string, listener: () => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
      'app:takeOpenRequests': async () => queue.shift() ?? [],
      'library:model': async ({ modelId }: { modelId: string }) => {
        opened.push(modelId);
        return { modelId, name: `Model ${modelId}`, fileUrl: `/files/models/${modelId}.glb` };
      },
    } as unknown as Bridge;
    return { store: createKilnStore(bridge), bridge, listeners, opened };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('shows what waited at start, then whatever the desktop sends later', async () => {
    const { store, bridge, listeners, opened } = setup([
      [{ kind: 'local', model: local }],
      [{ kind: 'library', modelId: 'm-9' }],
      [{ kind: 'error', message: '“notes.glb” is not a glTF 2.0 binary model.' }],
    ]);
    // As the app starts: the events subscribed, then the shell takes what waited.
    const off = subscribeMainEvents(bridge, store);
    void store.getState().takeOpenRequests();
    await settle();
    expect(store.getState().model).toEqual(local);
    listeners.get('app.openModel')!();
    await settle();
    await settle();
    expect(opened).toEqual(['m-9']);
    expect(store.getState().model?.modelId).toBe('m-9');
    listeners.get('app.openModel')!();
    await settle();
    expect(store.getState().openError).toMatch(/notes\.glb/);
    expect(store.getState().model?.modelId).toBe('m-9');
    off();
    expect(listeners.size).toBe(0);
  });

  it('replaces a comparison and stale measurements when a local file opens', () => {
    const { store } = setup([]);
    store.setState({
      compareModel: local,
      modelStats: { modelId: 'x', triangles: 1, size: { x: 1, y: 1, z: 1 } },
      openError: 'old',
    });
    store.getState().applyOpenRequests([{ kind: 'local', model: local }]);
    expect(store.getState()).toMatchObject({
      model: local,
      compareModel: undefined,
      modelStats: undefined,
      openError: undefined,
    });
  });
});
