import { sampleBilinear } from '../../../shared/segmentation/distance';
import { fillHoles, keepMainComponent } from '../../../shared/segmentation/mask-ops';

/** A signed distance field over the analysis image (positive inside the object). */
export interface DistanceField {
  values: Float32Array;
  width: number;
  height: number;
}

/**
 * The front sheet of the inflated silhouette, in analysis-image pixels (x right, y down).
 *
 * The closed model is this sheet twice: the front as is, the back mirrored in depth, glued along
 * the seam (outline) vertices, which both sides share.
 */
export interface Sheet {
  x: Float64Array;
  y: Float64Array;
  /** 1 for outline vertices (depth 0, shared by front and back). */
  seam: Uint8Array;
  /** Triangles as vertex index triples, positively oriented in image coordinates. */
  triangles: Uint32Array;
  vertexCount: number;
  triangleCount: number;
  /** Grid step in pixels. */
  step: number;
}

/**
 * Signed distance at any point of the plane: bilinear inside the image, continued outside it by
 * the distance to the frame, so an object cut by the frame gets its outline on the frame.
 */
export function fieldAt(field: DistanceField, x: number, y: number): number {
  const cx = Math.min(Math.max(x, 0.5), field.width - 0.5);
  const cy = Math.min(Math.max(y, 0.5), field.height - 0.5);
  const v = sampleBilinear(field.values, field.width, field.height, cx, cy);
  return cx === x && cy === y ? v : v - Math.hypot(x - cx, y - cy);
}

/**
 * Builds the sheet whose closed model has about `targetTriangles` triangles: the grid step is
 * first estimated from the silhouette area, then corrected from the counts actually obtained
 * (outline cells triangulate into more than two triangles, so the estimate is a little off).
 */
export function sheetForTarget(
  field: DistanceField,
  area: number,
  targetTriangles: number,
  remesh: boolean,
): Sheet {
  // Closed model = 2 sheets x 2 triangles per grid cell.
  let step = Math.sqrt((4 * Math.max(area, 1)) / targetTriangles);
  let best: Sheet | undefined;
  const error = (sheet: Sheet): number => Math.abs(sheet.triangleCount * 2 - targetTriangles);
  for (let attempt = 0; attempt < 8; attempt++) {
    const sheet = buildSheet(field, step, remesh);
    if (!best || error(sheet) < error(best)) best = sheet;
    if (error(sheet) <= targetTriangles * 0.02) break;
    // Triangles scale with 1 / step^2; a silhouette thinner than the step yields none at all.
    step *= sheet.triangleCount > 0 ? Math.sqrt((sheet.triangleCount * 2) / targetTriangles) : 0.5;
  }
  return best as Sheet;
}

