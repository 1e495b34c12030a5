import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, drawnKey, exposureFactor, patchSettings } from './viewer-settings';

describe('patchSettings', () => {
  it('clamps rotation, exposure and wipe to their ranges', () => {
    const s = patchSettings(DEFAULT_SETTINGS, { envRotation: 400, exposure: -9, wipe: 2 });
    expect(s).toMatchObject({ envRotation: 180, exposure: -3, wipe: 1 });
    expect(patchSettings(s, { exposure: Number.NaN }).exposure).toBe(-3);
  });
});

describe('exposureFactor', () => {
  it('doubles the light per stop', () => {
    expect(exposureFactor(0)).toBe(1);
    expect(exposureFactor(1)).toBe(2);
    expect(exposureFactor(-2)).toBe(0.25);
  });
});

describe('drawnKey', () => {
  it('lists what a frame shows, as space-separated key=value pairs', () => {
    const key = drawnKey({ ...DEFAULT_SETTINGS, shading: 'clay', grid: true }, 'sunset', {
      hidden: '2',
    });
    expect(key.split(' ')).toEqual(
      expect.arrayContaining(['shading=clay', 'env=sunset', 'grid=on', 'hidden=2']),
    );
  });
});
