import { describe, expect, it } from 'vitest';
import { Foreground } from './foreground';

/** An idle wait that runs only when the test says so. */
function manualIdle() {
  const pending: Array<() => void> = [];
  return {
    idle: (run: () => void) => void pending.push(run),
    pending,
    runIdle() {
      const runs = pending.splice(0);
      for (const run of runs) run();
    },
  };
}

describe('Foreground', () => {
  it('holds background work until the viewer first says it is quiet', () => {
    const waits = manualIdle();
    const fg = new Foreground(waits.idle);
    const ran: string[] = [];
    fg.whenQuiet(() => ran.push('chunk'));
    expect(fg.busy).toBe(true);
    expect(waits.pending).toHaveLength(0);
    fg.report(false);
    expect(ran).toEqual([]);
    waits.runIdle();
    expect(ran).toEqual(['chunk']);
  });

  it('an idle moment that finds a model on its way waits for the next quiet report', () => {
    const waits = manualIdle();
    const fg = new Foreground(waits.idle);
    const ran: string[] = [];
    fg.report(false);
    fg.whenQuiet(() => ran.push('decoders'));
    fg.report(true); // a model was dropped before the idle moment came
    waits.runIdle();
    expect(ran).toEqual([]);
    expect(waits.pending).toHaveLength(0); // nothing polls while it loads
    fg.report(false);
    waits.runIdle();
    expect(ran).toEqual(['decoders']);
  });

  it('runs each work once, with one idle wait for all that wait together', () => {
    const waits = manualIdle();
    const fg = new Foreground(waits.idle);
    const ran: string[] = [];
    fg.whenQuiet(() => ran.push('a'));
    fg.whenQuiet(() => ran.push('b'));
    fg.report(false);
    fg.report(false);
    expect(waits.pending).toHaveLength(1);
    waits.runIdle();
    fg.report(false);
    waits.runIdle();
    expect(ran).toEqual(['a', 'b']);
  });

  it('a cancelled work never runs', () => {
    const waits = manualIdle();
    const fg = new Foreground(waits.idle);
    const ran: string[] = [];
    const cancel = fg.whenQuiet(() => ran.push('gone'));
    cancel();
    fg.report(false);
    waits.runIdle();
    expect(ran).toEqual([]);
  });
});

describe('Foreground with background preparation off (Settings › Advanced)', () => {
  it('waits for the setting, holds work while it is off and runs it once turned on', () => {
    const waits = manualIdle();
    const fg = new Foreground(waits.idle, null);
    const ran: string[] = [];
    fg.whenQuiet(() => ran.push('warm-up'));
    fg.report(false);
    expect(waits.pending).toHaveLength(0); // the settings have not said yet
    fg.allow(false);
    fg.report(false);
    expect(waits.pending).toHaveLength(0);
    fg.allow(true);
    waits.runIdle();
    expect(ran).toEqual(['warm-up']);
  });

  it('an idle moment after the setting went off runs nothing', () => {
    const waits = manualIdle();
    const fg = new Foreground(waits.idle);
    const ran: string[] = [];
    fg.whenQuiet(() => ran.push('chunk'));
    fg.report(false);
    fg.allow(false);
    waits.runIdle();
    expect(ran).toEqual([]);
    fg.allow(true);
    waits.runIdle();
    expect(ran).toEqual(['chunk']);
  });
});
