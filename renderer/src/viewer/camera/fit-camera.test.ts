import {
  Box3,
  BoxGeometry,
  Group,
  MathUtils,
  Mesh,
  PerspectiveCamera,
  Sphere,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import {
  computeFit,
  dollyView,
  placeModel,
  presetDirection,
  unionSphere,
  easeOutCubic,
  fitDistance,
  interpolateView,
  measureBounds,
  normalizeBounds,
  orbitView,
  panView,
  threeQuarterDirection,
} from './fit-camera';

/** Largest angle (from the view axis) at which the sphere's silhouette appears, in radians. */
function silhouetteHalfAngle(radius: number, distance: number): number {
  return Math.asin(radius / distance);
}

describe('fitDistance', () => {
  it('puts the sphere exactly on the vertical frustum edge without margin', () => {
    const d = fitDistance(2, 60, 16 / 9, 1);
    expect(silhouetteHalfAngle(2, d)).toBeCloseTo(MathUtils.degToRad(30), 10);
  });

  it('uses the horizontal angle when the viewport is taller than wide', () => {
    const aspect = 0.5;
    const d = fitDistance(1, 50, aspect, 1);
    const halfH = Math.atan(Math.tan(MathUtils.degToRad(25)) * aspect);
    expect(silhouetteHalfAngle(1, d)).toBeCloseTo(halfH, 10);
    expect(d).toBeGreaterThan(fitDistance(1, 50, 2, 1));
  });

  it('scales linearly with radius and margin, and survives a zero aspect', () => {
    expect(fitDistance(10, 35, 1.5)).toBeCloseTo(fitDistance(1, 35, 1.5) * 10, 8);
    expect(fitDistance(1, 35, 1.5, 1.2)).toBeCloseTo(fitDistance(1, 35, 1.5, 1) * 1.2, 8);
    expect(Number.isFinite(fitDistance(1, 35, 0))).toBe(true);
  });
});

describe('computeFit', () => {
  it('looks at the centre from a three-quarter view above and to the front right', () => {
    const center = new Vector3(1, 2, 3);
    const fit = computeFit({ center, radius: 1, fovDeg: 35, aspect: 1.5 });
    expect(fit.target.equals(center)).toBe(true);
    const offset = fit.position.clone().sub(center);
    expect(offset.length()).toBeCloseTo(fit.distance, 8);
    expect(offset.x).toBeGreaterThan(0);
    expect(offset.y).toBeGreaterThan(0);
    expect(offset.z).toBeGreaterThan(offset.x);
  });

  it('keeps a given viewing direction', () => {
    const fit = computeFit({
      center: { x: 0, y: 0, z: 0 },
      radius: 3,
      fovDeg: 40,
      aspect: 1,
      direction: { x: 0, y: 0, z: -5 },
    });
    expect(fit.position.x).toBeCloseTo(0, 10);
    expect(fit.position.z).toBeCloseTo(-fit.distance, 10);
  });

  it('falls back to three-quarter for a zero direction', () => {
    const fit = computeFit({
      center: new Vector3(),
      radius: 1,
      fovDeg: 35,
      aspect: 1,
      direction: new Vector3(),
    });
    expect(fit.position.clone().normalize().distanceTo(threeQuarterDirection())).toBeLessThan(1e-9);
  });

  it('frames the whole sphere in a real camera, with clip planes that contain it', () => {
    const camera = new PerspectiveCamera(35, 4 / 3, 0.1, 100);
    const sphere = new Sphere(new Vector3(0.3, 40, -2), 25);
    const fit = computeFit({
      center: sphere.center,
      radius: sphere.radius,
      fovDeg: camera.fov,
      aspect: camera.aspect,
    });
    camera.position.copy(fit.position);
    camera.near = fit.near;
    camera.far = fit.far;
    camera.lookAt(fit.target);
    camera.updateMatrixWorld();
    camera.updateProjectionMatrix();
    // Sample the sphere's extreme points: all of them must land inside clip space.
    for (const axis of [new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Vector3(0, 0, 1)]) {
      for (const sign of [1, -1]) {
        const p = sphere.center
          .clone()
          .addScaledVector(axis, sign * sphere.radius)
          .project(camera);
        expect(Math.abs(p.x)).toBeLessThan(1);
        expect(Math.abs(p.y)).toBeLessThan(1);
        expect(Math.abs(p.z)).toBeLessThan(1);
      }
    }
    expect(fit.near).toBeLessThan(fit.minDistance);
    expect(fit.far).toBeGreaterThan(fit.maxDistance + sphere.radius);
    expect(fit.far / fit.near).toBeLessThan(1e5);
  });

  it('frames millimetre and kilometre models alike', () => {
    const small = computeFit({ center: new Vector3(), radius: 0.002, fovDeg: 35, aspect: 1 });
    const large = computeFit({ center: new Vector3(), radius: 2000, fovDeg: 35, aspect: 1 });
    expect(large.distance / small.distance).toBeCloseTo(1e6, 3);
    expect(large.far / large.near).toBeCloseTo(small.far / small.near, 6);
  });
});

describe('measureBounds', () => {
  it('measures world-space vertices, including the parent transform', () => {
    const mesh = new Mesh(new BoxGeometry(2, 4, 6));
    const group = new Group().add(mesh);
    group.position.set(10, 0, 0);
    const { box, sphere } = measureBounds(group);
    expect(box.min.toArray()).toEqual([9, -2, -3]);
    expect(box.max.toArray()).toEqual([11, 2, 3]);
    expect(sphere.center.toArray()).toEqual([10, 0, 0]);
    expect(sphere.radius).toBeCloseTo(Math.sqrt(1 + 4 + 9), 10);
  });

  it('gives an empty object a unit box at the origin', () => {
    const { box, sphere } = measureBounds(new Group());
    expect(box.isEmpty()).toBe(false);
    expect(sphere.radius).toBeGreaterThan(0);
  });
});

describe('interpolateView', () => {
  const from = { position: new Vector3(0, 0, 10), target: new Vector3() };
  const to = { position: new Vector3(2, 0, 0), target: new Vector3(1, 0, 0) };

  it('starts at `from` and ends at `to`', () => {
    const start = interpolateView(from, to, 0);
    const end = interpolateView(from, to, 1);
    expect(start.position.distanceTo(from.position)).toBeLessThan(1e-9);
    expect(end.position.distanceTo(to.position)).toBeLessThan(1e-9);
    expect(end.target.distanceTo(to.target)).toBeLessThan(1e-9);
  });

  it('orbits around the target instead of cutting through it', () => {
    for (let t = 0; t <= 1; t += 0.1) {
      const view = interpolateView(from, to, t);
      // Distance to target shrinks monotonically from 10 to 1, never passing near zero.
      expect(view.position.distanceTo(view.target)).toBeGreaterThanOrEqual(1 - 1e-9);
    }
  });

  it('takes the short way round', () => {
    const a = { position: new Vector3(Math.sin(3), 0, Math.cos(3)), target: new Vector3() };
    const b = { position: new Vector3(Math.sin(-3), 0, Math.cos(-3)), target: new Vector3() };
    const mid = interpolateView(a, b, 0.5);
    // Halfway along the short arc is straight behind (-z), not straight in front.
    expect(mid.position.z).toBeCloseTo(-1, 6);
  });

  it('eases out', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
    expect(easeOutCubic(2)).toBe(1);
  });
});

