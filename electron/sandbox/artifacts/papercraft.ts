/**
 * Papercraft maker (service-api.md §4.16, maker id `papercraft`): the model reduced to a few
 * hundred faces, unfolded into flat pieces that do not overlap, and laid out on A4 pages as SVG,
 * each face filled with the model's colour there. Solid lines are cut, dashed lines are valley
 * folds, dash-dot lines are mountain folds; numbered tabs glue to the edge with the same number.
 *
 * Unfolding is greedy: faces are added to a piece across shared edges, breadth first, as long as
 * the new face overlaps no face of the piece and the piece still fits a page; otherwise that edge
 * becomes a cut and the face starts or joins another piece.
 */
import { strToU8 } from 'fflate';
import { MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import { boundsOf, weldPositions, type MeshData } from './mesh';
import { stableZip } from './zip';

/** Usable area of an A4 page with 10 mm margins, millimetres. */
const PAGE = { width: 210, height: 297, margin: 10 };
const USABLE_W = PAGE.width - 2 * PAGE.margin;
const USABLE_H = PAGE.height - 2 * PAGE.margin;
/** Height of glue tabs, mm. */
const TAB = 5;

type P2 = [number, number];

/** Options of {@link papercraftZip}. */
export interface PapercraftOptions {
  /** Faces of the paper model; default 160. */
  faces?: number;
  /** Longest side of the finished model in mm; default 150. */
  sizeMm?: number;
}

/** A flat piece: faces with their 2D corners. */
interface Piece {
  faces: number[];
  corners: Map<number, [P2, P2, P2]>;
  /** Edges folded inside the piece (edge keys). */
  folds: Set<string>;
}

const edgeKey = (a: number, b: number) => (a < b ? `${a}_${b}` : `${b}_${a}`);
const sub = (a: P2, b: P2): P2 => [a[0] - b[0], a[1] - b[1]];
const cross = (a: P2, b: P2) => a[0] * b[1] - a[1] * b[0];

function segmentsCross(p1: P2, p2: P2, q1: P2, q2: P2): boolean {
  const d1 = cross(sub(q2, q1), sub(p1, q1));
  const d2 = cross(sub(q2, q1), sub(p2, q1));
  const d3 = cross(sub(p2, p1), sub(q1, p1));
  const d4 = cross(sub(p2, p1), sub(q2, p1));
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function insideTriangle(p: P2, [a, b, c]: [P2, P2, P2]): boolean {
  const s1 = cross(sub(b, a), sub(p, a));
  const s2 = cross(sub(c, b), sub(p, b));
  const s3 = cross(sub(a, c), sub(p, c));
  return (s1 > 0 && s2 > 0 && s3 > 0) || (s1 < 0 && s2 < 0 && s3 < 0);
}

/** The triangle pulled 2 % towards its centre: shared edges and corners must not count as overlap. */
function shrink(t: [P2, P2, P2]): [P2, P2, P2] {
  const cx = (t[0][0] + t[1][0] + t[2][0]) / 3;
  const cy = (t[0][1] + t[1][1] + t[2][1]) / 3;
  return t.map(([x, y]) => [cx + (x - cx) * 0.98, cy + (y - cy) * 0.98]) as [P2, P2, P2];
}

function trianglesOverlap(a: [P2, P2, P2], b: [P2, P2, P2]): boolean {
  const [sa, sb] = [shrink(a), shrink(b)];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (segmentsCross(sa[i]!, sa[(i + 1) % 3]!, sb[j]!, sb[(j + 1) % 3]!)) return true;
    }
  }
  return insideTriangle(sa[0], sb) || insideTriangle(sb[0], sa);
}

