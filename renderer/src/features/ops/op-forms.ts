/**
 * The post-processing panels' forms as pure functions: each turns what the user typed into an
 * operation of the IPC contract, or into a sentence per field saying what to fix (then nothing is
 * sent). Ranges come from `shared/api/rules`, and every built operation is checked once more with
 * the contract's own schema, so the panel can never send what the main process would refuse.
 */
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import {
  EXPORT_FORMATS,
  GAME_COLLIDERS,
  GAME_ENGINES,
  GAME_LODS,
  GAME_UNITS,
  LIMITS,
  PRINT_FORMATS,
  RETOPO_FORMATS,
  RETOPO_INTERIORS,
  RIG_KINDS,
} from '../../../../shared/api/rules';
import {
  COMPATIBLE_TEXTURE_SIZES,
  GLB_COMPRESSIONS,
  MAX_SIZE_BUDGET_MB,
  ToolOpSchema,
  type ToolOp,
} from '../../../../shared/ipc/contract';

/** A sentence per field that needs fixing. */
export type FieldErrors = Readonly<Record<string, string>>;
/** A built operation, or what to fix. */
export type Built = { readonly op: ToolOp } | { readonly errors: FieldErrors };

/** The sentence asking for a number in `[from, to]` (both already formatted for the reader). */
export type RangeSentence = (from: string, to: string) => string;

/** A whole number typed in a field, within `[min, max]`; else `sentence` of the range. */
export function parseWhole(
  text: string,
  min: number,
  max: number,
  sentence: RangeSentence,
): { value: number } | { error: string } {
  const typed = text.trim().replace(/[ ,_]/g, '');
  const n = /^\d+$/.test(typed) ? Number(typed) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    return { error: sentence(formatNumber(min), formatNumber(max)) };
  }
  return { value: n };
}

/** The bounding box of a model, in metres (glTF's unit, Y up). */
export interface Size3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** The printed size in millimetres: width (X), depth (Z) and height (Y). */
export interface PrintedSize {
  readonly widthMm: number;
  readonly depthMm: number;
  readonly heightMm: number;
}

/**
 * The model's printed size when its longest side is `lengthMm` (the print file is scaled so, §4.11).
 * Undefined for an empty or degenerate box.
 * @example printedSize({ x: 0.2, y: 0.1, z: 0.05 }, 100) // { widthMm: 100, depthMm: 25, heightMm: 50 }
 */
export function printedSize(size: Size3, lengthMm: number): PrintedSize | undefined {
  const longest = Math.max(size.x, size.y, size.z);
  if (!(longest > 0) || !Number.isFinite(longest)) return undefined;
  const k = lengthMm / longest;
  return { widthMm: size.x * k, depthMm: size.z * k, heightMm: size.y * k };
}

/** "120 × 48.5 × 100 mm" (W × D × H), a tenth of a millimetre at most. */
export function formatPrintedSize(s: PrintedSize): string {
  const width = formatNumber(s.widthMm, 1);
  const depth = formatNumber(s.depthMm, 1);
  const height = formatNumber(s.heightMm, 1);
  return t`${width} × ${depth} × ${height} mm`;
}

const COLOUR = /^#[0-9a-f]{6}$/i;

/** A palette read from text: its colours in slot order, or what to fix. */
export type PaletteParse =
  | { readonly ok: true; readonly colours: readonly string[] }
  | { readonly ok: false; readonly message: string };

/**
 * Reads a palette typed as a comma-separated list of `#rrggbb` (spaces allowed). Empty = no
 * palette. At most 8 colours (one per filament slot) and 80 characters as sent.
 */
export function parsePalette(text: string): PaletteParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, colours: [] };
  const colours = trimmed.split(',').map((c) => c.trim());
  const bad = colours.find((c) => !COLOUR.test(c));
  if (bad !== undefined) {
    return {
      ok: false,
      message: bad
        ? t`“${bad}” is not a colour: write each as #rrggbb (for example #ff8800), separated by commas.`
        : t`There is an empty colour between two commas: remove the extra comma.`,
    };
  }
  if (colours.length > LIMITS.colors.max) {
    return {
      ok: false,
      message: tooManyColours(colours.length, LIMITS.colors.max),
    };
  }
  const sent = formatPalette(colours);
  if (sent.length > LIMITS.paletteMaxChars) {
    return {
      ok: false,
      message: paletteTooLong(sent.length, LIMITS.paletteMaxChars),
    };
  }
  return { ok: true, colours: colours.map((c) => c.toLowerCase()) };
}

