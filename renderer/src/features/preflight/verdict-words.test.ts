import { i18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_MEASURES } from '../../../../shared/preflight/good-measures';
import { GOOD_VERDICT, NO_OBJECT, warningsOf } from '../../../../shared/preflight/verdict';
import { viewWarnings } from '../../../../shared/preflight/views';

const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/shared/*.po');
const load = async (locale: string) => {
  const { messages } = await catalogs[`../../locales/shared/${locale}.po`]!();
  i18n.loadAndActivate({ locale, messages });
};
afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const good = GOOD_MEASURES;

/** One photo with every defect, so every single-photo sentence is drawn. */
const everything = [
  ...warningsOf({
    ...good,
    touching: { right: 0.5 },
    otherObjects: [0.3, 0.2],
    blur: 0.9,
    clippedHighlights: 0.5,
    objectSide: 100,
    backgroundEdges: 0.5,
  }),
  ...warningsOf({ ...good, touching: { left: 0.5, top: 0.5 }, clippedShadows: 0.4 }),
  ...warningsOf({ ...good, touching: { left: 0.5, top: 0.5, bottom: 0.5 }, objectLightness: 5 }),
  NO_OBJECT,
];
const sideView = (name: string, symmetry: number) => ({
  name,
  preflight: { signature: [1], front: { symmetry } } as never,
});
const order = viewWarnings([sideView('side.png', 0.6), sideView('front.png', 0.95)]);

/** The side of the frame in each language, as its select words it. */
const RIGHT_EDGE: Record<string, string> = {
  de: 'vom rechten Rand',
  fr: 'par le bord droit',
  es: 'por el borde derecho',
  ja: '右端で切れています',
  'zh-CN': '被右边缘裁掉了',
};

describe('the preflight speaks the user’s language', () => {
  it('has every verdict in English as its source', () => {
    expect(everything.map((w) => w.kind)).toEqual([
      'cut-off',
      'multiple-objects',
      'blur',
      'exposure',
      'resolution',
      'clutter',
      'cut-off',
      'exposure',
      'cut-off',
      'exposure',
      'no-object',
    ]);
    expect(i18n._(everything[6]!.words)).toMatch(/by the left edge and the top edge — /);
    expect(i18n._(everything[8]!.words)).toMatch(/by 3 edges of the frame — /);
    expect(i18n._(order[0]!.words)).toMatch(/^View 2 \(“front.png”\) looks like the front/);
  });

  for (const locale of Object.keys(RIGHT_EDGE)) {
    it(`words every verdict in ${locale}, the frame's side chosen by the message`, async () => {
      const english = [...everything, ...order].map((w) => i18n._(w.words));
      english.push(i18n._(GOOD_VERDICT));
      await load(locale);
      const words = [...everything, ...order].map((w) => i18n._(w.words));
      words.push(i18n._(GOOD_VERDICT));
      words.forEach((text, k) => {
        expect(text, english[k]).not.toBe(english[k]);
        expect(text).not.toMatch(/[{}]/);
      });
      expect(words[0]).toContain(RIGHT_EDGE[locale]);
      expect(words[4]).toContain('100');
      expect(words.at(-2)).toContain('front.png');
      expect(words.at(-2)).toContain('2');
    });
  }
});