/** The mesh reduced for paper: welded, simplified, degenerate faces dropped; colour per face. */
async function paperMesh(mesh: MeshData, faces: number) {
  const welded = weldPositions(mesh);
  // Colour per welded vertex: the mean texture colour of the vertices merged into it.
  const count = welded.positions.length / 3;
  const sums = new Float64Array(count * 4);
  let pixel: ((u: number, v: number) => [number, number, number]) | undefined;
  if (mesh.texture) {
    const { data, info } = await sharp(mesh.texture.bytes)
      .resize(256, 256, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixel = (u, v) => {
      const x = Math.min(info.width - 1, Math.max(0, Math.floor((u - Math.floor(u)) * info.width)));
      const y = Math.min(
        info.height - 1,
        Math.max(0, Math.floor((v - Math.floor(v)) * info.height)),
      );
      const o = (y * info.width + x) * info.channels;
      return [data[o]!, data[o + 1]!, data[o + 2]!];
    };
  }
  const base = mesh.baseColor.map((c) => Math.round(Math.min(1, c) * 255)) as [
    number,
    number,
    number,
  ];
  for (let i = 0; i < mesh.indices.length; i++) {
    const from = mesh.indices[i]!;
    const to = welded.indices[i]!;
    const rgb = pixel ? pixel(mesh.uvs[from * 2]!, mesh.uvs[from * 2 + 1]!) : base;
    sums[to * 4]! += rgb[0];
    sums[to * 4 + 1]! += rgb[1];
    sums[to * 4 + 2]! += rgb[2];
    sums[to * 4 + 3]! += 1;
  }
  await MeshoptSimplifier.ready;
  let [indices] = MeshoptSimplifier.simplify(welded.indices, welded.positions, 3, faces * 3, 0.3);
  if (indices.length / 3 > faces * 1.3) {
    [indices] = MeshoptSimplifier.simplifySloppy(
      welded.indices,
      welded.positions,
      3,
      null,
      faces * 3,
      0.5,
    );
  }
  const p = welded.positions;
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t]!, indices[t + 1]!, indices[t + 2]!];
    if (a === b || b === c || a === c) continue;
    const ux = p[b * 3]! - p[a * 3]!;
    const uy = p[b * 3 + 1]! - p[a * 3 + 1]!;
    const uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
    const vx = p[c * 3]! - p[a * 3]!;
    const vy = p[c * 3 + 1]! - p[a * 3 + 1]!;
    const vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
    if (Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) < 1e-12) continue;
    kept.push(a, b, c);
  }
  const colour = (t: number) => {
    const rgb = [0, 0, 0];
    let n = 0;
    for (let k = 0; k < 3; k++) {
      const v = kept[t * 3 + k]!;
      for (let ch = 0; ch < 3; ch++) rgb[ch]! += sums[v * 4 + ch]!;
      n += sums[v * 4 + 3]!;
    }
    return `#${rgb
      .map((c) =>
        Math.round(c / Math.max(1, n))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  };
  return {
    positions: p,
    indices: kept,
    colours: Array.from({ length: kept.length / 3 }, (_, t) => colour(t)),
  };
}

/** Unfolds faces into non-overlapping pieces that fit a page. */
function unfold(positions: Float32Array, indices: number[], scale: number): Piece[] {
  const faceCount = indices.length / 3;
  const vertex = (f: number, k: number) => indices[f * 3 + k]!;
  const dist = (a: number, b: number) =>
    Math.hypot(
      positions[a * 3]! - positions[b * 3]!,
      positions[a * 3 + 1]! - positions[b * 3 + 1]!,
      positions[a * 3 + 2]! - positions[b * 3 + 2]!,
    ) * scale;
  const byEdge = new Map<string, number[]>();
  for (let f = 0; f < faceCount; f++) {
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(vertex(f, k), vertex(f, (k + 1) % 3));
      byEdge.set(key, [...(byEdge.get(key) ?? []), f]);
    }
  }
  const placed = new Int32Array(faceCount).fill(-1);
  const pieces: Piece[] = [];

  /** Corner of `c` on the far side of edge a→b from `away`, by its 3D distances. */
  const apex = (pa: P2, pb: P2, da: number, db: number, away: P2 | null): P2 => {
    const L = Math.hypot(pb[0] - pa[0], pb[1] - pa[1]) || 1e-9;
    const u: P2 = [(pb[0] - pa[0]) / L, (pb[1] - pa[1]) / L];
    const x = (da * da - db * db + L * L) / (2 * L);
    const h = Math.sqrt(Math.max(0, da * da - x * x));
    // The seed goes clockwise (y up), so on the y-down page every face shows its outside.
    let n: P2 = [u[1], -u[0]];
    if (away && cross(u, sub(away, pa)) < 0) n = [-u[1], u[0]];
    return [pa[0] + u[0] * x + n[0] * h, pa[1] + u[1] * x + n[1] * h];
  };

  for (let seed = 0; seed < faceCount; seed++) {
    if (placed[seed] !== -1) continue;
    const piece: Piece = { faces: [], corners: new Map(), folds: new Set() };
    const [a, b, c] = [vertex(seed, 0), vertex(seed, 1), vertex(seed, 2)];
    const pa: P2 = [0, 0];
    const pb: P2 = [dist(a, b), 0];
    const seedCorners: [P2, P2, P2] = [pa, pb, apex(pa, pb, dist(c, a), dist(c, b), null)];
    const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    const grow = (t: [P2, P2, P2]) => {
      for (const [x, y] of t) {
        box.x0 = Math.min(box.x0, x);
        box.y0 = Math.min(box.y0, y);
        box.x1 = Math.max(box.x1, x);
        box.y1 = Math.max(box.y1, y);
      }
    };
    const add = (f: number, corners: [P2, P2, P2]) => {
      placed[f] = pieces.length;
      piece.faces.push(f);
      piece.corners.set(f, corners);
      grow(corners);
    };
    add(seed, seedCorners);
    // Room for tabs: a piece must fit the page with a tab's height to spare on each side.
    const limitW = Math.min(USABLE_W, USABLE_H) - 2 * TAB;
    const limitH = Math.max(USABLE_W, USABLE_H) - 2 * TAB;
    const queue = [seed];
    while (queue.length > 0) {
      const f = queue.shift()!;
      const corners = piece.corners.get(f)!;
      for (let k = 0; k < 3; k++) {
        const va = vertex(f, k);
        const vb = vertex(f, (k + 1) % 3);
        const key = edgeKey(va, vb);
        const neighbours = byEdge.get(key)!;
        if (neighbours.length !== 2) continue; // a hole's border or a non-manifold edge: cut
        const g = neighbours[0] === f ? neighbours[1]! : neighbours[0]!;
        if (placed[g] !== -1) continue;
        // The neighbour's corners in its own order, placed across the shared edge.
        const local: Array<P2 | undefined> = [undefined, undefined, undefined];
        let third = -1;
        for (let m = 0; m < 3; m++) {
          const v = vertex(g, m);
          if (v === va) local[m] = corners[k];
          else if (v === vb) local[m] = corners[(k + 1) % 3];
          else third = m;
        }
        if (third < 0) continue;
        const vc = vertex(g, third);
        local[third] = apex(
          corners[k]!,
          corners[(k + 1) % 3]!,
          dist(vc, va),
          dist(vc, vb),
          corners[(k + 2) % 3]!,
        );
        const candidate = local as [P2, P2, P2];
        const w =
          Math.max(box.x1, ...candidate.map((p) => p[0])) -
          Math.min(box.x0, ...candidate.map((p) => p[0]));
        const h =
          Math.max(box.y1, ...candidate.map((p) => p[1])) -
          Math.min(box.y0, ...candidate.map((p) => p[1]));
        if (Math.min(w, h) > limitW || Math.max(w, h) > limitH) continue;
        let overlaps = false;
        for (const other of piece.faces) {
          if (trianglesOverlap(candidate, piece.corners.get(other)!)) {
            overlaps = true;
            break;
          }
        }
        if (overlaps) continue;
        add(g, candidate);
        piece.folds.add(key);
        queue.push(g);
      }
    }
    pieces.push(piece);
  }
  return pieces;
}

/** The paper mesh's edges: the faces sharing each, and the number each glued cut edge carries. */
interface Edges {
  /** Vertex `k` (0–2) of face `f`. */
  vertex(f: number, k: number): number;
  faces: Map<string, number[]>;
  labels: Map<string, number>;
}

/** Cut edges shared by two faces get a number; the face with the lower id carries the tab. */
function edgesOf(indices: readonly number[], pieces: readonly Piece[]): Edges {
  const vertex = (f: number, k: number) => indices[f * 3 + k]!;
  const faces = new Map<string, number[]>();
  for (let f = 0; f < indices.length / 3; f++) {
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(vertex(f, k), vertex(f, (k + 1) % 3));
      faces.set(key, [...(faces.get(key) ?? []), f]);
    }
  }
  const folds = new Set(pieces.flatMap((p) => [...p.folds]));
  const labels = new Map<string, number>();
  for (const [key, fs] of faces)
    if (fs.length === 2 && !folds.has(key)) labels.set(key, labels.size + 1);
  return { vertex, faces, labels };
}

/** Mountain or valley: is the neighbour's far corner in front of or behind face `f`? */
function foldKind(edges: Edges, p: Float32Array, f: number, key: string): 'mountain' | 'valley' {
  const { vertex } = edges;
  const [f2] = edges.faces.get(key)!.filter((g) => g !== f);
  const [a, b, c] = [vertex(f, 0), vertex(f, 1), vertex(f, 2)];
  const u = [0, 1, 2].map((i) => p[b * 3 + i]! - p[a * 3 + i]!);
  const v = [0, 1, 2].map((i) => p[c * 3 + i]! - p[a * 3 + i]!);
  const n = [
    u[1]! * v[2]! - u[2]! * v[1]!,
    u[2]! * v[0]! - u[0]! * v[2]!,
    u[0]! * v[1]! - u[1]! * v[0]!,
  ];
  const far = [0, 1, 2].map((k) => vertex(f2!, k)).find((w) => w !== a && w !== b && w !== c)!;
  const d = [0, 1, 2].reduce((s, i) => s + n[i]! * (p[far * 3 + i]! - p[a * 3 + i]!), 0);
  return d > 0 ? 'valley' : 'mountain';
}

/** A piece placed on a page: turned by `angle`, its box `w`×`h` at (`x`, `y`). */
interface Laid {
  piece: Piece;
  angle: number;
  w: number;
  h: number;
  x0: number;
  y0: number;
  page: number;
  x: number;
  y: number;
}

/** A piece turned to its tightest box that fits a page (in 15° steps). */
function tightest(piece: Piece): Laid {
  let best = { angle: 0, w: Infinity, h: Infinity, x0: 0, y0: 0 };
  for (let deg = 0; deg < 180; deg += 15) {
    const r = (deg * Math.PI) / 180;
    const [cos, sin] = [Math.cos(r), Math.sin(r)];
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const corners of piece.corners.values()) {
      for (const [x, y] of corners) {
        const rx = x * cos - y * sin;
        const ry = x * sin + y * cos;
        [x0, y0, x1, y1] = [Math.min(x0, rx), Math.min(y0, ry), Math.max(x1, rx), Math.max(y1, ry)];
      }
    }
    const [w, h] = [x1 - x0 + 2 * TAB, y1 - y0 + 2 * TAB];
    if (w <= USABLE_W && h <= USABLE_H && w * h < best.w * best.h)
      best = { angle: r, w, h, x0, y0 };
  }
  return { piece, ...best, page: 0, x: 0, y: 0 };
}

/** Lays pieces out: each turned to its tightest box, then shelves on pages. */
function layOut(pieces: readonly Piece[]): { laid: Laid[]; pageCount: number } {
  const laid = pieces.map(tightest);
  laid.sort((a, b) => b.h - a.h);
  let page = 0;
  let x = 0;
  let y = 0;
  let shelf = 0;
  for (const item of laid) {
    if (x + item.w > USABLE_W) {
      x = 0;
      y += shelf;
      shelf = 0;
    }
    if (y + item.h > USABLE_H) {
      page++;
      x = 0;
      y = 0;
      shelf = 0;
    }
    Object.assign(item, { page, x, y });
    x += item.w;
    shelf = Math.max(shelf, item.h);
  }
  return { laid, pageCount: page + 1 };
}

const n = (v: number) => v.toFixed(2);
const svgLine = (a: P2, b: P2, style: string) =>
  `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" ${style}/>`;
const svgLabel = (at: P2, label: number) =>
  `<text x="${n(at[0])}" y="${n(at[1])}" font-size="2.4" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif">${label}</text>`;

/** The tab of cut edge `a`–`b` (`c`: the face's third corner): a trapezoid outside the edge. */
function drawTab(a: P2, b: P2, c: P2, label: number, out: string[], lines: string[]): void {
  const d = sub(b, a);
  const len = Math.hypot(d[0], d[1]) || 1;
  let normal: P2 = [-d[1] / len, d[0] / len];
  if (cross(d, sub(c, a)) * cross(d, normal) > 0) normal = [-normal[0], -normal[1]];
  const inset = Math.min(TAB, len / 3);
  const t1: P2 = [
    a[0] + (d[0] / len) * inset + normal[0] * TAB,
    a[1] + (d[1] / len) * inset + normal[1] * TAB,
  ];
  const t2: P2 = [
    b[0] - (d[0] / len) * inset + normal[0] * TAB,
    b[1] - (d[1] / len) * inset + normal[1] * TAB,
  ];
  out.push(
    `<polygon points="${[a, t1, t2, b].map((q) => `${n(q[0])},${n(q[1])}`).join(' ')}" fill="#f2f2f2" stroke="#000" stroke-width="0.3"/>`,
  );
  lines.push(svgLine(a, b, 'stroke="#333" stroke-width="0.25" stroke-dasharray="2,1.5"'));
  lines.push(
    svgLabel([(t1[0] + t2[0] + a[0] + b[0]) / 4, (t1[1] + t2[1] + a[1] + b[1]) / 4], label),
  );
}

/** Draws one laid piece onto its page: faces first, then folds, cuts, tabs and numbers. */
function drawPiece(
  item: Laid,
  paper: { positions: Float32Array; colours: readonly string[] },
  edges: Edges,
  out: string[],
): void {
  const [cos, sin] = [Math.cos(item.angle), Math.sin(item.angle)];
  const place = ([px, py]: P2): P2 => [
    PAGE.margin + item.x + TAB + (px * cos - py * sin) - item.x0,
    PAGE.margin + item.y + TAB + (px * sin + py * cos) - item.y0,
  ];
  const lines: string[] = [];
  for (const f of item.piece.faces) {
    const corners = item.piece.corners.get(f)!.map(place) as [P2, P2, P2];
    out.push(
      `<polygon points="${corners.map((c) => `${n(c[0])},${n(c[1])}`).join(' ')}" fill="${paper.colours[f]}" stroke="none"/>`,
    );
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(edges.vertex(f, k), edges.vertex(f, (k + 1) % 3));
      const [a, b, c] = [corners[k]!, corners[(k + 1) % 3]!, corners[(k + 2) % 3]!];
      const first = f === Math.min(...edges.faces.get(key)!);
      if (item.piece.folds.has(key)) {
        // A fold is drawn once, from the face with the lower id.
        if (!first) continue;
        const dash = foldKind(edges, paper.positions, f, key) === 'valley' ? '2,1.5' : '3,1,0.6,1';
        lines.push(svgLine(a, b, `stroke="#333" stroke-width="0.25" stroke-dasharray="${dash}"`));
        continue;
      }
      const label = edges.labels.get(key);
      if (label !== undefined && first) {
        drawTab(a, b, c, label, out, lines);
        continue;
      }
      lines.push(svgLine(a, b, 'stroke="#000" stroke-width="0.3"'));
      if (label !== undefined) {
        lines.push(
          svgLabel(
            [((a[0] + b[0]) / 2) * 0.8 + c[0] * 0.2, ((a[1] + b[1]) / 2) * 0.8 + c[1] * 0.2],
            label,
          ),
        );
      }
    }
  }
  out.push(...lines);
}

