import { describe, expect, it } from 'vitest';
import { EMPTY_SETTINGS } from './create-rules';
import { formToRemember, restoreForm } from './create-memory';

describe('Create’s remembered form', () => {
  it('comes back as it was used, without the seed', () => {
    const settings = {
      ...EMPTY_SETTINGS,
      polyCount: '30000',
      textureSize: '2048',
      seed: '7',
    } as const;
    const stored = formToRemember('fast', settings);
    expect(stored).not.toHaveProperty('seed');
    expect(restoreForm(stored)).toEqual({
      tier: 'fast',
      settings: { ...settings, seed: '' },
    });
  });

  it('leaves out what this Kiln does not know', () => {
    expect(
      restoreForm({ tier: 'turbo', polyCount: 'lots', remesh: 'maybe', textureFormat: 'webp' }),
    ).toEqual({ settings: { ...EMPTY_SETTINGS, textureFormat: 'webp' } });
    expect(restoreForm(undefined)).toEqual({ settings: EMPTY_SETTINGS });
  });
});
