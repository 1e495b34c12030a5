/**
 * Plain verdicts per purpose from a health report (and a printability report when one was
 * made): "Ready for print", "Needs repair: 3 holes", with what to do about each finding.
 */
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import type { HealthReport, PrintReport } from './health-types';

/** A verdict for one purpose. */
export interface Verdict {
  readonly purpose: 'print' | 'engines';
  /** `ready`: nothing to do; `care`: usable, with advice; `repair`: fix it first. */
  readonly level: 'ready' | 'care' | 'repair';
  /** "Ready for print", "Needs repair: 3 holes". */
  readonly title: string;
  /** What to do, one sentence each. */
  readonly advice: readonly string[];
}

/** Largest texture side that every engine and phone GPU takes. */
const MAX_ENGINE_TEXTURE = 4096;
/** Triangles above which a real-time model wants a lighter level of detail. */
const HEAVY_TRIANGLES = 150_000;

/** Findings as a list ("1 hole, 1 flipped triangle"), with the language's separator. */
const list = (items: readonly string[]) =>
  items.join(
    t({ message: ', ', comment: 'Separates findings in a list: "1 hole, 1 flipped triangle".' }),
  );

/** A share of the surface in per cent, one decimal ("12.5"). */
const percent = (fraction: number) => formatNumber(fraction * 100, 1);

const flippedTriangles = (n: number) =>
  plural(n, { one: '# flipped triangle', other: '# flipped triangles' });
const insideOutParts = (n: number) =>
  plural(n, { one: '# inside-out part', other: '# inside-out parts' });

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** What keeps the model from being a solid, in words ("1 hole", "1 flipped triangle"). */
function repairsOf(r: HealthReport): string[] {
  const repairs: string[] = [];
  if (r.holes) repairs.push(plural(r.holes, { one: '# hole', other: '# holes' }));
  if (r.nonManifoldEdges)
    repairs.push(
      plural(r.nonManifoldEdges, { one: '# non-manifold edge', other: '# non-manifold edges' }),
    );
  if (r.nonManifoldVertices)
    repairs.push(
      plural(r.nonManifoldVertices, {
        one: '# non-manifold vertex',
        other: '# non-manifold vertices',
      }),
    );
  if (r.flippedTriangles) repairs.push(flippedTriangles(r.flippedTriangles));
  if (r.insideOutParts) repairs.push(insideOutParts(r.insideOutParts));
  return repairs;
}

/**
 * "Yes", or "No — " with the reason on the same line ("No — 1 flipped triangle"), so a "No"
 * beside "Holes: 0" is never a puzzle.
 */
export function watertightText(r: HealthReport): string {
  if (r.watertight) return t`Yes`;
  const reasons = repairsOf(r);
  if (!reasons.length && r.inconsistentEdges) {
    reasons.push(
      plural(r.inconsistentEdges, {
        one: '# edge wound both ways',
        other: '# edges wound both ways',
      }),
    );
  }
  const why = reasons.length ? list(reasons) : t`no closed part`;
  return t`No — ${why}`;
}

/** The title of a verdict with repairs to make ("Needs repair: 3 holes"). */
function needsRepair(repairs: readonly string[]): string {
  const what = list(repairs);
  return t`Needs repair: ${what}`;
}

/** Is the model ready to print, and if not, what to do. */
export function printVerdict(r: HealthReport, print: PrintReport | null): Verdict {
  const repairs = repairsOf(r);
  const advice: string[] = [];
  if (repairs.length) {
    advice.push(
      t`Order the service’s print file (Tools → Print): it welds the surface into one watertight solid, closing holes and fixing the winding, so slicers read it as a solid.`,
    );
  }
  if (print) {
    const min = formatNumber(print.options.minWallMm, 2);
    if (print.thinAreaMm2 > 0) {
      const share = percent(print.thinFraction);
      const length = formatNumber(print.options.lengthMm, 1);
      const needed = print.lengthForMinWallMm ? formatNumber(print.lengthForMinWallMm) : null;
      advice.push(
        needed
          ? t`Walls on ${share} % of the surface are thinner than ${min} mm at ${length} mm: print it at least ${needed} mm long, or thicken them in a modelling tool.`
          : t`Walls on ${share} % of the surface are thinner than ${min} mm: thicken them in a modelling tool, or print larger.`,
      );
    }
    if (!print.fits) {
      const size = print.sizeMm.map((v) => formatNumber(Math.round(v))).join(' × ');
      advice.push(
        t`At ${size} mm it does not fit the build volume: print it smaller, or split it into parts (Tools → Parts).`,
      );
    }
    if (print.overhangFraction > 0.001) {
      const share = percent(print.overhangFraction);
      const angle = formatNumber(print.options.overhangDeg);
      advice.push(
        t`${share} % of the surface overhangs more than ${angle}°: turn supports on in your slicer.`,
      );
    }
  }
  if (repairs.length) {
    return {
      purpose: 'print',
      level: 'repair',
      title: needsRepair(repairs),
      advice,
    };
  }
  const blocking = print && (print.thinAreaMm2 > 0 || !print.fits);
  if (blocking) {
    return {
      purpose: 'print',
      level: 'care',
      title: print.fits ? t`Watertight, with thin walls` : t`Watertight, too large for the printer`,
      advice,
    };
  }
  return {
    purpose: 'print',
    level: advice.length ? 'care' : 'ready',
    title: t`Ready for print`,
    advice: advice.length ? advice : [t`A closed, manifold solid: any slicer can fill it.`],
  };
}