/** "The palette is 90 characters; the service takes at most 80." */
function paletteTooLong(length: number, max: number): string {
  const characters = formatNumber(length);
  const most = formatNumber(max);
  return t`The palette is ${characters} characters; the service takes at most ${most}.`;
}

/** "10 colours: a print takes at most 8, one per filament slot. Remove 2." */
function tooManyColours(count: number, max: number): string {
  const most = formatNumber(max);
  const extra = formatNumber(count - max);
  return plural(count, {
    one: `# colour: a print takes at most ${most}, one per filament slot. Remove ${extra}.`,
    other: `# colours: a print takes at most ${most}, one per filament slot. Remove ${extra}.`,
  });
}

/** The palette as sent: lower-case `#rrggbb`, comma-separated, no spaces, in slot order. */
export function formatPalette(colours: readonly string[]): string {
  return colours.map((c) => c.trim().toLowerCase()).join(',');
}

/** The face count the service builds: the target rounded to 100 (§4.12). */
export function roundFaces(faces: number): number {
  return Math.round(faces / LIMITS.faces.step) * LIMITS.faces.step;
}

/** The schema's refusal (its English detail, from zod) as a sentence. */
function notAccepted(detail: string | undefined): string {
  return detail ? t`Not accepted: ${detail}.` : t`Not accepted: invalid value.`;
}

/** Checks an operation with the contract's schema (the last word before sending). */
function checked(op: ToolOp): Built {
  const result = ToolOpSchema.safeParse(op);
  if (result.success) return { op: result.data };
  const issue = result.error.issues[0];
  return {
    errors: {
      [String(issue?.path[0] ?? 'form')]: notAccepted(issue?.message),
    },
  };
}

/** Export form. `compatible` is Kiln's own conversion of the GLB (free, on this computer). */
export interface ExportForm {
  readonly format: (typeof EXPORT_FORMATS)[number] | 'compatible';
  /** `''` = the model's own texture. */
  readonly texture: '' | 'realistic' | 'generative' | '1024' | '2048' | '4096';
  /** Compatible GLB: geometry compression. */
  readonly compression?: (typeof GLB_COMPRESSIONS)[number];
  /** Compatible GLB: longest texture edge; `''` = as they are. */
  readonly maxTextureSize?: '' | `${(typeof COMPATIBLE_TEXTURE_SIZES)[number]}`;
  /** Compatible GLB: a size budget in MB; empty = none. */
  readonly sizeBudgetMb?: string;
}

/** The export form's starting values. */
export const EXPORT_DEFAULTS: ExportForm = {
  format: 'glb',
  texture: '',
  compression: 'none',
  maxTextureSize: '',
  sizeBudgetMb: '',
};

/**
 * Builds an export; STL carries no texture, so the option is not sent with it. A compatible GLB
 * is built from its own options (the service's texture option does not apply to it).
 */
export function buildExport(f: ExportForm): Built {
  if (f.format === 'compatible') return buildCompatible(f);
  const texture = f.format === 'stl' ? '' : f.texture;
  return checked({ kind: 'export', format: f.format, ...(texture ? { texture } : {}) });
}

/** Builds a compatible-GLB conversion: compression, texture edge, and a size budget in MB. */
function buildCompatible(f: ExportForm): Built {
  let sizeBudgetMb: number | undefined;
  const typed = (f.sizeBudgetMb ?? '').trim().replace(',', '.');
  if (typed !== '') {
    sizeBudgetMb = /^\d*\.?\d+$/.test(typed) ? Number(typed) : NaN;
    if (!(sizeBudgetMb > 0 && sizeBudgetMb <= MAX_SIZE_BUDGET_MB)) {
      const most = formatNumber(MAX_SIZE_BUDGET_MB);
      return {
        errors: {
          sizeBudgetMb: t`Enter the largest file size in MB, more than 0 and at most ${most} (for example 25), or leave it empty.`,
        },
      };
    }
  }
  return checked({
    kind: 'compatible',
    compression: f.compression ?? 'none',
    ...(f.maxTextureSize ? { maxTextureSize: Number(f.maxTextureSize) } : {}),
    ...(sizeBudgetMb !== undefined ? { sizeBudgetMb } : {}),
  });
}

