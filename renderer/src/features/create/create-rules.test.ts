import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/api/rules';
import type { AccountView, PricesView } from '../../../../shared/ipc/contract';
import { describeQuote, quote } from '../billing/cost';
import { createActionText, createCostItems } from './create-plan';
import {
  checkSettings,
  checkViews,
  EMPTY_SETTINGS,
  fieldOfError,
  moveSlot,
  nextLabel,
  parseWhole,
  promptProblem,
  viewCountProblem,
  type ViewLabel,
} from './create-rules';
import { i18n, type Messages } from '@lingui/core';
import { setFormatLocale } from '../../../../shared/format';

describe('checkSettings', () => {
  it('sends nothing for an untouched draft (the service applies the version defaults)', () => {
    expect(checkSettings(EMPTY_SETTINGS)).toEqual({ ok: true, options: {} });
  });

  it('types what was set', () => {
    expect(
      checkSettings({
        polyCount: '20,000',
        remesh: 'off',
        textureSize: '4096',
        textureFormat: 'png',
        seed: '7',
      }),
    ).toEqual({
      ok: true,
      options: {
        polyCount: 20_000,
        remesh: false,
        textureSize: 4096,
        textureFormat: 'png',
        seed: 7,
      },
    });
  });

  it('says what to fix for a poly count out of range or not a number', () => {
    const low = checkSettings({ ...EMPTY_SETTINGS, polyCount: '5000' });
    expect(low).toEqual({
      ok: false,
      errors: {
        polyCount:
          'Poly count must be a whole number from 10,000 to 1,000,000 (you entered 5,000). Change it, or clear it to use the default.',
      },
    });
    const word = checkSettings({ ...EMPTY_SETTINGS, polyCount: 'lots', seed: '-1' });
    expect(word.ok).toBe(false);
    if (!word.ok) {
      expect(word.errors.polyCount).toContain('from 10,000 to 1,000,000. Change it');
      expect(word.errors.seed).toContain('Seed must be a whole number');
    }
  });

  it('accepts exactly the service range of poly counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (n) => {
        const ok = checkSettings({ ...EMPTY_SETTINGS, polyCount: String(n) }).ok;
        expect(ok).toBe(n >= LIMITS.polyCount.min && n <= LIMITS.polyCount.max);
      }),
    );
  });

  it('parses whole numbers with separators only', () => {
    expect(parseWhole('1 000 000')).toBe(1_000_000);
    expect(parseWhole('12.5')).toBeUndefined();
    expect(parseWhole('')).toBeUndefined();
  });
});

describe('view slots', () => {
  const slots = (...labels: ViewLabel[]) => labels.map((label) => ({ label }));

  it('moves one slot and keeps the others in order', () => {
    expect(moveSlot(['a', 'b', 'c', 'd'], 1, 0)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveSlot(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveSlot(['a', 'b'], 1, 9)).toEqual(['a', 'b']);
    expect(moveSlot(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('is a permutation for any move', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 6 }),
        fc.nat(8),
        fc.integer({ min: -2, max: 8 }),
        (items, from, to) => {
          const moved = moveSlot(items, from, to);
          expect([...moved].sort()).toEqual([...items].sort());
          if (from < items.length && items.length) {
            expect(moved[Math.max(0, Math.min(items.length - 1, to))]).toBe(items[from]);
          }
        },
      ),
    );
  });

  it('labels new views with the first free side', () => {
    expect(nextLabel([])).toBe('front');
    expect(nextLabel(slots('front', 'left'))).toBe('back');
  });

  it('refuses counts outside 2–4 with what to do', () => {
    expect(viewCountProblem(0)).toContain('Add 2 to 4 photos');
    expect(viewCountProblem(1)).toContain('Add at least one more view');
    expect(viewCountProblem(3)).toBeUndefined();
    expect(viewCountProblem(5)).toBe(
      'You have 5 views; multi-view takes at most 4. Remove 1 view.',
    );
    expect(viewCountProblem(7)).toContain('Remove 3 views.');
  });

  it('wants the front first and one label per side', () => {
    expect(checkViews(slots('front', 'back'))).toBeUndefined();
    expect(checkViews(slots('back', 'front'))).toContain('The first view must be the front');
    expect(checkViews(slots('front', 'left', 'left'))).toBe(
      'Two views are labelled “left”: give each view the side it really shows.',
    );
  });
});

