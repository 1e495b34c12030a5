import { describe, expect, it } from 'vitest';
import { sampleBilinear, signedDistance, squaredDistanceTo } from './distance';
import { mulberry32 } from './random';

describe('distance transforms', () => {
  it('matches brute force on a random sparse set', () => {
    const width = 37;
    const height = 23;
    const random = mulberry32(9);
    const feature = new Uint8Array(width * height).map(() => (random() < 0.02 ? 1 : 0));
    const d2 = squaredDistanceTo(width, height, (i) => feature[i] === 1);
    for (let i = 0; i < feature.length; i++) {
      let best = Infinity;
      for (let j = 0; j < feature.length; j++) {
        if (!feature[j]) continue;
        const dx = (i % width) - (j % width);
        const dy = Math.floor(i / width) - Math.floor(j / width);
        best = Math.min(best, dx * dx + dy * dy);
      }
      expect(d2[i]).toBe(best);
    }
  });

  it('puts the zero of the signed field on pixel edges, the frame counting as outside', () => {
    const width = 10;
    const height = 6;
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < 4; x++) mask[y * width + x] = 1;
    const sdf = signedDistance(mask, width, height);
    // The edge between columns 3 and 4 sits at x = 4.
    expect(sampleBilinear(sdf, width, height, 4, 3)).toBeCloseTo(0, 6);
    expect(sdf[3 * width + 3]).toBeCloseTo(0.5, 6);
    expect(sdf[3 * width + 6]).toBeCloseTo(-2.5, 6);
    // Column 0 touches the frame: half a pixel from it.
    expect(sdf[3 * width]).toBeCloseTo(0.5, 6);
    expect(sdf[3 * width + 1]).toBeCloseTo(1.5, 6);
  });
});