describe('keyboard view steps', () => {
  const view = { position: new Vector3(0, 0, 10), target: new Vector3(0, 0, 0) };

  it('orbits around the target at constant distance', () => {
    const turned = orbitView(view, Math.PI / 2, 0);
    expect(turned.position.x).toBeCloseTo(10, 8);
    expect(turned.position.z).toBeCloseTo(0, 8);
    const raised = orbitView(view, 0, -Math.PI / 4);
    expect(raised.position.y).toBeCloseTo(10 * Math.SQRT1_2, 8);
    expect(raised.position.length()).toBeCloseTo(10, 8);
  });

  it('never tilts over the top', () => {
    const top = orbitView(view, 0, -10);
    expect(top.position.y).toBeLessThan(10);
    expect(top.position.y).toBeGreaterThan(9.99);
    expect(Math.hypot(top.position.x, top.position.z)).toBeGreaterThan(0);
  });

  it('zooms within the limits', () => {
    expect(dollyView(view, 0.5).position.z).toBeCloseTo(5, 10);
    expect(dollyView(view, 0.01, 2, 50).position.z).toBeCloseTo(2, 10);
    expect(dollyView(view, 100, 2, 50).position.z).toBeCloseTo(50, 10);
  });

  it('pans in the screen plane, moving camera and target together', () => {
    const moved = panView(view, 0.1, 0.2);
    // Looking down -z with +y up, screen right is +x.
    expect(moved.target.x).toBeCloseTo(1, 8);
    expect(moved.target.y).toBeCloseTo(2, 8);
    expect(
      moved.position
        .clone()
        .sub(moved.target)
        .distanceTo(new Vector3(0, 0, 10)),
    ).toBeLessThan(1e-9);
  });

  it('pans sensibly when looking straight down', () => {
    const down = { position: new Vector3(0, 10, 0), target: new Vector3() };
    const moved = panView(down, 0.1, 0);
    expect(Number.isFinite(moved.target.x)).toBe(true);
    expect(moved.target.length()).toBeCloseTo(1, 8);
  });
});

