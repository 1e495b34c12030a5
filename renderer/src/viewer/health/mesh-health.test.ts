import { describe, expect, it } from 'vitest';
import { issueText } from './health-text';
import { analyseHealth } from './mesh-health';
import { analysePrint, printBasis } from './printability';
import type { PrintOptions } from './health-types';
import { box, model } from './test-meshes';
import { weld } from './weld';

const unit = [0, 0, 0] as const;
const one = [1, 1, 1] as const;

const check = (...parts: Parameters<typeof model>[0]) => analyseHealth(model(parts)).report;

describe('mesh health', () => {
  it('welds a box split at its UV seams into one closed solid', () => {
    const r = check(box(unit, one));
    expect(r).toMatchObject({
      triangles: 12,
      vertices: 24,
      weldedVertices: 8,
      parts: 1,
      boundaryEdges: 0,
      holes: 0,
      nonManifoldEdges: 0,
      nonManifoldVertices: 0,
      degenerateTriangles: 0,
      duplicateTriangles: 0,
      inconsistentEdges: 0,
      flippedTriangles: 0,
      insideOutParts: 0,
      watertight: true,
      issues: [],
    });
    expect(r.volume).toBeCloseTo(1, 6);
    expect(r.area).toBeCloseTo(6, 6);
  });

  it('finds the hole of a box with a face missing', () => {
    const r = check(box(unit, one, { without: [3] }));
    expect(r).toMatchObject({
      triangles: 10,
      boundaryEdges: 4,
      holes: 1,
      nonManifoldEdges: 0,
      nonManifoldVertices: 0,
      flippedTriangles: 0,
      watertight: false,
      volume: null,
    });
    const hole = r.issues.find((i) => i.kind === 'hole')!;
    expect(issueText(hole)).toBe('Hole 1 · 4 open edges');
    expect(hole.segments).toHaveLength(4 * 6);
    // The hole is the top face: framed around its centre.
    expect(hole.center).toEqual([0.5, 1, 0.5]);
  });

  it('counts each hole of a box with two opposite faces missing', () => {
    const r = check(box(unit, one, { without: [2, 3] }));
    expect(r).toMatchObject({ boundaryEdges: 8, holes: 2, parts: 1 });
  });

  it('reports two boxes sharing an edge as one part with a non-manifold edge', () => {
    const r = check(box(unit, one), box([1, 1, 0], [2, 2, 1]));
    expect(r).toMatchObject({
      triangles: 24,
      weldedVertices: 14,
      parts: 1,
      boundaryEdges: 0,
      holes: 0,
      nonManifoldEdges: 1,
      nonManifoldVertices: 2,
      inconsistentEdges: 0,
      flippedTriangles: 0,
      watertight: false,
    });
    const edge = r.issues.find((i) => i.kind === 'non-manifold-edge')!;
    expect(edge.count).toBe(1);
    expect([...edge.segments!].sort()).toEqual([1, 1, 0, 1, 1, 1].sort());
  });

  it('reports two boxes touching at one corner as a non-manifold vertex', () => {
    const r = check(box(unit, one), box([1, 1, 1], [2, 2, 2]));
    expect(r).toMatchObject({ parts: 1, nonManifoldEdges: 0, nonManifoldVertices: 1 });
  });

  it('finds the one flipped triangle and its three inconsistent edges', () => {
    const r = check(box(unit, one, { flip: [5] }));
    expect(r).toMatchObject({
      flippedTriangles: 1,
      inconsistentEdges: 3,
      boundaryEdges: 0,
      insideOutParts: 0,
      watertight: false,
    });
    expect(r.issues.find((i) => i.kind === 'flipped')!.faces).toHaveLength(9);
  });

  it('tells an inside-out box from a flipped face', () => {
    const r = check(box(unit, one, { insideOut: true }));
    expect(r).toMatchObject({ flippedTriangles: 0, inconsistentEdges: 0, insideOutParts: 1 });
    // The solid the print check uses is turned right side out.
    expect(analyseHealth(model([box(unit, one, { insideOut: true })])).solid.volume).toBeCloseTo(1);
  });

  it('counts degenerate and duplicate triangles and keeps them out of the topology', () => {
    const b = box(unit, one);
    // A collapsed corner, three corners on one line (vertex 24 halfway along an edge), and a
    // copy of the first triangle.
    const index = new Uint32Array([...b.index, 0, 0, 1, 0, 24, 3, ...b.index.slice(0, 3)]);
    const positions = new Float32Array([...b.positions, 0.5, 0, 0]);
    const r = check({ positions, index });
    expect(r).toMatchObject({
      triangles: 15,
      degenerateTriangles: 2,
      duplicateTriangles: 1,
      nonManifoldEdges: 0,
      watertight: true,
    });
  });

  it('counts separate parts', () => {
    const r = check(box(unit, one), box([3, 0, 0], [4, 1, 1]));
    expect(r).toMatchObject({ parts: 2, watertight: true });
    expect(r.volume).toBeCloseTo(2, 6);
  });

  it('reads UV sets, UVs outside 0–1 and texel density', () => {
    const b = box(unit, one);
    const uv = b.uv.slice();
    uv[0] = 1.5;
    uv[3] = -0.25;
    const r = analyseHealth(model([{ ...b, uv }], { width: 1024, height: 1024 })).report;
    expect(r.uvSets).toBe(1);
    expect(r.meshesWithoutUvs).toBe(0);
    expect(r.uvOutside).toBeCloseTo(2 / 24, 6);
    expect(r.textures).toEqual([{ slots: ['map'], width: 1024, height: 1024 }]);
    // Every 1 m² face maps onto the whole 1024² texture (the two edited UVs aside).
    const clean = analyseHealth(model([b], { width: 1024, height: 1024 })).report;
    expect(clean.texelDensity).toBeCloseTo(1024, 3);
    expect(analyseHealth(model([{ positions: b.positions, index: b.index }])).report).toMatchObject(
      { uvSets: 0, meshesWithoutUvs: 1, texelDensity: null },
    );
  });
});

