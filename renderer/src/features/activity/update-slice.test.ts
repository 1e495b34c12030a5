import { describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { UpdateView } from '../../../../shared/ipc/contract';
import { subscribeMainEvents } from '../../app/main-events';
import { createKilnStore } from '../../store/app-store';

/** A bridge with only what the update slice uses; events are delivered by the test. */
function fakeBridge() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const calls: Array<[string, unknown]> = [];
  let waiting = [{ id: '1', level: 'warning' as const, message: 'reloaded', at: 1 }];
  const view: UpdateView = { state: 'ready', current: '1.0.0', version: '1.1.0', install: 'quit' };
  const bridge = {
    on: (event: string, fn: (payload: unknown) => void) => {
      listeners.set(event, fn);
      return () => listeners.delete(event);
    },
    'updates:get': async () => view,
    'updates:check': async () => view,
    'updates:install': async (input: unknown) => {
      calls.push(['updates:install', input]);
      return { ...view, install: 'now' as const, waitingFor: 1 };
    },
    'app:takeNotices': async () => waiting.splice(0),
  } as unknown as Bridge;
  return {
    bridge,
    calls,
    push: (event: string, payload: unknown) => listeners.get(event)?.(payload),
    more: () => (waiting = [{ id: '2', level: 'info', message: 'again', at: 2 }] as never),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('update slice', () => {
  it('loads the update state, follows its events and asks to install', async () => {
    const fake = fakeBridge();
    const store = createKilnStore(fake.bridge);
    const off = subscribeMainEvents(fake.bridge, store);
    await store.getState().loadUpdate();
    expect(store.getState().update).toMatchObject({ state: 'ready', version: '1.1.0' });
    fake.push('updates.updated', { state: 'downloading', current: '1.0.0', percent: 30 });
    expect(store.getState().update).toMatchObject({ state: 'downloading', percent: 30 });
    await store.getState().installUpdate('now');
    expect(fake.calls).toEqual([['updates:install', { when: 'now' }]]);
    expect(store.getState().update).toMatchObject({ install: 'now', waitingFor: 1 });
    off();
  });

  it('takes notices once, again when the main process says more wait, and dismisses them', async () => {
    const fake = fakeBridge();
    const store = createKilnStore(fake.bridge);
    subscribeMainEvents(fake.bridge, store);
    await store.getState().takeAppNotices();
    expect(store.getState().appNotices.map((n) => n.message)).toEqual(['reloaded']);
    fake.more();
    fake.push('app.notice', { pending: 1 });
    await settle();
    expect(store.getState().appNotices.map((n) => n.id)).toEqual(['1', '2']);
    store.getState().dismissAppNotice('1');
    expect(store.getState().appNotices.map((n) => n.id)).toEqual(['2']);
  });

  it('takes the page’s own notices beside main’s, each dismissed by its own id', async () => {
    const store = createKilnStore(fakeBridge().bridge);
    store.getState().addAppNotice('warning', 'The file is gone.');
    await store.getState().takeAppNotices();
    store.getState().addAppNotice('info', 'Find it at /tmp/a.glb.');
    const ids = store.getState().appNotices.map((n) => n.id);
    expect(new Set(ids).size).toBe(3);
    store.getState().dismissAppNotice(ids[0]!);
    expect(store.getState().appNotices.map((n) => n.message)).toEqual([
      'reloaded',
      'Find it at /tmp/a.glb.',
    ]);
  });
});

describe('the update slice in the store', () => {
  it('leaves the other slices’ actions alone (payment notices are still dismissed by job)', () => {
    // A slice spread over another one's name silently replaces it: the account's `dismissNotice`
    // once did, and the billing bar's notices could no longer be closed.
    const store = createKilnStore(fakeBridge().bridge);
    store.getState().dismissNotice('job-1');
    expect(store.getState().dismissedNotices).toEqual(['job-1']);
    store.getState().dismissAppNotice('1');
    expect(store.getState().dismissedNotices).toEqual(['job-1']);
  });
});
