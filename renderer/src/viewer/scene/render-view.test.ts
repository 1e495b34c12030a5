import { describe, expect, it } from 'vitest';
import { planPasses } from './render-view';

describe('planPasses', () => {
  it('draws one full pass without compare', () => {
    expect(planPasses('off', 800, 600, 0.5)).toEqual([
      { show: 0, viewport: [0, 0, 800, 600], scissor: null },
    ]);
  });
  it('gives each model half the width side by side', () => {
    const [a, b] = planPasses('side', 801, 600, 0.5);
    expect(a!.viewport).toEqual([0, 0, 400, 600]);
    expect(b!.viewport).toEqual([400, 0, 401, 600]);
  });
  it('splits one full viewport at the wipe', () => {
    const [a, b] = planPasses('wipe', 800, 600, 0.25);
    expect(a!.viewport).toEqual([0, 0, 800, 600]);
    expect(a!.scissor).toEqual([0, 0, 200, 600]);
    expect(b!.scissor).toEqual([200, 0, 600, 600]);
  });
});
