import { describe, expect, it } from 'vitest';
import { ANALYSIS_SIDE, preflightPhoto } from './analyse';
import { warmUpPhoto } from './warm';

describe('the warm-up photo', () => {
  it('takes the checks down their whole path (an object found and measured), not a shortcut', () => {
    const analysis = warmUpPhoto(ANALYSIS_SIDE, 144);
    const detail = warmUpPhoto(512, 384);
    const result = preflightPhoto({ analysis, detail, width: 4000, height: 3000 });
    // No "nothing stands out" early return: segmentation, GrabCut and every measure ran.
    expect(result.warnings.map((w) => w.kind)).not.toContain('no-object');
    expect(result.mask).toBeDefined();
    expect(result.front?.symmetry).toBeGreaterThan(0.8);
    const { x0, x1 } = result.object!;
    expect(x1 - x0).toBeGreaterThan(0.4);
  });
});
