/**
 * The job store shows only what survives a kill: a change is in `views()` (what `jobs.list`
 * answers) and reported once the journal holds it, never while its write is under way, so a
 * state read from Kiln is a state a restart comes back to.
 */
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/ipc/contract';
import type { JobJournal } from './job-journal';
import type { JobRecord } from './job-record';
import { JobStore } from './job-store';
import { photoJobRecord } from '../testing/job-records';
import { JOB_NOTES } from '../../../shared/job-notes';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A journal whose writes finish only when the test lets them; `disk` is what the last wrote. */
function gatedJournal() {
  const gates: Array<() => void> = [];
  const state = { disk: [] as readonly JobRecord[] };
  const journal = {
    save: (jobs: readonly JobRecord[]) =>
      new Promise<void>((resolve) =>
        gates.push(() => {
          state.disk = jobs;
          resolve();
        }),
      ),
  } as unknown as JobJournal;
  const release = async () => {
    while (gates.length > 0) gates.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { journal, state, release };
}

/** A store over `journal` with one job, sent (journaled as dispatched), and what it reports. */
function storeWithJob(journal: JobJournal) {
  const reported: JobView[] = [];
  const store = new JobStore({
    journal,
    emit: () => {},
    logger: quiet,
    onJobChanged: (v) => void reported.push(v),
  });
  store.adopt([photoJobRecord({ dispatched: true })]);
  return { store, reported };
}

describe('JobStore', () => {
  it('shows a durable change only once the journal holds it', async () => {
    const { journal, state, release } = gatedJournal();
    const { store, reported } = storeWithJob(journal);
    expect(store.views().map((v) => v.state)).toEqual(['starting']);

    const note = JOB_NOTES.rateLimited;
    const updated = store.update('j1', { dispatched: false, view: { note } });
    await new Promise((r) => setImmediate(r));
    // The write is under way: the journal still says "dispatched", so Kiln must not say otherwise.
    expect(state.disk).toEqual([]);
    expect(store.views()[0]!.note).toBeUndefined();
    expect(reported).toEqual([]);
    // The runner sees its own change at once (it decides the next step from it).
    expect(store.get('j1')!.dispatched).toBe(false);

    await release();
    await updated;
    expect(state.disk[0]!.dispatched).toBe(false);
    expect(store.views()[0]!.note).toEqual(note);
    expect(reported.map((v) => v.note)).toEqual([note]);
  });

  it('reports a progress change behind a durable one still being written, never before it', async () => {
    const { journal, release } = gatedJournal();
    const { store, reported } = storeWithJob(journal);
    const durable = store.update('j1', { view: { state: 'processing' } });
    const progress = store.update('j1', { view: { progress: 40 } }, false);
    await new Promise((r) => setImmediate(r));
    expect(reported).toEqual([]);
    expect(store.views()[0]!.state).toBe('starting');
    await release();
    await Promise.all([durable, progress]);
    expect(reported.map((v) => [v.state, v.progress])).toEqual([
      ['processing', undefined],
      ['processing', 40],
    ]);
    expect(store.views()[0]).toMatchObject({ state: 'processing', progress: 40 });
  });
});