describe('weld', () => {
  it('merges vertices within the tolerance, on either side of a grid cell', () => {
    const t = 0.001;
    const p = new Float32Array([0.0019, 0, 0, 0.0021, 0, 0, 0.0045, 0, 0, 0.0019, 0.0009, 0]);
    const w = weld(p, t);
    expect([...w.remap]).toEqual([0, 0, 1, 0]);
    expect(w.count).toBe(2);
  });
});

describe('printability', () => {
  const FDM: PrintOptions = {
    lengthMm: 20,
    minWallMm: 0.8,
    hollow: false,
    buildVolume: { x: 250, y: 210, z: 220 },
    overhangDeg: 45,
    overlay: 'thickness',
  };
  // A slab 20 mm × 0.3 mm × 20 mm (metres: glTF's unit), standing up.
  const slab = () => printBasis(analyseHealth(model([box(unit, [0.02, 0.02, 0.0003])])).solid);

  it('flags the two faces of a 0.3 mm wall as thinner than 0.8 mm', () => {
    const r = analysePrint(slab(), FDM);
    expect(r.sizeMm.map((v) => Math.round(v * 10) / 10)).toEqual([20, 0.3, 20]);
    expect(r.thinAreaMm2).toBeCloseTo(800, 3);
    expect(r.areaMm2).toBeCloseTo(800 + 4 * 20 * 0.3, 3);
    expect(r.thinnestMm).toBeCloseTo(0.3, 4);
    // At 54 mm the wall is 0.81 mm.
    expect(r.lengthForMinWallMm).toBe(54);
    expect(r.issues.map((i) => [i.kind, i.count])).toEqual([['thin', 4]]);
    // Red triangles, 9 floats and 9 colour bytes each.
    expect(r.overlay.positions).toHaveLength(4 * 9);
    expect([...r.overlay.colors.slice(0, 3)]).toEqual([226, 54, 54]);
    // Resin allows 0.4 mm walls: 0.3 mm is still too thin.
    expect(analysePrint(slab(), { ...FDM, minWallMm: 0.4 }).thinAreaMm2).toBeCloseTo(800, 3);
    expect(analysePrint(slab(), { ...FDM, minWallMm: 0.2 }).thinAreaMm2).toBe(0);
  });

  it('measures a 1 cm cube: no thin wall, no overhang above the plate, fits the plate', () => {
    const cube = printBasis(analyseHealth(model([box(unit, one)])).solid);
    const r = analysePrint(cube, { ...FDM, lengthMm: 10 });
    expect(r).toMatchObject({ thinAreaMm2: 0, overhangAreaMm2: 0, fits: true, thinnestMm: null });
    expect(r.volumeCm3).toBeCloseTo(1, 4);
    expect(analysePrint(cube, { ...FDM, lengthMm: 300 }).fits).toBe(false);
    // Hollow: the service's 2.5 mm shell, 6 cm² × 0.25 cm, less than the solid's 27 cm³.
    expect(analysePrint(cube, { ...FDM, lengthMm: 30, hollow: true }).shellVolumeCm3).toBeCloseTo(
      13.5,
      4,
    );
  });

  it('finds the overhang of a raised box (its bottom is off the plate)', () => {
    // A T: a post with a wide top; the top's underside overhangs.
    const basis = printBasis(
      analyseHealth(model([box([0.4, 0, 0.4], [0.6, 1, 0.6]), box([0, 1, 0], [1, 1.2, 1])])).solid,
    );
    const r = analysePrint(basis, { ...FDM, lengthMm: 100, overlay: 'overhang' });
    // The underside of the top (1 × 1 m, 100 mm ⇒ 83.3 mm per metre … scaled by the 1.2 m height).
    const k = 100 / 1.2;
    expect(r.overhangAreaMm2).toBeCloseTo(1 * k * k, 0);
    expect(r.issues.find((i) => i.kind === 'overhang')!.count).toBe(2);
    expect([...r.overlay.colors.slice(0, 3)]).toEqual([56, 142, 255]);
  });

  it('fits a build volume turned on the plate', () => {
    const long = printBasis(analyseHealth(model([box(unit, [2, 0.5, 1])])).solid);
    const r = analysePrint(long, {
      ...FDM,
      lengthMm: 200,
      buildVolume: { x: 120, y: 210, z: 100 },
    });
    expect(r.sizeMm.map(Math.round)).toEqual([200, 100, 50]);
    expect(r.fits).toBe(true);
  });
});