/** Is the model ready for a game engine or real-time viewer, and if not, what to do. */
export function engineVerdict(r: HealthReport): Verdict {
  const repairs: string[] = [];
  const advice: string[] = [];
  if (r.flippedTriangles || r.insideOutParts) {
    repairs.push(
      r.flippedTriangles ? flippedTriangles(r.flippedTriangles) : insideOutParts(r.insideOutParts),
    );
    advice.push(
      t`Engines hide the back of every triangle: flipped ones show as holes. Recalculate the normals outside in a modelling tool, or order a Quad remesh.`,
    );
  }
  if (r.degenerateTriangles || r.duplicateTriangles) {
    const n = r.degenerateTriangles + r.duplicateTriangles;
    repairs.push(
      plural(n, {
        one: '# degenerate or duplicate triangle',
        other: '# degenerate or duplicate triangles',
      }),
    );
    advice.push(
      t`Degenerate and duplicate triangles flicker and break lightmap baking: merge by distance in a modelling tool, or order a Quad remesh.`,
    );
  }
  if (r.meshesWithoutUvs) {
    repairs.push(
      plural(r.meshesWithoutUvs, { one: '# mesh without UVs', other: '# meshes without UVs' }),
    );
    advice.push(t`Meshes without UVs cannot be textured or lightmapped: unwrap them first.`);
  }
  if (r.uvOutside > 0.01) {
    const share = formatNumber(Math.round(r.uvOutside * 100));
    advice.push(
      t`${share} % of the UVs lie outside 0–1: fine for tiling textures, wrong for a baked atlas or a lightmap.`,
    );
  }
  const big = r.textures.filter((t) => Math.max(t.width, t.height) > MAX_ENGINE_TEXTURE);
  if (big.length) {
    const limit = MAX_ENGINE_TEXTURE;
    advice.push(
      plural(big.length, {
        one: `# texture larger than ${limit} px: mobile GPUs refuse them; export with a smaller texture size.`,
        other: `# textures larger than ${limit} px: mobile GPUs refuse them; export with a smaller texture size.`,
      }),
    );
  }
  const odd = r.textures.filter((t) => !isPowerOfTwo(t.width) || !isPowerOfTwo(t.height));
  if (odd.length) {
    advice.push(
      plural(odd.length, {
        one: '# texture not a power of two in size: some engines resize them and lose mipmap quality.',
        other:
          '# textures not a power of two in size: some engines resize them and lose mipmap quality.',
      }),
    );
  }
  if (r.triangles > HEAVY_TRIANGLES) {
    advice.push(
      plural(r.triangles, {
        one: '# triangle is heavy for real time: the Game pack (Tools) makes levels of detail, Quad remesh a lighter mesh.',
        other:
          '# triangles is heavy for real time: the Game pack (Tools) makes levels of detail, Quad remesh a lighter mesh.',
      }),
    );
  }
  if (repairs.length) {
    return {
      purpose: 'engines',
      level: 'repair',
      title: needsRepair(repairs),
      advice,
    };
  }
  return {
    purpose: 'engines',
    level: advice.length ? 'care' : 'ready',
    title: t`Ready for engines`,
    advice: advice.length
      ? advice
      : [t`Clean triangles, UVs and textures engines take as they are.`],
  };
}