/** Builds the front sheet on a square grid of the given step (pixels). */
export function buildSheet(field: DistanceField, step: number, remesh: boolean): Sheet {
  // The grid spans the silhouette's bounding box plus a one-step margin (so outlines on the
  // frame close too): a small object at a high triangle count must not pay for the whole photo.
  const box = positiveBounds(field);
  const x0 = box.x0 - step;
  const y0 = box.y0 - step;
  const nx = Math.ceil((box.x1 - box.x0 + 2 * step) / step);
  const ny = Math.ceil((box.y1 - box.y0 + 2 * step) / step);
  const cells = classifyCells(field, x0, y0, step, nx, ny);

  const vx = nx + 1;
  const vy = ny + 1;
  // Inside cells around each grid vertex: 0 unused, 4 interior, 1..3 on the outline.
  const around = new Uint8Array(vx * vy);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (!cells[j * nx + i]) continue;
      const v = j * vx + i;
      around[v]++;
      around[v + 1]++;
      around[v + vx]++;
      around[v + vx + 1]++;
    }
  }
  const isSeam = (v: number): boolean => around[v] > 0 && around[v] < 4;
  const cellAt = (i: number, j: number): number =>
    i >= 0 && j >= 0 && i < nx && j < ny ? cells[j * nx + i] : 0;

  // A "chord" is an edge between two inside cells whose ends are both on the outline. Front and
  // back would share it and it would belong to four triangles, so it gets a midpoint vertex.
  const hChord = (i: number, j: number): boolean =>
    cellAt(i, j - 1) === 1 && cellAt(i, j) === 1 && isSeam(j * vx + i) && isSeam(j * vx + i + 1);
  const vChord = (i: number, j: number): boolean =>
    cellAt(i - 1, j) === 1 && cellAt(i, j) === 1 && isSeam(j * vx + i) && isSeam((j + 1) * vx + i);

  const builder = new SheetBuilder();
  const gridId = new Int32Array(vx * vy).fill(-1);
  const gridVertex = (i: number, j: number): number => {
    const v = j * vx + i;
    if (gridId[v] < 0) gridId[v] = builder.add(x0 + i * step, y0 + j * step, isSeam(v) ? 1 : 0);
    return gridId[v];
  };
  const hMid = new Map<number, number>();
  const vMid = new Map<number, number>();
  const midpoint = (map: Map<number, number>, key: number, a: number, b: number): number => {
    let id = map.get(key);
    if (id === undefined) {
      id = builder.add((builder.x[a] + builder.x[b]) / 2, (builder.y[a] + builder.y[b]) / 2, 0);
      builder.derived(id, [a, b]);
      map.set(key, id);
    }
    return id;
  };

  const polygon: number[] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (!cells[j * nx + i]) continue;
      const a = gridVertex(i, j);
      const b = gridVertex(i + 1, j);
      const c = gridVertex(i + 1, j + 1);
      const d = gridVertex(i, j + 1);
      const sa = builder.seam[a];
      const sb = builder.seam[b];
      const sc = builder.seam[c];
      const sd = builder.seam[d];
      const top = hChord(i, j);
      const bottom = hChord(i, j + 1);
      const left = vChord(i, j);
      const right = vChord(i + 1, j);
      if ((sa && sb && sc && sd) || top || bottom || left || right) {
        // Fan around a centre vertex, with midpoints on chord edges.
        polygon.length = 0;
        polygon.push(a);
        if (top) polygon.push(midpoint(hMid, j * vx + i, a, b));
        polygon.push(b);
        if (right) polygon.push(midpoint(vMid, j * vx + i + 1, b, c));
        polygon.push(c);
        if (bottom) polygon.push(midpoint(hMid, (j + 1) * vx + i, c, d));
        polygon.push(d);
        if (left) polygon.push(midpoint(vMid, j * vx + i, d, a));
        const centre = builder.add(x0 + (i + 0.5) * step, y0 + (j + 0.5) * step, 0);
        builder.derived(centre, [a, b, c, d]);
        for (let k = 0; k < polygon.length; k++) {
          builder.triangle(centre, polygon[k], polygon[(k + 1) % polygon.length]);
        }
        continue;
      }
      // Two triangles. Alternate the diagonal in a checkerboard so the surface has no grain,
      // unless that diagonal would join two outline vertices (a chord again).
      const acOk = !(sa && sc);
      const bdOk = !(sb && sd);
      const preferAc = ((i + j) & 1) === 0;
      if ((preferAc && acOk) || !bdOk) {
        builder.triangle(a, b, c);
        builder.triangle(a, c, d);
      } else {
        builder.triangle(a, b, d);
        builder.triangle(b, c, d);
      }
    }
  }

  const sheet = builder.finish(step);
  if (remesh) smoothOutline(sheet, builder, field, cells, nx, ny, gridId, vx);
  return sheet;
}

/** Bounding box (pixel edges) of the pixels where the field is positive. */
function positiveBounds(field: DistanceField): { x0: number; y0: number; x1: number; y1: number } {
  const { width, height, values } = field;
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (values[y * width + x] <= 0) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
    }
  }
  return x1 > x0 ? { x0, y0, x1, y1 } : { x0: 0, y0: 0, x1: width, y1: height };
}

/**
 * Grid cells inside the silhouette, cleaned so the sheet is one disc: the main 4-connected
 * component, no cells touching only at a corner (a non-manifold pinch), no holes.
 */
function classifyCells(
  field: DistanceField,
  x0: number,
  y0: number,
  step: number,
  nx: number,
  ny: number,
): Uint8Array {
  let cells: Uint8Array = new Uint8Array(nx * ny);
  const centreValue = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const v = fieldAt(field, x0 + (i + 0.5) * step, y0 + (j + 0.5) * step);
      centreValue[j * nx + i] = v;
      cells[j * nx + i] = v > 0 ? 1 : 0;
    }
  }
  cells = keepMainComponent(cells, nx, ny);
  for (let changed = true; changed;) {
    changed = false;
    for (let j = 0; j + 1 < ny; j++) {
      for (let i = 0; i + 1 < nx; i++) {
        const p = j * nx + i;
        const c00 = cells[p];
        const c10 = cells[p + 1];
        const c01 = cells[p + nx];
        const c11 = cells[p + nx + 1];
        // Bridge the pinch with whichever empty cell is more inside.
        if (c00 && c11 && !c10 && !c01) {
          cells[centreValue[p + 1] >= centreValue[p + nx] ? p + 1 : p + nx] = 1;
          changed = true;
        } else if (c10 && c01 && !c00 && !c11) {
          cells[centreValue[p] >= centreValue[p + nx + 1] ? p : p + nx + 1] = 1;
          changed = true;
        }
      }
    }
  }
  return fillHoles(cells, nx, ny);
}

/** Accumulates sheet vertices and triangles in growable typed arrays. */
class SheetBuilder {
  x = new Float64Array(1024);
  y = new Float64Array(1024);
  seam = new Uint8Array(1024);
  count = 0;
  tris = new Uint32Array(3072);
  triCount = 0;
  /** Vertices placed as the average of others (midpoints, cell centres): id, parents. */
  readonly derivedList: Array<[number, number[]]> = [];