/** Print form. */
export interface PrintForm {
  readonly lengthMm: string;
  readonly format: (typeof PRINT_FORMATS)[number];
  readonly hollow: boolean;
  readonly colors: number;
  /** Comma-separated `#rrggbb`; when set it decides the colours (and their count). */
  readonly palette: string;
}

/** Builds a print file; a palette sets the colours, so `colors` is then not sent. */
export function buildPrint(f: PrintForm): Built {
  const errors: Record<string, string> = {};
  const length = parseWhole(
    f.lengthMm,
    LIMITS.lengthMm.min,
    LIMITS.lengthMm.max,
    (from, to) => t`Enter the longest side in mm from ${from} to ${to} (a whole number).`,
  );
  if ('error' in length) errors.lengthMm = length.error;
  const palette = parsePalette(f.palette);
  if (!palette.ok) errors.palette = palette.message;
  if (Object.keys(errors).length > 0 || 'error' in length || !palette.ok) return { errors };
  const colours = palette.colours;
  return checked({
    kind: 'print',
    lengthMm: length.value,
    format: f.format,
    hollow: f.hollow,
    ...(colours.length > 0 ? { palette: formatPalette(colours) } : { colors: f.colors }),
  });
}

/** Quad remesh form. */
export interface RetopoForm {
  readonly faces: string;
  /** `''` = the model's own texture size. */
  readonly texture: '' | '1024' | '2048' | '4096';
  readonly symmetry: boolean;
  readonly interior: (typeof RETOPO_INTERIORS)[number];
  readonly format: (typeof RETOPO_FORMATS)[number];
}

/** Builds a quad remesh. */
export function buildRetopo(f: RetopoForm): Built {
  const faces = parseWhole(
    f.faces,
    LIMITS.faces.min,
    LIMITS.faces.max,
    (from, to) => t`Enter a number of faces from ${from} to ${to} (a whole number).`,
  );
  if ('error' in faces) return { errors: { faces: faces.error } };
  return checked({
    kind: 'retopo',
    faces: faces.value,
    ...(f.texture ? { texture: Number(f.texture) } : {}),
    symmetry: f.symmetry,
    interior: f.interior,
    format: f.format,
  });
}

/** Builds a rig. */
export function buildRig(rigKind: (typeof RIG_KINDS)[number]): Built {
  return checked({ kind: 'rig', rigKind });
}

/** Game pack form. */
export interface GameForm {
  readonly engine: (typeof GAME_ENGINES)[number];
  /** `''` = the engine's default. */
  readonly units: '' | (typeof GAME_UNITS)[number];
  readonly lod: (typeof GAME_LODS)[number];
  readonly collider: (typeof GAME_COLLIDERS)[number];
  /** Real size of the longest side in metres; empty = as modelled. */
  readonly sizeM: string;
}

/** Builds a game pack. */
export function buildGame(f: GameForm): Built {
  let sizeM: number | undefined;
  const typed = f.sizeM.trim().replace(',', '.');
  if (typed !== '') {
    sizeM = /^\d*\.?\d+$/.test(typed) ? Number(typed) : NaN;
    if (!(sizeM > LIMITS.sizeM.exclusiveMin && sizeM <= LIMITS.sizeM.max)) {
      const most = formatNumber(LIMITS.sizeM.max, 2);
      return {
        errors: {
          sizeM: t`Enter the real size in metres: more than 0 and at most ${most} (for example 1.8), or leave it empty.`,
        },
      };
    }
  }
  return checked({
    kind: 'gamepack',
    engine: f.engine,
    ...(f.units ? { units: f.units } : {}),
    lod: f.lod,
    collider: f.collider,
    ...(sizeM !== undefined ? { sizeM } : {}),
  });
}

/** Builds a maker run. */
export function buildMaker(maker: string): Built {
  return checked({ kind: 'make', maker });
}
