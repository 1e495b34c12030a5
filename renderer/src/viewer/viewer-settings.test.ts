import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  drawnKey,
  exposureFactor,
  lookToRemember,
  patchSettings,
  restoreLook,
} from './viewer-settings';

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

describe('the remembered look', () => {
  it('comes back field by field, leaving out what this viewer does not know', () => {
    const look = lookToRemember(
      patchSettings(DEFAULT_SETTINGS, { shading: 'clay', exposure: 1.5, grid: true, wipe: 0.2 }),
    );
    expect(look).toMatchObject({ shading: 'clay', exposure: 1.5, grid: true });
    // The comparison's wipe belongs to the comparison on screen, the unit to Kiln's setting.
    expect(look).not.toHaveProperty('wipe');
    expect(look).not.toHaveProperty('unit');
    expect(restoreLook(look)).toEqual(look);
    expect(restoreLook({ shading: 'hologram', environment: 'sunny', grid: 'yes' })).toEqual({
      environment: 'sunny',
    });
    expect(restoreLook(undefined)).toEqual({});
  });
});
