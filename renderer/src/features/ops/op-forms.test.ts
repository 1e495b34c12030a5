import { describe, expect, it } from 'vitest';
import {
  EXPORT_DEFAULTS,
  buildExport,
  buildGame,
  buildPrint,
  buildRetopo,
  formatPalette,
  formatPrintedSize,
  parsePalette,
  parseWhole,
  printedSize,
  roundFaces,
  type PrintForm,
} from './op-forms';

const print: PrintForm = { lengthMm: '100', format: '3mf', hollow: false, colors: 1, palette: '' };

describe('printed size preview', () => {
  it('scales the box so its longest side is the chosen length (W = X, D = Z, H = Y)', () => {
    const s = printedSize({ x: 0.2, y: 0.1, z: 0.05 }, 100)!;
    expect(s).toEqual({ widthMm: 100, depthMm: 25, heightMm: 50 });
    expect(formatPrintedSize(s)).toBe('100 × 25 × 50 mm');
  });
  it('follows the tallest side too, to a tenth of a millimetre', () => {
    const s = printedSize({ x: 0.3, y: 0.9, z: 0.1 }, 250)!;
    expect(s.heightMm).toBe(250);
    expect(formatPrintedSize(s)).toBe('83.3 × 27.8 × 250 mm');
  });
  it('has no preview for an empty box', () => {
    expect(printedSize({ x: 0, y: 0, z: 0 }, 100)).toBeUndefined();
  });
});

describe('palette', () => {
  it('reads colours in slot order, lower-cased, spaces allowed', () => {
    expect(parsePalette(' #FF8800, #000000 ,#12ab9C')).toEqual({
      ok: true,
      colours: ['#ff8800', '#000000', '#12ab9c'],
    });
    expect(parsePalette('')).toEqual({ ok: true, colours: [] });
  });
  it('names the colour that is wrong', () => {
    const r = parsePalette('#ff8800, orange');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('“orange” is not a colour');
    expect(parsePalette('#ff8800,,#000000').ok).toBe(false);
    expect(parsePalette('#fff').ok).toBe(false);
  });
  it('takes at most 8 colours', () => {
    const nine = Array.from({ length: 9 }, () => '#101010').join(',');
    const r = parsePalette(nine);
    expect(!r.ok && r.message).toMatch(/9 colours.*at most 8.*Remove 1/);
  });
  it('formats as the service wants it: no spaces, ≤ 80 characters for 8 colours', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `#A0A0A${i}`);
    const text = formatPalette(eight);
    expect(text).toBe(eight.map((c) => c.toLowerCase()).join(','));
    expect(text.length).toBeLessThanOrEqual(80);
  });
});

describe('faces', () => {
  it('rounds to 100 like the service', () => {
    expect(roundFaces(980)).toBe(1000);
    expect(roundFaces(1049)).toBe(1000);
    expect(roundFaces(1050)).toBe(1100);
    expect(roundFaces(12_345)).toBe(12_300);
  });
  it('accepts 500–100,000 and says the range otherwise', () => {
    expect(
      buildRetopo({
        faces: '12,345',
        texture: '2048',
        symmetry: true,
        interior: 'fill',
        format: 'fbx',
      }),
    ).toEqual({
      op: {
        kind: 'retopo',
        faces: 12_345,
        texture: 2048,
        symmetry: true,
        interior: 'fill',
        format: 'fbx',
      },
    });
    const low = buildRetopo({
      faces: '499',
      texture: '',
      symmetry: false,
      interior: 'keep',
      format: 'glb',
    });
    expect(low).toEqual({
      errors: { faces: 'Enter a number of faces from 500 to 100,000 (a whole number).' },
    });
    expect(parseWhole('1.5', 1, 10, (from, to) => `${from}–${to}`)).toHaveProperty('error');
  });
});

describe('print form', () => {
  it('sends the palette instead of the colour count when one is set', () => {
    expect(buildPrint({ ...print, palette: '#FF0000, #00ff00', colors: 5 })).toEqual({
      op: {
        kind: 'print',
        lengthMm: 100,
        format: '3mf',
        hollow: false,
        palette: '#ff0000,#00ff00',
      },
    });
    expect(buildPrint({ ...print, colors: 4, hollow: true })).toEqual({
      op: { kind: 'print', lengthMm: 100, format: '3mf', hollow: true, colors: 4 },
    });
  });
  it('refuses a length outside 30–400 mm and a bad palette, each at its field', () => {
    const r = buildPrint({ ...print, lengthMm: '20', palette: 'red' });
    expect('errors' in r && r.errors).toEqual({
      lengthMm: 'Enter the longest side in mm from 30 to 400 (a whole number).',
      palette: expect.stringContaining('“red” is not a colour'),
    });
  });
});

describe('export form', () => {
  it('sends the texture option with formats that carry a texture only', () => {
    expect(buildExport({ format: 'usdz', texture: '2048' })).toEqual({
      op: { kind: 'export', format: 'usdz', texture: '2048' },
    });
    expect(buildExport({ format: 'stl', texture: 'generative' })).toEqual({
      op: { kind: 'export', format: 'stl' },
    });
  });
});

describe('game pack form', () => {
  it('reads the size in metres, above 0 and at most 1000', () => {
    const base = { engine: 'unreal', units: 'cm', lod: 'light', collider: 'simple' } as const;
    expect(buildGame({ ...base, sizeM: '1,8' })).toEqual({
      op: {
        kind: 'gamepack',
        engine: 'unreal',
        units: 'cm',
        lod: 'light',
        collider: 'simple',
        sizeM: 1.8,
      },
    });
    expect(buildGame({ ...base, sizeM: '' })).toEqual({
      op: { kind: 'gamepack', engine: 'unreal', units: 'cm', lod: 'light', collider: 'simple' },
    });
    expect(buildGame({ ...base, sizeM: '0' })).toHaveProperty('errors.sizeM');
    expect(buildGame({ ...base, sizeM: '1001' })).toHaveProperty('errors.sizeM');
  });
});

describe('compatible GLB', () => {
  const compatible = { ...EXPORT_DEFAULTS, format: 'compatible' } as const;
  it('is Kiln’s own conversion, with its options and without the service’s texture option', () => {
    expect(buildExport({ ...compatible, texture: 'generative' })).toEqual({
      op: { kind: 'compatible', compression: 'none' },
    });
    expect(
      buildExport({
        ...compatible,
        compression: 'draco',
        maxTextureSize: '1024',
        sizeBudgetMb: ' 12,5 ',
      }),
    ).toEqual({
      op: { kind: 'compatible', compression: 'draco', maxTextureSize: 1024, sizeBudgetMb: 12.5 },
    });
  });
  it('says what to fix in a size budget, and sends nothing', () => {
    for (const bad of ['0', '-3', 'ten', '99999']) {
      const built = buildExport({ ...compatible, sizeBudgetMb: bad });
      expect('errors' in built && built.errors.sizeBudgetMb).toMatch(/largest file size in MB/);
    }
  });
});
