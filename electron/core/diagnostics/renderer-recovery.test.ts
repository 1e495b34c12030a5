import { describe, expect, it } from 'vitest';
import { testLanguage } from '../testing/main-language';
import {
  MAX_RELOADS,
  RELOAD_WINDOW_MS,
  RendererRecovery,
  type RecoveryStep,
} from './renderer-recovery';

const { say } = testLanguage();
/** A step with its words in English, as the main process shows them. */
const said = (step: RecoveryStep) =>
  step.action === 'reload'
    ? { ...step, notice: say(step.notice) }
    : step.action === 'give-up'
      ? { ...step, message: say(step.message) }
      : step;

describe('RendererRecovery', () => {
  it('reloads a crashed, killed or hung page with a notice that jobs carried on', () => {
    const r = new RendererRecovery();
    expect(said(r.gone('crashed', 0))).toEqual({
      action: 'reload',
      notice: expect.stringMatching(/stopped unexpectedly and was reloaded.*jobs carried on/),
    });
    expect(said(r.gone('hung', 1))).toMatchObject({
      notice: expect.stringMatching(/stopped responding/),
    });
    expect(said(r.gone('oom', 2))).toMatchObject({
      notice: expect.stringMatching(/ran out of memory/),
    });
  });

  it('ignores a clean exit (the app quitting)', () => {
    expect(new RendererRecovery().gone('clean-exit', 0)).toEqual({ action: 'ignore' });
  });

  it('stops reloading a page that keeps crashing, and reloads again once it has been calm', () => {
    const r = new RendererRecovery();
    for (let i = 0; i < MAX_RELOADS; i++) expect(r.gone('crashed', i * 1000).action).toBe('reload');
    expect(said(r.gone('crashed', MAX_RELOADS * 1000))).toMatchObject({
      action: 'give-up',
      message: expect.stringMatching(/stopped 4 times.*will not reload it again.*Open Logs Folder/),
    });
    expect(r.gone('crashed', RELOAD_WINDOW_MS + MAX_RELOADS * 1000).action).toBe('reload');
  });
});
