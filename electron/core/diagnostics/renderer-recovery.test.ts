import { describe, expect, it } from 'vitest';
import { MAX_RELOADS, RELOAD_WINDOW_MS, RendererRecovery } from './renderer-recovery';

describe('RendererRecovery', () => {
  it('reloads a crashed, killed or hung page with a notice that jobs carried on', () => {
    const r = new RendererRecovery();
    expect(r.gone('crashed', 0)).toEqual({
      action: 'reload',
      notice: expect.stringMatching(/stopped unexpectedly and was reloaded.*jobs carried on/),
    });
    expect(r.gone('hung', 1)).toMatchObject({
      notice: expect.stringMatching(/stopped responding/),
    });
    expect(r.gone('oom', 2)).toMatchObject({ notice: expect.stringMatching(/ran out of memory/) });
  });

  it('ignores a clean exit (the app quitting)', () => {
    expect(new RendererRecovery().gone('clean-exit', 0)).toEqual({ action: 'ignore' });
  });

  it('stops reloading a page that keeps crashing, and reloads again once it has been calm', () => {
    const r = new RendererRecovery();
    for (let i = 0; i < MAX_RELOADS; i++) expect(r.gone('crashed', i * 1000).action).toBe('reload');
    expect(r.gone('crashed', MAX_RELOADS * 1000)).toMatchObject({
      action: 'give-up',
      message: expect.stringMatching(/will not reload it again.*Open Logs Folder/),
    });
    expect(r.gone('crashed', RELOAD_WINDOW_MS + MAX_RELOADS * 1000).action).toBe('reload');
  });
});
