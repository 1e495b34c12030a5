import { kMeans, type Cluster } from './colour';
import { mainRegion } from './mask-ops';
import { FlowGraph } from './max-flow';

/**
 * GrabCut (Rother, Kolmogorov & Blake, "GrabCut: interactive foreground extraction using iterated
 * graph cuts", 2004) without the user's rectangle: an initial mask seeds the colour models, and a
 * soft centre prior stands in for the rectangle.
 *
 * Each pass fits a Gaussian mixture to the object's colours and one to the background's, then
 * labels every pixel by a minimum cut that trades colour likelihood against a contrast-sensitive
 * smoothness term, so the outline follows colour edges and ignores texture inside the object.
 */

/** Mixture components per model (the paper uses five). */
const COMPONENTS = 5;
/** Weight of the smoothness term (nats per unit edge at zero contrast). */
const SMOOTHNESS = 25;
/**
 * Centre prior in nats: added to the object cost in the corners and to the background cost in
 * the middle. Decides the pixels whose colour fits both models (fur on a close-up cat's face and
 * at the frame alike), without overruling a clear colour difference.
 */
const CENTRE_PRIOR = 6;
/** Colour samples per model fit: plenty for five components, bounded cost. */
const MAX_SAMPLES = 8000;

/** 8-neighbourhood, forward half: right, down, down-right, down-left, with 1/distance weights. */
const NEIGHBOURS = [
  { dx: 1, dy: 0, w: 1 },
  { dx: 0, dy: 1, w: 1 },
  { dx: 1, dy: 1, w: Math.SQRT1_2 },
  { dx: -1, dy: 1, w: Math.SQRT1_2 },
] as const;

/**
 * Refines `mask` over the CIELAB image by `passes` GrabCut iterations.
 * The result is the main component of the cut, holes filled.
 */
export function grabCut(
  lab: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  passes: number,
): Uint8Array {
  const graph = smoothnessGraph(lab, width, height);
  let current = mask;
  for (let pass = 0; pass < passes; pass++) {
    if (pass > 0) graph.reset();
    const next = cutOnce(lab, current, width, height, graph);
    if (!next) break;
    current = next;
  }
  return current;
}

/**
 * The pairwise part of the graph: contrast-sensitive Potts weights between 8-neighbours. Cutting
 * between similar pixels is expensive, cutting along a colour edge is cheap. It does not change
 * between passes, so it is built once and reset.
 */
function smoothnessGraph(lab: Float32Array, width: number, height: number): FlowGraph {
  const n = width * height;
  const diff = new Float32Array(n * 4);
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      for (let k = 0; k < 4; k++) {
        const { dx, dy } = NEIGHBOURS[k];
        if (x + dx < 0 || x + dx >= width || y + dy >= height) continue;
        const q = i + dy * width + dx;
        const d =
          (lab[i * 3] - lab[q * 3]) ** 2 +
          (lab[i * 3 + 1] - lab[q * 3 + 1]) ** 2 +
          (lab[i * 3 + 2] - lab[q * 3 + 2]) ** 2;
        diff[i * 4 + k] = d;
        sum += d;
        count++;
      }
    }
  }
  // beta = 1 / (2 <|z_p - z_q|^2>): contrast is judged relative to this image's own.
  const beta = sum > 0 ? count / (2 * sum) : 0;
  const graph = new FlowGraph(n, count);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      for (let k = 0; k < 4; k++) {
        const { dx, dy, w } = NEIGHBOURS[k];
        if (x + dx < 0 || x + dx >= width || y + dy >= height) continue;
        const weight = SMOOTHNESS * w * Math.exp(-beta * diff[i * 4 + k]);
        graph.addEdge(i, i + dy * width + dx, weight, weight);
      }
    }
  }
  return graph;
}

/** One pass; undefined when either side has no pixels left to model. */
function cutOnce(
  lab: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  graph: FlowGraph,
): Uint8Array | undefined {
  const n = width * height;
  const stride = Math.max(1, Math.floor(n / MAX_SAMPLES));
  const object = mixture(kMeans(samplesWhere(lab, mask, 1, stride), COMPONENTS));
  const background = mixture(kMeans(samplesWhere(lab, mask, 0, stride), COMPONENTS));
  if (!object.length || !background.length) return undefined;

  const costObject = new Float32Array(n);
  const costBackground = new Float32Array(n);
  negLogLikelihood(lab, object, costObject);
  negLogLikelihood(lab, background, costBackground);
  for (let y = 0; y < height; y++) {
    const dy = ((y + 0.5) / height - 0.5) * 2;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const dx = ((x + 0.5) / width - 0.5) * 2;
      const r2 = (dx * dx + dy * dy) / 2; // 0 in the middle, 1 in the corners
      // Source side = object. A node's sink link is cut (paid) when it ends up object.
      graph.addTerminal(
        i,
        costBackground[i] + CENTRE_PRIOR * (1 - r2) * 0.5,
        costObject[i] + CENTRE_PRIOR * r2,
      );
    }
  }
  return mainRegion(graph.solve(), width, height, 0);
}

/** A diagonal Gaussian, pre-digested for negative log-likelihoods. */
interface Gaussian {
  l: number;
  a: number;
  b: number;
  /** 1 / (2 variance) per axis. */
  il: number;
  ia: number;
  ib: number;
  /** log(weight) - log(det) / 2 */
  logNorm: number;
}

function mixture(clusters: Cluster[]): Gaussian[] {
  return clusters.map((c) => {
    // Floors keep a flat backdrop or a specular highlight from becoming a needle.
    const vl = Math.max(c.vl, 4);
    const va = Math.max(c.va, 2);
    const vb = Math.max(c.vb, 2);
    return {
      l: c.l,
      a: c.a,
      b: c.b,
      il: 0.5 / vl,
      ia: 0.5 / va,
      ib: 0.5 / vb,
      logNorm: Math.log(c.weight) - 0.5 * Math.log(vl * va * vb),
    };
  });
}

/**
 * Negative log-likelihood of every pixel under a mixture (constants dropped), taking the best
 * component as GrabCut does; log-sum-exp would differ little and cost an exp per component.
 */
function negLogLikelihood(lab: Float32Array, mix: Gaussian[], out: Float32Array): void {
  for (let i = 0; i < out.length; i++) {
    const L = lab[i * 3];
    const A = lab[i * 3 + 1];
    const B = lab[i * 3 + 2];
    let best = Infinity;
    for (const c of mix) {
      const dl = L - c.l;
      const da = A - c.a;
      const db = B - c.b;
      const v = dl * dl * c.il + da * da * c.ia + db * db * c.ib - c.logNorm;
      if (v < best) best = v;
    }
    out[i] = best;
  }
}

/** Every `stride`-th pixel whose mask value is `value`, packed as L,a,b. */
function samplesWhere(
  lab: Float32Array,
  mask: Uint8Array,
  value: number,
  stride: number,
): Float32Array {
  let count = 0;
  for (let i = 0; i < mask.length; i += stride) if (mask[i] === value) count++;
  const out = new Float32Array(count * 3);
  let o = 0;
  for (let i = 0; i < mask.length; i += stride) {
    if (mask[i] !== value) continue;
    out[o++] = lab[i * 3];
    out[o++] = lab[i * 3 + 1];
    out[o++] = lab[i * 3 + 2];
  }
  return out;
}
