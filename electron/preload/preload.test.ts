/**
 * The preload exposes one function per page channel (none that takes a path), `on` limited to
 * contract events,
 * `stageFile` passing a path, never bytes, and `startDrag` passing a job or model id, never a
 * path; nothing else.
 */
import { describe, expect, it, vi } from 'vitest';
import { DRAG_CHANNEL, EVENT_CHANNEL, PAGE_CHANNELS } from '../../shared/ipc/channels';
import { recorded } from '../testing/fake-electron';

vi.mock('electron', async () => (await import('../testing/fake-electron')).fakeElectron);
await import('./index');
const api = recorded.exposed.get('kiln')!;

describe('electron/preload', () => {
  it('exposes exactly the page channels, on, stageFile and startDrag: no channel taking a path', () => {
    expect(Object.keys(api).sort()).toEqual(
      [...PAGE_CHANNELS, 'on', 'stageFile', 'startDrag'].sort(),
    );
    expect(api['files:stagePath']).toBeUndefined();
  });

  it('starts a drag-out by reference on the drag channel', () => {
    (api['startDrag'] as (r: unknown) => void)({ jobId: 'job-1' });
    expect(recorded.invoked.at(-1)).toEqual({ channel: DRAG_CHANNEL, input: { jobId: 'job-1' } });
  });

  it('forwards a call to its channel', async () => {
    await (api['jobs:list'] as (i: unknown) => Promise<unknown>)(undefined);
    expect(recorded.invoked.at(-1)).toEqual({ channel: 'jobs:list', input: undefined });
  });

  it('stages a file by path', async () => {
    await (api['stageFile'] as (f: unknown) => Promise<unknown>)({ path: '/home/me/cup.jpg' });
    expect(recorded.invoked.at(-1)).toEqual({
      channel: 'files:stagePath',
      input: { path: '/home/me/cup.jpg' },
    });
  });

  it('delivers only the subscribed contract event and refuses unknown events', () => {
    const on = api['on'] as (e: string, cb: (p: unknown) => void) => () => void;
    expect(() => on('shell.exec', () => {})).toThrow(/Unknown event/);
    const got: unknown[] = [];
    const off = on('jobs.updated', (p) => got.push(p));
    const [forward] = recorded.rendererListeners.get(EVENT_CHANNEL)!;
    forward!({}, 'jobs.updated', { id: '1' });
    forward!({}, 'other.event', { id: '2' });
    expect(got).toEqual([{ id: '1' }]);
    off();
    expect(recorded.rendererListeners.get(EVENT_CHANNEL)).toHaveLength(0);
  });
});