  add(x: number, y: number, seam: number): number {
    if (this.count === this.x.length) {
      this.x = grow(this.x);
      this.y = grow(this.y);
      this.seam = grow(this.seam);
    }
    this.x[this.count] = x;
    this.y[this.count] = y;
    this.seam[this.count] = seam;
    return this.count++;
  }

  derived(id: number, parents: number[]): void {
    this.derivedList.push([id, parents]);
  }

  triangle(a: number, b: number, c: number): void {
    if (this.triCount * 3 + 3 > this.tris.length) this.tris = grow(this.tris);
    const o = this.triCount * 3;
    this.tris[o] = a;
    this.tris[o + 1] = b;
    this.tris[o + 2] = c;
    this.triCount++;
  }

  finish(step: number): Sheet {
    return {
      x: this.x.subarray(0, this.count),
      y: this.y.subarray(0, this.count),
      seam: this.seam.subarray(0, this.count),
      triangles: this.tris.subarray(0, this.triCount * 3),
      vertexCount: this.count,
      triangleCount: this.triCount,
      step,
    };
  }
}

function grow<T extends Float64Array | Uint8Array | Uint32Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * Replaces the grid's staircase outline by the silhouette itself: each outline vertex is moved
 * onto the zero level of the distance field (Newton steps along its gradient), then a few
 * Taubin lambda/mu passes along the loop even out the spacing without shrinking the outline.
 * Midpoints and cell centres follow their parents. No vertex moves more than 0.45 step from its
 * grid position, which keeps every triangle from folding over.
 */
function smoothOutline(
  sheet: Sheet,
  builder: SheetBuilder,
  field: DistanceField,
  cells: Uint8Array,
  nx: number,
  ny: number,
  gridId: Int32Array,
  vx: number,
): void {
  const n = sheet.vertexCount;
  const nbA = new Int32Array(n).fill(-1);
  const nbB = new Int32Array(n).fill(-1);
  const link = (p: number, q: number): void => {
    if (nbA[p] < 0) nbA[p] = q;
    else nbB[p] = q;
    if (nbA[q] < 0) nbA[q] = p;
    else nbB[q] = p;
  };
  const cellAt = (i: number, j: number): number =>
    i >= 0 && j >= 0 && i < nx && j < ny ? cells[j * nx + i] : 0;
  // Outline edges: grid edges with an inside cell on exactly one side.
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      if (i < nx && cellAt(i, j - 1) !== cellAt(i, j))
        link(gridId[j * vx + i], gridId[j * vx + i + 1]);
      if (j < ny && cellAt(i - 1, j) !== cellAt(i, j))
        link(gridId[j * vx + i], gridId[(j + 1) * vx + i]);
    }
  }
  const ox = Float64Array.from(sheet.x);
  const oy = Float64Array.from(sheet.y);
  const tx = new Float64Array(n);
  const ty = new Float64Array(n);
  const limit = 0.45 * sheet.step;
  const seamVerts: number[] = [];
  for (let v = 0; v < n; v++) if (sheet.seam[v] && nbA[v] >= 0 && nbB[v] >= 0) seamVerts.push(v);
  const clampMove = (v: number, x: number, y: number): void => {
    let dx = x - ox[v];
    let dy = y - oy[v];
    const len = Math.hypot(dx, dy);
    if (len > limit) {
      dx *= limit / len;
      dy *= limit / len;
    }
    sheet.x[v] = ox[v] + dx;
    sheet.y[v] = oy[v] + dy;
  };

  const h = 0.25;
  for (const v of seamVerts) {
    let x = ox[v];
    let y = oy[v];
    for (let k = 0; k < 3; k++) {
      const f = fieldAt(field, x, y);
      const gx = (fieldAt(field, x + h, y) - fieldAt(field, x - h, y)) / (2 * h);
      const gy = (fieldAt(field, x, y + h) - fieldAt(field, x, y - h)) / (2 * h);
      const g2 = gx * gx + gy * gy;
      // A flat gradient (the middle of a one-pixel sliver) has no direction to snap along.
      if (g2 < 0.04) break;
      x -= (f * gx) / g2;
      y -= (f * gy) / g2;
    }
    clampMove(v, x, y);
  }

  for (let it = 0; it < 6; it++) {
    const factor = it % 2 === 0 ? 0.5 : -0.53;
    for (const v of seamVerts) {
      tx[v] = sheet.x[v] + factor * ((sheet.x[nbA[v]] + sheet.x[nbB[v]]) / 2 - sheet.x[v]);
      ty[v] = sheet.y[v] + factor * ((sheet.y[nbA[v]] + sheet.y[nbB[v]]) / 2 - sheet.y[v]);
    }
    for (const v of seamVerts) clampMove(v, tx[v], ty[v]);
  }
  for (const [id, parents] of builder.derivedList) {
    let sx = 0;
    let sy = 0;
    for (const p of parents) {
      sx += sheet.x[p];
      sy += sheet.y[p];
    }
    sheet.x[id] = sx / parents.length;
    sheet.y[id] = sy / parents.length;
  }
}
