/**
 * Plain verdicts per purpose from a health report (and a printability report when one was
 * made): "Ready for print", "Needs repair: 3 holes", with what to do about each finding.
 */
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

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** What keeps the model from being a solid, in words ("1 hole", "1 flipped triangle"). */
function repairsOf(r: HealthReport): string[] {
  const repairs: string[] = [];
  if (r.holes) repairs.push(count(r.holes, 'hole'));
  if (r.nonManifoldEdges) repairs.push(count(r.nonManifoldEdges, 'non-manifold edge'));
  if (r.nonManifoldVertices)
    repairs.push(count(r.nonManifoldVertices, 'non-manifold vertex', 'non-manifold vertices'));
  if (r.flippedTriangles) repairs.push(count(r.flippedTriangles, 'flipped triangle'));
  if (r.insideOutParts) repairs.push(count(r.insideOutParts, 'inside-out part'));
  return repairs;
}

/**
 * "Yes", or "No — " with the reason on the same line ("No — 1 flipped triangle"), so a "No"
 * beside "Holes: 0" is never a puzzle.
 */
export function watertightText(r: HealthReport): string {
  if (r.watertight) return 'Yes';
  const reasons = repairsOf(r);
  if (!reasons.length && r.inconsistentEdges) {
    reasons.push(`${count(r.inconsistentEdges, 'edge')} wound both ways`);
  }
  return `No — ${reasons.length ? reasons.join(', ') : 'no closed part'}`;
}

/** Is the model ready to print, and if not, what to do. */
export function printVerdict(r: HealthReport, print: PrintReport | null): Verdict {
  const repairs = repairsOf(r);
  const advice: string[] = [];
  if (repairs.length) {
    advice.push(
      'Order the service’s print file (Tools → Print): it welds the surface into one watertight solid, closing holes and fixing the winding, so slicers read it as a solid.',
    );
  }
  if (print) {
    const min = print.options.minWallMm;
    if (print.thinAreaMm2 > 0) {
      const where = `${Math.round(print.thinFraction * 1000) / 10} % of the surface`;
      advice.push(
        print.lengthForMinWallMm
          ? `Walls on ${where} are thinner than ${min} mm at ${print.options.lengthMm} mm: print it at least ${print.lengthForMinWallMm} mm long, or thicken them in a modelling tool.`
          : `Walls on ${where} are thinner than ${min} mm: thicken them in a modelling tool, or print larger.`,
      );
    }
    if (!print.fits) {
      advice.push(
        `At ${print.sizeMm.map((v) => Math.round(v)).join(' × ')} mm it does not fit the build volume: print it smaller, or split it into parts (Tools → Parts).`,
      );
    }
    if (print.overhangFraction > 0.001) {
      advice.push(
        `${Math.round(print.overhangFraction * 1000) / 10} % of the surface overhangs more than ${print.options.overhangDeg}°: turn supports on in your slicer.`,
      );
    }
  }
  if (repairs.length) {
    return {
      purpose: 'print',
      level: 'repair',
      title: `Needs repair: ${repairs.join(', ')}`,
      advice,
    };
  }
  const blocking = print && (print.thinAreaMm2 > 0 || !print.fits);
  if (blocking) {
    return {
      purpose: 'print',
      level: 'care',
      title: print.fits ? 'Watertight, with thin walls' : 'Watertight, too large for the printer',
      advice,
    };
  }
  return {
    purpose: 'print',
    level: advice.length ? 'care' : 'ready',
    title: 'Ready for print',
    advice: advice.length ? advice : ['A closed, manifold solid: any slicer can fill it.'],
  };
}

/** Is the model ready for a game engine or real-time viewer, and if not, what to do. */
export function engineVerdict(r: HealthReport): Verdict {
  const repairs: string[] = [];
  const advice: string[] = [];
  if (r.flippedTriangles || r.insideOutParts) {
    repairs.push(
      r.flippedTriangles
        ? count(r.flippedTriangles, 'flipped triangle')
        : count(r.insideOutParts, 'inside-out part'),
    );
    advice.push(
      'Engines hide the back of every triangle: flipped ones show as holes. Recalculate the normals outside in a modelling tool, or order a Quad remesh.',
    );
  }
  if (r.degenerateTriangles || r.duplicateTriangles) {
    const n = r.degenerateTriangles + r.duplicateTriangles;
    repairs.push(count(n, 'degenerate or duplicate triangle'));
    advice.push(
      'Degenerate and duplicate triangles flicker and break lightmap baking: merge by distance in a modelling tool, or order a Quad remesh.',
    );
  }
  if (r.meshesWithoutUvs) {
    repairs.push(count(r.meshesWithoutUvs, 'mesh without UVs', 'meshes without UVs'));
    advice.push('Meshes without UVs cannot be textured or lightmapped: unwrap them first.');
  }
  if (r.uvOutside > 0.01) {
    advice.push(
      `${Math.round(r.uvOutside * 100)} % of the UVs lie outside 0–1: fine for tiling textures, wrong for a baked atlas or a lightmap.`,
    );
  }
  const big = r.textures.filter((t) => Math.max(t.width, t.height) > MAX_ENGINE_TEXTURE);
  if (big.length) {
    advice.push(
      `${count(big.length, 'texture')} larger than ${MAX_ENGINE_TEXTURE} px: mobile GPUs refuse them; export with a smaller texture size.`,
    );
  }
  const odd = r.textures.filter((t) => !isPowerOfTwo(t.width) || !isPowerOfTwo(t.height));
  if (odd.length) {
    advice.push(
      `${count(odd.length, 'texture')} not a power of two in size: some engines resize them and lose mipmap quality.`,
    );
  }
  if (r.triangles > HEAVY_TRIANGLES) {
    advice.push(
      `${count(r.triangles, 'triangle')} is heavy for real time: the Game pack (Tools) makes levels of detail, Quad remesh a lighter mesh.`,
    );
  }
  if (repairs.length) {
    return {
      purpose: 'engines',
      level: 'repair',
      title: `Needs repair: ${repairs.join(', ')}`,
      advice,
    };
  }
  return {
    purpose: 'engines',
    level: advice.length ? 'care' : 'ready',
    title: 'Ready for engines',
    advice: advice.length
      ? advice
      : ['Clean triangles, UVs and textures engines take as they are.'],
  };
}