describe('prompts and error fields', () => {
  it('refuses an empty or too long prompt', () => {
    expect(promptProblem('   ')).toContain('Describe the object to imagine first');
    expect(promptProblem('x'.repeat(1001))).toContain('keep it to 1,000');
    expect(promptProblem('a teapot')).toBeUndefined();
  });

  it('puts a 422 or an IPC input error on the field it names', () => {
    expect(fieldOfError('poly_count')).toBe('polyCount');
    expect(fieldOfError('query.texture_size')).toBe('textureSize');
    expect(fieldOfError('options.polyCount')).toBe('polyCount');
    expect(fieldOfError('fileIds.2')).toBe('views');
    expect(fieldOfError('body.concept_id')).toBe('concept');
    expect(fieldOfError('prompt')).toBe('prompt');
    expect(fieldOfError('something_else')).toBe('form');
    expect(fieldOfError(undefined)).toBe('form');
  });
});

describe('batch quote', () => {
  const prices = {
    byOperation: { 'generate.photo.fast': '0.20', 'generate.photo.ultra': '0.60' },
  } as unknown as PricesView;
  const account = { mode: 'sandbox', balanceUsd: '1.00' } as AccountView;

  it('prices a batch as one total, one generation per photo', () => {
    const q = quote(createCostItems('photo', 'fast', 6), prices, account);
    expect(describeQuote(q)).toBe('$1.20 · balance $1.00 → -$0.20');
    expect(q.insufficient).toBe(true);
    expect(describeQuote(quote(createCostItems('photo', 'fast', 5), prices, account))).toBe(
      '$1.00 · balance $1.00 → $0.00',
    );
  });

  it('prices one photo when none is chosen yet, and names the batch', () => {
    expect(createCostItems('photo', 'ultra', 0)).toEqual([
      { operation: 'generate.photo.ultra', count: 1 },
    ]);
    expect(createCostItems('views', 'quality', 3)).toEqual([
      { operation: 'generate.multi.quality' },
    ]);
    expect(createActionText('photo', 6).label).toBe('Generate 6 models');
    expect(createActionText('photo', 1).label).toBe('Generate');
    expect(createActionText('retexture', 0).label).toBe('Retexture');
  });
});

describe('in the artist’s language', () => {
  it('says what to fix in German, with German numbers and plurals', async () => {
    // The catalog the app loads (compiled from the .po on import, as in the build).
    const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/create/de.po');
    const { messages } = await catalogs['../../locales/create/de.po']!();
    i18n.loadAndActivate({ locale: 'de', messages });
    setFormatLocale('de');
    try {
      const low = checkSettings({ ...EMPTY_SETTINGS, polyCount: '5000' });
      expect(!low.ok && low.errors.polyCount).toBe(
        'Die Polygonanzahl muss eine ganze Zahl von 10.000 bis 1.000.000 sein (Sie haben 5.000 eingegeben). Ändern Sie sie oder leeren Sie das Feld für den Standardwert.',
      );
      expect(viewCountProblem(6)).toBe(
        'Sie haben 6 Ansichten; Mehrfachansicht nimmt höchstens 4. Entfernen Sie 2 Ansichten.',
      );
      expect(viewCountProblem(5)).toMatch(/Entfernen Sie 1 Ansicht\.$/);
      expect(createActionText('photo', 3).label).toBe('3 Modelle generieren');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
      setFormatLocale('en');
    }
  });
});
