import { describe, expect, it } from 'vitest';
import { attemptWhenIdle, type IdleWaits } from './idle-attempt';

/** Waits that run only when the test says so, and note what is pending. */
function manualWaits() {
  const pending: Array<{ kind: 'idle' | 'after'; run: () => void }> = [];
  const add = (kind: 'idle' | 'after', run: () => void) => {
    const entry = { kind, run };
    pending.push(entry);
    return () => void pending.splice(pending.indexOf(entry), 1);
  };
  const waits: IdleWaits = {
    idle: (run) => add('idle', run),
    after: (run) => add('after', run),
  };
  /** Runs the oldest pending wait; returns its kind. */
  const step = () => {
    const next = pending.shift();
    next?.run();
    return next?.kind;
  };
  return { waits, pending, step };
}

describe('attemptWhenIdle', () => {
  it('tries only at an idle moment, once, when the attempt succeeds', () => {
    const { waits, pending, step } = manualWaits();
    let calls = 0;
    attemptWhenIdle(() => ++calls > 0, { waits });
    expect(calls).toBe(0);
    expect(step()).toBe('idle');
    expect(calls).toBe(1);
    expect(pending).toHaveLength(0);
  });

  it('while the attempt says "not now", waits, then tries again at the next idle moment', () => {
    const { waits, step } = manualWaits();
    const answers = [false, false, true];
    let calls = 0;
    attemptWhenIdle(() => answers[calls++]!, { waits });
    expect([step(), step(), step(), step(), step(), step()]).toEqual([
      'idle',
      'after',
      'idle',
      'after',
      'idle',
      undefined,
    ]);
    expect(calls).toBe(3);
  });

  it('cancels whatever is pending', () => {
    const { waits, pending, step } = manualWaits();
    let calls = 0;
    const cancel = attemptWhenIdle(() => (calls++, false), { waits });
    step();
    expect(pending.map((p) => p.kind)).toEqual(['after']);
    cancel();
    expect(pending).toHaveLength(0);
    expect(calls).toBe(1);
  });
});
