import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/ipc/contract';
import { formatTimeLeft, stagePhase, stripJobs, timeLeftMs } from './stage-logic';

const job = (over: Partial<JobView>): JobView => ({
  id: 'j',
  kind: 'photo',
  source: 'coffee.png',
  state: 'processing',
  createdAt: 0,
  canCancel: false,
  canRetry: false,
  ...over,
});

describe('the job stage', () => {
  it('strips the moving generations in the order they were started, not the tools', () => {
    const jobs = [
      job({ id: 'c', createdAt: 3 }),
      job({ id: 'op', kind: 'rig', createdAt: 4 }),
      job({ id: 'done', state: 'done', createdAt: 5 }),
      job({ id: 'a', createdAt: 1, state: 'waiting' }),
    ];
    expect(stripJobs(jobs, undefined).map((j) => j.id)).toEqual(['a', 'c']);
    // The staged job stays on the strip once it ended, so nothing moves under the pointer.
    expect(stripJobs(jobs, 'done').map((j) => j.id)).toEqual(['a', 'c', 'done']);
  });

  it('says working, opening, shown or ended', () => {
    const notShown = { modelId: undefined, ready: false };
    expect(stagePhase(job({ state: 'queued' }), notShown)).toBe('working');
    expect(stagePhase(job({ state: 'done', modelId: 'm' }), notShown)).toBe('opening');
    expect(stagePhase(job({ state: 'done', modelId: 'm' }), { modelId: 'm', ready: false })).toBe(
      'opening',
    );
    expect(stagePhase(job({ state: 'done', modelId: 'm' }), { modelId: 'm', ready: true })).toBe(
      'shown',
    );
    expect(stagePhase(job({ state: 'failed' }), notShown)).toBe('ended');
    expect(stagePhase(job({ state: 'outcome_unknown' }), notShown)).toBe('ended');
  });

  it('carries the rate so far to 100 %', () => {
    expect(timeLeftMs(job({ progress: 25 }), 1_000, 11_000)).toBe(30_000);
    expect(timeLeftMs(job({ progress: 1 }), 0, 10_000)).toBeUndefined();
    expect(timeLeftMs(job({ progress: undefined }), 0, 10_000)).toBeUndefined();
    expect(timeLeftMs(job({ state: 'done', progress: 50 }), 0, 10_000)).toBeUndefined();
  });

  it('words the time left as an artist reads it', () => {
    expect(formatTimeLeft(2_000)).toBe('almost done');
    expect(formatTimeLeft(37_000)).toBe('about 40 s left');
    expect(formatTimeLeft(170_000)).toBe('about 3 min left');
  });
});
