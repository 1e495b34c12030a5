/**
 * Which finished jobs become desktop notices: transitions into done/failed, once per job, only in
 * the background, generations and long post-processing only, several at once as one notice.
 */
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/ipc/contract';
import { FakeClock } from '../testing/fake-clock';
import { testLanguage } from '../testing/main-language';
import { JobNotices, noticeFor, type JobNotice } from './job-notices';

function setup(start = 1_000_000) {
  const clock = new FakeClock(start);
  const shown: JobNotice[] = [];
  const state = { focused: false };
  const notices = new JobNotices({
    clock,
    focused: () => state.focused,
    notify: (n) => shown.push(n),
    say: testLanguage().say,
  });
  return { clock, shown, state, notices };
}

let n = 0;
function view(patch: Partial<JobView> & Pick<JobView, 'state'>): JobView {
  return {
    id: `job-${++n}`,
    kind: 'photo',
    source: 'coffee.png',
    createdAt: 1_000_000,
    canCancel: false,
    canRetry: false,
    ...patch,
  };
}

describe('JobNotices', () => {
  it('tells once when a generation finishes in the background, with the model to open', async () => {
    const { clock, shown, notices } = setup();
    const running = view({ state: 'processing', progress: 40 });
    notices.observe(running);
    const done = { ...running, state: 'done' as const, modelId: 'm-1', finishedAt: clock.now() };
    notices.observe(done);
    notices.observe(done); // the same state again (a note changed): no second notice
    await clock.advance(1500);
    expect(shown).toEqual([
      {
        title: 'Ready: coffee.png',
        body: 'Click to open the model in Kiln.',
        modelId: 'm-1',
        jobIds: [running.id],
      },
    ]);
    notices.observe({ ...done, state: 'processing' });
    notices.observe(done);
    await clock.advance(5000);
    expect(shown).toHaveLength(1);
  });

  it('says nothing for jobs that finish while Kiln is focused, or once the user is back', async () => {
    const { clock, shown, state, notices } = setup();
    state.focused = true;
    notices.observe(view({ state: 'queued' }));
    notices.observe(view({ state: 'done', finishedAt: clock.now() }));
    state.focused = false;
    const later = view({ state: 'failed', finishedAt: clock.now() });
    notices.observe(later);
    state.focused = true; // back before the burst ended
    await clock.advance(2000);
    expect(shown).toEqual([]);
  });

  it('coalesces a burst of finished jobs into one notice', async () => {
    const { clock, shown, notices } = setup();
    const jobs = [
      view({ state: 'done', modelId: 'a', finishedAt: clock.now() }),
      view({ state: 'failed', finishedAt: clock.now(), error: { code: 'x', message: 'No.' } }),
      view({ state: 'done', modelId: 'c', finishedAt: clock.now() }),
    ];
    for (const job of jobs) {
      notices.observe(job);
      await clock.advance(400);
    }
    await clock.advance(1500);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: '3 jobs finished',
      body: '2 ready, 1 failed. Click to open the latest model.',
      modelId: 'c',
    });
  });

  it('skips jobs already finished before this run, and quick post-processing jobs', async () => {
    const { clock, shown, notices } = setup();
    notices.seed([view({ id: 'old', state: 'processing' })]);
    notices.observe(view({ state: 'done', finishedAt: clock.now() - 60_000 }));
    notices.observe(
      view({
        kind: 'export',
        state: 'done',
        createdAt: clock.now() - 2000,
        finishedAt: clock.now(),
      }),
    );
    await clock.advance(2000);
    expect(shown).toEqual([]);
    notices.observe(
      view({
        kind: 'rig',
        source: 'Rig (humanoid) of m-1',
        state: 'done',
        createdAt: clock.now() - 30_000,
        finishedAt: clock.now(),
        savedPath: '/exports/m-1-rig.glb',
      }),
    );
    notices.observe(view({ id: 'old', state: 'done', finishedAt: clock.now() }));
    await clock.advance(2000);
    expect(shown.map((s) => s.title)).toEqual(['2 jobs finished']);
  });

  it('stops a pending notice when closed', async () => {
    const { clock, shown, notices } = setup();
    notices.observe(view({ state: 'done', finishedAt: clock.now() }));
    notices.close();
    await clock.advance(5000);
    expect(shown).toEqual([]);
  });
});

describe('noticeFor', () => {
  const { say } = testLanguage();

  it('names a failure with its reason, and a saved export by its path', () => {
    const failed = view({ state: 'failed', error: { code: 'e', message: 'Refunded $0.40.' } });
    expect(noticeFor([failed], say)).toMatchObject({
      title: 'Failed: coffee.png',
      body: 'Refunded $0.40.',
    });
    const saved = view({ kind: 'export', state: 'done', savedPath: '/x/cup.stl', modelId: 'm' });
    expect(noticeFor([saved], say).body).toBe('Saved as /x/cup.stl. Click to open the model.');
    expect(noticeFor([failed, { ...failed, id: 'other' }], say).body).toBe(
      '2 failed. Open Kiln’s Activity list for details.',
    );
    const ready = view({ state: 'done', modelId: 'm2' });
    expect(noticeFor([ready, failed], say)).toMatchObject({
      title: '2 jobs finished',
      body: '1 ready, 1 failed. Click to open the latest model.',
    });
  });

  it('speaks French when the OS does, the job’s name and counts in place', () => {
    const { say: fr } = testLanguage(['fr-FR', 'en-US']);
    const ready = view({ state: 'done', modelId: 'm' });
    expect(noticeFor([ready], fr)).toEqual({
      title: 'Prêt : coffee.png',
      body: 'Cliquez pour ouvrir le modèle dans Kiln.',
      modelId: 'm',
      jobIds: [ready.id],
    });
    const failed = view({ state: 'failed' });
    expect(noticeFor([ready, { ...ready, id: 'again' }, failed], fr)).toMatchObject({
      title: '3 tâches terminées',
      body: '2 prêtes, 1 en échec. Cliquez pour ouvrir le dernier modèle.',
    });
  });
});