describe('normalizeBounds', () => {
  it('stands any model on the origin with radius 1', () => {
    const mesh = new Mesh(new BoxGeometry(200, 80, 40));
    mesh.position.set(1000, 500, -300);
    const group = new Group().add(mesh);
    const { scale, offset, bounds } = normalizeBounds(measureBounds(group));
    expect(bounds.sphere.radius).toBeCloseTo(1, 10);
    expect(bounds.box.min.y).toBeCloseTo(0, 10);
    expect(bounds.box.getCenter(new Vector3()).x).toBeCloseTo(0, 10);
    expect(bounds.box.getCenter(new Vector3()).z).toBeCloseTo(0, 10);
    // Applying the transform to a parent gives the same bounds as the prediction.
    const parent = new Group().add(group);
    parent.scale.setScalar(scale);
    parent.position.copy(offset);
    const measured = measureBounds(parent);
    expect(measured.box.min.distanceTo(bounds.box.min)).toBeLessThan(1e-9);
    expect(measured.box.max.distanceTo(bounds.box.max)).toBeLessThan(1e-9);
  });
});

describe('placeModel, presets and unions', () => {
  it('places two models at one scale, each standing on the origin', () => {
    const box = new Box3(new Vector3(1, 2, 3), new Vector3(3, 6, 5));
    const placed = placeModel({ box, sphere: box.getBoundingSphere(new Sphere()) }, 0.5);
    expect(placed.bounds.box.min.y).toBeCloseTo(0);
    expect(placed.bounds.box.getCenter(new Vector3()).x).toBeCloseTo(0);
    expect(placed.bounds.box.max.y).toBeCloseTo(2);
  });
  it('looks at the front from +Z and from above for top', () => {
    expect(presetDirection('front').toArray()).toEqual([0, 0, 1]);
    expect(presetDirection('top').y).toBeGreaterThan(0.99);
  });
  it('finds a sphere around two spheres', () => {
    const u = unionSphere(
      new Sphere(new Vector3(-1, 0, 0), 1),
      new Sphere(new Vector3(2, 0, 0), 1),
    );
    expect(u.radius).toBeCloseTo(2.5);
    expect(u.center.x).toBeCloseTo(0.5);
  });
});
