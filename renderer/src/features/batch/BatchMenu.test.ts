import { describe, expect, it } from 'vitest';
import type { BatchView, FileRef } from '../../../../shared/ipc/contract';
import type { MenuItem } from '../../ui/ContextMenu';
import { batchMenuItems, type BatchMenuActions } from './BatchMenu';

const batch = (state: BatchView['state']) => ({ id: 'b-7', state, folder: '/out/remeshes' });

/** Actions that record what ran; `fail` makes the named one refuse. */
function recorder(fail?: keyof BatchMenuActions) {
  const ran: string[] = [];
  const reports: string[] = [];
  const step =
    (name: keyof BatchMenuActions) =>
    async (arg: unknown): Promise<void> => {
      ran.push(`${name} ${typeof arg === 'string' ? arg : JSON.stringify(arg)}`);
      if (fail === name) throw new Error(`${name} refused`);
    };
  const actions: BatchMenuActions = {
    pause: step('pause'),
    resume: step('resume'),
    cancel: step('cancel'),
    reveal: (ref: FileRef) => void step('reveal')(ref),
    copy: step('copy'),
    report: (message) => reports.push(message),
  };
  return { actions, ran, reports };
}

const items = (b: ReturnType<typeof batch>, actions = recorder().actions) =>
  batchMenuItems(b, actions).filter((i): i is MenuItem => i !== 'separator');
const labels = (b: ReturnType<typeof batch>) => items(b).map((i) => i.label);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the batch row’s menu', () => {
  it('offers what the row offers in each state, then the folder', () => {
    expect(labels(batch('running'))).toEqual([
      'Pause',
      'Cancel the rest',
      'Show in folder',
      'Copy folder path',
    ]);
    expect(labels(batch('paused'))).toEqual([
      'Resume',
      'Cancel the rest',
      'Show in folder',
      'Copy folder path',
    ]);
    for (const state of ['done', 'cancelled'] as const) {
      expect(labels(batch(state))).toEqual(['Show in folder', 'Copy folder path']);
    }
  });

  it('runs the row’s own actions on this batch, and shows its CSV by the batch, not a path', async () => {
    const r = recorder();
    for (const item of items(batch('running'), r.actions)) item.run();
    for (const item of items(batch('paused'), r.actions)) item.run();
    await settle();
    expect(r.ran).toEqual([
      'pause b-7',
      'cancel b-7',
      'reveal {"batchId":"b-7"}',
      'copy /out/remeshes',
      'resume b-7',
      'cancel b-7',
      'reveal {"batchId":"b-7"}',
      'copy /out/remeshes',
    ]);
  });

  it('says why an action failed, and where the folder is when the clipboard refuses', async () => {
    const r = recorder('pause');
    items(batch('running'), r.actions)[0]!.run();
    const copy = recorder('copy');
    items(batch('done'), copy.actions)[1]!.run();
    await settle();
    expect(r.reports).toEqual(['pause refused']);
    expect(copy.reports).toEqual(['The clipboard is not available: the folder is /out/remeshes.']);
  });
});
