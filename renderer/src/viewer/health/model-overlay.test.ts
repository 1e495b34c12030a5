import { describe, expect, it } from 'vitest';
import { Color, SRGBColorSpace, Vector3 } from 'three';
import { enclosingSphere, linearColours } from './model-overlay';

describe('the heat map’s colours', () => {
  it('are turned from sRGB into the linear space three draws in, so red reads red', () => {
    const [r, g, b, grey] = linearColours(new Uint8Array([255, 0, 0, 128, 128, 128]));
    expect([r, g, b]).toEqual([1, 0, 0]);
    // sRGB 128 is about 21.6 % linear light: read as linear it would show as a much paler 50 %.
    expect(grey).toBeCloseTo(0.2158, 3);
  });

  it('are what three’s own conversion gives, for every byte', () => {
    const bytes = Uint8Array.from({ length: 256 * 3 }, (_, i) => Math.floor(i / 3));
    const linear = linearColours(bytes);
    const colour = new Color();
    for (let v = 0; v < 256; v++) {
      colour.setRGB(v / 255, v / 255, v / 255, SRGBColorSpace);
      expect([...linear.subarray(v * 3, v * 3 + 3)]).toEqual(
        [colour.r, colour.g, colour.b].map(Math.fround),
      );
    }
  });
});

describe('the overlays’ bounding sphere', () => {
  it('encloses every position (three sorts the transparent heat map by it)', () => {
    const positions = new Float32Array([0, 0, 0, 2, 0, 0, 0, 4, 0, 1, 1, -6]);
    const sphere = enclosingSphere(positions);
    for (let i = 0; i < positions.length; i += 3) {
      const [x, y, z] = [positions[i]!, positions[i + 1]!, positions[i + 2]!];
      expect(sphere.containsPoint(new Vector3(x, y, z))).toBe(true);
    }
    expect(sphere.center.toArray()).toEqual([1, 2, -3]);
  });

  it('is empty for no positions', () => {
    expect(enclosingSphere(new Float32Array()).isEmpty()).toBe(true);
  });
});
