import { i18n, type Messages } from '@lingui/core';
import { setFormatLocale } from '../../../../shared/format';
import { describe, expect, it } from 'vitest';
import type { PrintReport } from './health-types';
import { analyseHealth } from './mesh-health';
import { analysePrint, printBasis } from './printability';
import { box, model } from './test-meshes';
import { engineVerdict, printVerdict, watertightText } from './verdicts';

const options = {
  lengthMm: 20,
  minWallMm: 0.8,
  hollow: false,
  buildVolume: { x: 250, y: 210, z: 220 },
  overhangDeg: 45,
  overlay: 'thickness' as const,
};

describe('verdicts', () => {
  it('gives a "not watertight" its reason on the same line', () => {
    const clean = analyseHealth(model([box([0, 0, 0], [1, 1, 1])])).report;
    expect(watertightText(clean)).toBe('Yes');
    // A closed box with one triangle wound the wrong way: no hole, yet not a solid.
    const flipped = analyseHealth(model([box([0, 0, 0], [1, 1, 1], { flip: [6] })])).report;
    expect(flipped.holes).toBe(0);
    expect(watertightText(flipped)).toBe('No — 1 flipped triangle');
  });

  it('calls a clean textured box ready for print and for engines', () => {
    const { report, solid } = analyseHealth(
      model([box([0, 0, 0], [0.02, 0.02, 0.02])], { width: 1024, height: 1024 }),
    );
    const print = analysePrint(printBasis(solid), options);
    expect(printVerdict(report, print)).toMatchObject({ level: 'ready', title: 'Ready for print' });
    expect(engineVerdict(report)).toMatchObject({ level: 'ready', title: 'Ready for engines' });
  });

  it('counts what needs repair, and points at the service’s print file', () => {
    const holes = model([
      box([0, 0, 0], [1, 1, 1], { without: [3] }),
      box([2, 0, 0], [3, 1, 1], { without: [2] }),
      box([4, 0, 0], [5, 1, 1], { without: [0], flip: [6] }),
    ]);
    const { report } = analyseHealth(holes);
    const verdict = printVerdict(report, null);
    expect(verdict.level).toBe('repair');
    expect(verdict.title).toBe('Needs repair: 3 holes, 1 flipped triangle');
    expect(verdict.advice[0]).toMatch(/Tools → Print\): it welds the surface/);
    expect(engineVerdict(report).title).toBe('Needs repair: 1 flipped triangle');
  });

  it('gives the length at which thin walls print, and says when it does not fit', () => {
    const { report, solid } = analyseHealth(model([box([0, 0, 0], [0.02, 0.02, 0.0003])]));
    const print: PrintReport = analysePrint(printBasis(solid), options);
    const verdict = printVerdict(report, print);
    expect(verdict).toMatchObject({ level: 'care', title: 'Watertight, with thin walls' });
    expect(verdict.advice.join(' ')).toMatch(/print it at least 54 mm long/);
    const big = printVerdict(
      report,
      analysePrint(printBasis(solid), { ...options, lengthMm: 400 }),
    );
    expect(big.title).toBe('Watertight, too large for the printer');
  });

  it('speaks German with German numbers when the app does', async () => {
    const [load] = Object.values(
      import.meta.glob<{ messages: Messages }>('../../locales/viewer/de.po'),
    );
    const { messages } = await load!();
    i18n.loadAndActivate({ locale: 'de', messages });
    setFormatLocale('de');
    try {
      const flipped = analyseHealth(model([box([0, 0, 0], [1, 1, 1], { flip: [6] })])).report;
      expect(watertightText(flipped)).toBe('Nein – 1 gespiegeltes Dreieck');
      const { report, solid } = analyseHealth(model([box([0, 0, 0], [0.02, 0.02, 0.02])]));
      const print = analysePrint(printBasis(solid), { ...options, lengthMm: 1234.5 });
      expect(printVerdict(report, print).advice.join(' ')).toContain(
        'Bei 1.235 × 1.235 × 1.235 mm passt es nicht in den Bauraum',
      );
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
      setFormatLocale('en');
    }
  });
});
