/** The taskbar/dock bar: mean progress of running jobs, indeterminate, or removed. */
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/ipc/contract';
import { INDETERMINATE, NO_PROGRESS, taskbarState } from './taskbar-progress';

const job = (state: JobView['state'], progress?: number) => ({
  state,
  ...(progress !== undefined ? { progress } : {}),
});

describe('taskbarState', () => {
  it('removes the bar when nothing runs (waiting in Kiln or finished jobs do not count)', () => {
    expect(taskbarState([])).toEqual({ progress: NO_PROGRESS, running: 0 });
    expect(
      taskbarState([job('waiting'), job('done', 100), job('failed'), job('cancelled')]),
    ).toEqual({ progress: NO_PROGRESS, running: 0 });
  });

  it('is indeterminate while jobs run without reporting progress', () => {
    expect(taskbarState([job('starting'), job('queued')])).toEqual({
      progress: INDETERMINATE,
      running: 2,
    });
  });

  it('shows the mean of the running jobs, a silent one counting as 0, clamped to 0–1', () => {
    expect(taskbarState([job('processing', 50), job('processing', 100)]).progress).toBe(0.75);
    expect(taskbarState([job('processing', 60), job('queued')])).toEqual({
      progress: 0.3,
      running: 2,
    });
    expect(taskbarState([job('downloading', 140), job('processing', -5)]).progress).toBe(0.5);
    expect(taskbarState([job('processing', Number.NaN)]).progress).toBe(INDETERMINATE);
  });
});
