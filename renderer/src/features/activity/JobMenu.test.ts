import { describe, expect, it } from 'vitest';
import type { FileRef, JobView } from '../../../../shared/ipc/contract';
import type { MenuItem } from '../../ui/ContextMenu';
import { jobMenuItems, type JobMenuActions } from './JobMenu';

const job = (over: Partial<JobView>): JobView => ({
  id: 'job-42',
  kind: 'photo',
  source: 'teapot.png',
  state: 'done',
  createdAt: 0,
  canCancel: false,
  canRetry: false,
  ...over,
});

/** Actions that record what ran; `fail` makes the named one refuse. */
function recorder(fail?: keyof JobMenuActions) {
  const ran: string[] = [];
  const reports: string[] = [];
  const step =
    (name: keyof JobMenuActions) =>
    async (arg: unknown): Promise<void> => {
      ran.push(`${name} ${typeof arg === 'string' ? arg : JSON.stringify(arg)}`);
      if (fail === name) throw new Error(`${name} refused`);
    };
  const actions: JobMenuActions = {
    openResult: (j: JobView) => step('openResult')(j.id),
    reveal: (ref: FileRef) => void step('reveal')(ref),
    cancel: step('cancel'),
    retry: step('retry'),
    copy: step('copy'),
    report: (message) => reports.push(message),
  };
  return { actions, ran, reports };
}

const items = (view: JobView, actions = recorder().actions) =>
  jobMenuItems(view, actions).filter((i): i is MenuItem => i !== 'separator');
const labels = (view: JobView) =>
  items(view).map((i) => `${i.label}${i.disabled ? ' (disabled)' : ''}`);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the Activity row’s menu', () => {
  it('offers a finished job’s result, its folder and its id', () => {
    expect(labels(job({ modelId: 'm1' }))).toEqual(['Open', 'Show in folder', 'Copy job ID']);
    expect(labels(job({ kind: 'rig', modelId: 'm2' }))[0]).toBe('Open rigged version');
    // A file the viewer cannot show (a zip): nothing to open, the folder still is.
    expect(labels(job({ kind: 'export', modelId: 'm1', savedPath: '/out/a.zip' }))).toEqual([
      'Open result (disabled)',
      'Show in folder',
      'Copy job ID',
    ]);
  });

  it('cancels a running job only where the row can, and says why not', () => {
    expect(labels(job({ state: 'waiting', canCancel: true }))).toEqual(['Cancel', 'Copy job ID']);
    const sent = items(job({ state: 'processing', canCancel: false }));
    expect(sent[0]).toMatchObject({ label: 'Cancel', disabled: true });
    expect(sent[0]!.title).toMatch(/can no longer be cancelled/);
  });

  it('retries only where the row’s Retry would (never an unknown outcome: that may pay twice)', () => {
    expect(labels(job({ state: 'failed', canRetry: true }))).toEqual(['Retry', 'Copy job ID']);
    expect(labels(job({ state: 'failed', canRetry: false }))).toEqual(['Copy job ID']);
    expect(labels(job({ state: 'outcome_unknown', canRetry: true }))).toEqual(['Copy job ID']);
  });

  it('runs the row’s own actions, and reports a refusal instead of dropping it', async () => {
    const ok = recorder();
    const done = job({ modelId: 'm1' });
    for (const item of items(done, ok.actions)) item.run();
    const running = job({ state: 'queued', canCancel: true });
    items(running, ok.actions)[0]!.run();
    await settle();
    expect(ok.ran).toEqual([
      'openResult job-42',
      'reveal {"jobId":"job-42"}',
      'copy job-42',
      'cancel job-42',
    ]);
    expect(ok.reports).toEqual([]);

    const refused = recorder('cancel');
    items(running, refused.actions)[0]!.run();
    const noClipboard = recorder('copy');
    items(done, noClipboard.actions).at(-1)!.run();
    await settle();
    expect(refused.reports).toEqual(['cancel refused']);
    expect(noClipboard.reports).toEqual(['The clipboard is not available: the job ID is job-42.']);
  });
});
