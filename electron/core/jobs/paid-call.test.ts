/**
 * The paid-call protocol on its own, with the call under the test's control: journaled as
 * dispatched right before it leaves, a proven refusal journaled as not sent before anything else,
 * an ambiguous failure recorded as unknown (never handed back as a plain failure), and a call held
 * while the connection changes never leaves on the old one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountService } from '../account/account-service';
import type { PaidCallHooks } from '../api/client';
import { CancelledError, PaymentError, ServerError } from '../api/errors';
import { FakeClock } from '../testing/fake-clock';
import { photoJobRecord } from '../testing/job-records';
import { JobJournal } from './job-journal';
import { JobStore } from './job-store';
import { PaidCallProtocol, type CallOutcome } from './paid-call';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-paid-call-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function setup() {
  const store = new JobStore({
    journal: new JobJournal(await mkdtemp(path.join(dir, 'data-')), quiet),
    emit: () => {},
    logger: quiet,
  });
  const unconfirmed: string[] = [];
  const account = {
    noteUnconfirmed: async (c: { jobId?: string }) => void unconfirmed.push(c.jobId ?? ''),
    noteBilling: async () => {},
  } as unknown as AccountService;
  const clock = new FakeClock();
  const protocol = new PaidCallProtocol({
    store,
    account,
    clock,
    logger: quiet,
    budgetPerMinute: 55,
    activePollers: () => 0,
    unknownMessage: () => 'Kiln cannot tell whether this was charged.',
    sentMessage: 'Already sent.',
  });
  const record = photoJobRecord();
  await store.add(record);
  const outcomes: Array<CallOutcome<string>> = [];
  const call = (send: (hooks: PaidCallHooks) => Promise<string>) =>
    protocol.call('j1', { paid: true, withdrawable: true }, send, async (outcome) => {
      outcomes.push(outcome);
    });
  return { store, protocol, call, outcomes, unconfirmed, clock };
}

describe('PaidCallProtocol', () => {
  it('journals a paid call as dispatched right before it leaves, and a refusal as not sent before anything else', async () => {
    const { store, call, outcomes } = await setup();
    const seen: boolean[] = [];
    const refusal = new PaymentError('insufficient_balance', 'Top up.', { status: 402 });
    await call(async (hooks) => {
      await hooks.onDispatch!();
      seen.push(store.get('j1')!.dispatched);
      await hooks.onRefused!(refusal);
      seen.push(store.get('j1')!.dispatched);
      throw refusal;
    });
    expect(seen).toEqual([true, false]);
    expect(outcomes).toEqual([{ kind: 'failed', error: refusal }]);
  });

  it('records a paid call whose outcome is open as unknown: never sent again, never a plain failure', async () => {
    const { store, call, outcomes, unconfirmed } = await setup();
    await call(async (hooks) => {
      await hooks.onDispatch!();
      throw new ServerError('server_error', '502', { status: 502 });
    });
    expect(outcomes).toEqual([{ kind: 'unknown' }]);
    expect(unconfirmed).toEqual(['j1']);
    expect(store.get('j1')!.view).toMatchObject({
      state: 'outcome_unknown',
      error: { code: 'outcome_unknown' },
    });
  });

  it('holds a paid call at its last step while the connection changes: once changed, it never leaves', async () => {
    const { store, protocol, call, outcomes } = await setup();
    const release = protocol.hold();
    let left = false;
    const calling = call(async (hooks) => {
      await hooks.onDispatch!();
      left = true;
      return 'answer';
    });
    await new Promise((r) => setImmediate(r));
    expect(left).toBe(false);
    expect(protocol.busy).toBe(0);
    // The change is made: the runner of the old connection closes.
    protocol.close();
    await calling;
    release();
    expect(left).toBe(false);
    expect(outcomes).toEqual([]);
    expect(store.get('j1')!.dispatched).toBe(false);
  });

  it('lets a held call go on when the change is not made', async () => {
    const { protocol, call, outcomes } = await setup();
    const release = protocol.hold();
    const calling = call(async (hooks) => {
      await hooks.onDispatch!();
      return 'answer';
    });
    await new Promise((r) => setImmediate(r));
    expect(outcomes).toEqual([]);
    release();
    await calling;
    expect(outcomes).toEqual([{ kind: 'answered', answer: 'answer' }]);
  });

  it('hands back a call withdrawn before it left', async () => {
    const { call, outcomes } = await setup();
    await call(async () => {
      throw new CancelledError('cancelled', 'Cancelled before it was sent.');
    });
    expect(outcomes).toEqual([{ kind: 'withdrawn' }]);
  });

  it('keeps what a job’s polls saw while it polls, and drops it once nothing more is scheduled', async () => {
    const { protocol, clock } = await setup();
    const polls = { left: 2 };
    const step = async (): Promise<void> => {
      // Polls twice, then goes on without polling (as a job's download or an op's retry does),
      // then ends: nothing more is scheduled.
      if (polls.left-- > 0) protocol.poll('j1', { attempt: 1, failures: 0 }, step);
      else protocol.after('j1', 1000, async () => {});
    };
    protocol.poll('j1', { attempt: 0, failures: 0 }, step);
    expect(protocol.lastRunning('j1')).toBe(0);
    await clock.advance(30_000);
    expect(protocol.lastRunning('j1')).toBeUndefined();
  });
});
