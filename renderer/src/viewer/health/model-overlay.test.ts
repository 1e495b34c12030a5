import { describe, expect, it } from 'vitest';
import { linearColours } from './model-overlay';

describe('the heat map’s colours', () => {
  it('are turned from sRGB into the linear space three draws in, so red reads red', () => {
    const [r, g, b, grey] = linearColours(new Uint8Array([255, 0, 0, 128, 128, 128]));
    expect([r, g, b]).toEqual([1, 0, 0]);
    // sRGB 128 is about 21.6 % linear light: read as linear it would show as a much paler 50 %.
    expect(grey).toBeCloseTo(0.2158, 3);
  });
});