/** One page as an SVG file. */
function pageSvg(name: string, body: readonly string[], i: number, count: number): Uint8Array {
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}mm" height="${PAGE.height}mm" viewBox="0 0 ${PAGE.width} ${PAGE.height}">
<title>${name} papercraft, page ${i + 1} of ${count}</title>
<rect width="100%" height="100%" fill="#fff"/>
${body.join('\n')}
<text x="${PAGE.margin}" y="${PAGE.height - 4}" font-size="3" font-family="sans-serif" fill="#888">${name} — page ${i + 1}/${count} — print at 100 %</text>
</svg>
`,
  );
}

/** The papercraft pages (SVG) and instructions, zipped. */
export async function papercraftZip(
  mesh: MeshData,
  name: string,
  options: PapercraftOptions = {},
): Promise<{ zip: Uint8Array; pages: number; pieces: number; faces: number }> {
  const paper = await paperMesh(mesh, options.faces ?? 160);
  const { size } = boundsOf(paper.positions);
  const scale = (options.sizeMm ?? 150) / (Math.max(...size) || 1);
  const pieces = unfold(paper.positions, paper.indices, scale);
  const faceCount = paper.indices.length / 3;
  const edges = edgesOf(paper.indices, pieces);
  const { laid, pageCount } = layOut(pieces);
  const pages: string[][] = Array.from({ length: pageCount }, () => []);
  for (const item of laid) drawPiece(item, paper, edges, pages[item.page]!);

  const files: Record<string, Uint8Array> = {};
  pages.forEach((body, i) => {
    files[`${name}-page-${i + 1}.svg`] = pageSvg(name, body, i, pages.length);
  });
  files['instructions.txt'] = strToU8(
    [
      `${name}: papercraft, ${faceCount} faces in ${pieces.length} pieces on ${pages.length} A4 page(s).`,
      `Finished size: about ${options.sizeMm ?? 150} mm on the longest side. Print at 100 % on 160-220 g/m² card.`,
      'Solid lines: cut. Dashed lines: valley folds (fold towards you). Dash-dot lines: mountain folds.',
      'Grey tabs carry a number: glue each tab under the edge with the same number.',
      '',
    ].join('\n'),
  );
  return {
    zip: stableZip(files),
    pages: pages.length,
    pieces: pieces.length,
    faces: faceCount,
  };
}
