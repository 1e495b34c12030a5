import {
  Box3,
  MathUtils,
  Sphere,
  Spherical,
  Vector3,
  type Object3D,
  type Vector3Like,
} from 'three';

/** Bounds of a model in world space. */
export interface ModelBounds {
  readonly box: Box3;
  readonly sphere: Sphere;
}

/** A camera placement produced by {@link computeFit}. */
export interface CameraFit {
  /** Where the camera goes. */
  readonly position: Vector3;
  /** What it looks at (the orbit target). */
  readonly target: Vector3;
  /** Distance from target to camera. */
  readonly distance: number;
  /** Clip planes sized to the model, so millimetre parts and building-sized scans both render. */
  readonly near: number;
  readonly far: number;
  /** Orbit zoom limits, so the user cannot lose the model by zooming through or away from it. */
  readonly minDistance: number;
  readonly maxDistance: number;
}

/** Inputs of {@link computeFit}. */
export interface FitInput {
  readonly center: Vector3Like;
  readonly radius: number;
  /** The perspective camera's vertical field of view, in degrees. */
  readonly fovDeg: number;
  /** Viewport width ÷ height. */
  readonly aspect: number;
  /** Direction from the target towards the camera; need not be normalised. Defaults to {@link threeQuarterDirection}. */
  readonly direction?: Vector3Like;
  /** Extra room around the bounding sphere, as a factor of the fitted distance. Defaults to 1.1. */
  readonly margin?: number;
}

/** How far the user may zoom out, as a multiple of the fitted distance. */
const MAX_ZOOM_OUT = 8;
/** Smallest radius we frame; empty or degenerate models still get a usable camera. */
const MIN_RADIUS = 1e-4;

/**
 * A three-quarter view from the front right and a little above. glTF faces +Z with +Y up, so
 * this shows the front and one side of the model, as product shots do.
 */
export function threeQuarterDirection(azimuthDeg = 35, elevationDeg = 22): Vector3 {
  const azimuth = MathUtils.degToRad(azimuthDeg);
  const elevation = MathUtils.degToRad(elevationDeg);
  return new Vector3(
    Math.sin(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(azimuth) * Math.cos(elevation),
  );
}

/**
 * Distance at which a sphere of `radius` fits inside a perspective frustum. The sphere's
 * silhouette touches the frustum when sin(half-angle) = radius ÷ distance; the narrower of the
 * vertical and horizontal angles decides, so tall and wide viewports both fit.
 */
export function fitDistance(radius: number, fovDeg: number, aspect: number, margin = 1.1): number {
  const r = Math.max(radius, MIN_RADIUS);
  const halfV = MathUtils.degToRad(fovDeg) / 2;
  const safeAspect = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const halfH = Math.atan(Math.tan(halfV) * safeAspect);
  const half = Math.min(halfV, halfH);
  return (r / Math.sin(half)) * margin;
}

/** Camera placement that frames a bounding sphere from `direction`. */
export function computeFit(input: FitInput): CameraFit {
  const radius = Math.max(input.radius, MIN_RADIUS);
  const target = new Vector3(input.center.x, input.center.y, input.center.z);
  const direction = new Vector3();
  if (input.direction) direction.set(input.direction.x, input.direction.y, input.direction.z);
  if (!(direction.lengthSq() > 1e-12) || !Number.isFinite(direction.lengthSq())) {
    direction.copy(threeQuarterDirection());
  }
  direction.normalize();
  const distance = fitDistance(radius, input.fovDeg, input.aspect, input.margin ?? 1.1);
  const position = target.clone().addScaledVector(direction, distance);
  const maxDistance = distance * MAX_ZOOM_OUT;
  const minDistance = radius * 0.05;
  return {
    position,
    target,
    distance,
    // Near stays well inside the closest zoom so close-ups do not clip; the far/near ratio stays
    // in the low thousands, plenty for a 24-bit depth buffer.
    near: minDistance * 0.1,
    far: maxDistance + radius * 4,
    minDistance,
    maxDistance,
  };
}

/**
 * World-space bounds of `object` from its vertices (not the looser per-geometry boxes), so thin
 * rotated parts do not inflate the framing. Empty objects get a unit sphere at the origin.
 */
export function measureBounds(object: Object3D): ModelBounds {
  object.updateWorldMatrix(true, true);
  const box = new Box3().setFromObject(object, true);
  if (box.isEmpty()) {
    return {
      box: new Box3(new Vector3(-0.5, -0.5, -0.5), new Vector3(0.5, 0.5, 0.5)),
      sphere: new Sphere(new Vector3(), Math.sqrt(0.75)),
    };
  }
  const sphere = box.getBoundingSphere(new Sphere());
  return { box, sphere };
}

/** A camera position and the point it orbits and looks at. */
export interface CameraView {
  readonly position: Vector3;
  readonly target: Vector3;
}

/** Ease-out cubic: fast start, gentle landing. */
export function easeOutCubic(t: number): number {
  const k = 1 - MathUtils.clamp(t, 0, 1);
  return 1 - k * k * k;
}

const _from = new Spherical();
const _to = new Spherical();

/**
 * The view a fraction `t` (0…1) of the way from `from` to `to`. The target moves in a straight
 * line; the camera swings around it (angles interpolated, the shorter way round) and its distance
 * changes geometrically, so the camera never cuts through the model or lurches when zooming a lot.
 */
export function interpolateView(from: CameraView, to: CameraView, t: number): CameraView {
  const k = MathUtils.clamp(t, 0, 1);
  const target = from.target.clone().lerp(to.target, k);
  _from.setFromVector3(from.position.clone().sub(from.target));
  _to.setFromVector3(to.position.clone().sub(to.target));
  let dTheta = _to.theta - _from.theta;
  if (dTheta > Math.PI) dTheta -= 2 * Math.PI;
  if (dTheta < -Math.PI) dTheta += 2 * Math.PI;
  const r0 = Math.max(_from.radius, 1e-9);
  const r1 = Math.max(_to.radius, 1e-9);
  const offset = new Vector3().setFromSphericalCoords(
    r0 * Math.pow(r1 / r0, k),
    _from.phi + (_to.phi - _from.phi) * k,
    _from.theta + dTheta * k,
  );
  return { position: target.clone().add(offset), target };
}

const WORLD_UP = new Vector3(0, 1, 0);
/** Keeps the camera off the poles, where azimuth is undefined and the view would flip. */
const POLAR_MARGIN = 0.01;

/**
 * The view after swinging the camera around its target: `dAzimuth` (radians) turns it around
 * the vertical axis (positive = towards +x from +z), `dPolar` tilts it (positive = lower, towards
 * the horizon and below), stopping short of straight above or below.
 */
export function orbitView(view: CameraView, dAzimuth: number, dPolar: number): CameraView {
  const offset = new Spherical().setFromVector3(view.position.clone().sub(view.target));
  offset.theta += dAzimuth;
  offset.phi = MathUtils.clamp(offset.phi + dPolar, POLAR_MARGIN, Math.PI - POLAR_MARGIN);
  return {
    position: view.target.clone().add(new Vector3().setFromSpherical(offset)),
    target: view.target.clone(),
  };
}

/** The view moved towards (factor < 1) or away from (factor > 1) its target, within limits. */
export function dollyView(
  view: CameraView,
  factor: number,
  minDistance = 0,
  maxDistance = Infinity,
): CameraView {
  const offset = view.position.clone().sub(view.target);
  const distance = MathUtils.clamp(offset.length() * factor, minDistance, maxDistance);
  return {
    position: view.target.clone().add(offset.setLength(distance)),
    target: view.target.clone(),
  };
}

/**
 * The view slid sideways (`dx`) and up (`dy`) in the screen plane, both as fractions of the
 * distance to the target, so a step looks the same at any zoom.
 */
export function panView(view: CameraView, dx: number, dy: number): CameraView {
  const offset = view.position.clone().sub(view.target);
  const distance = offset.length();
  const forward = offset.clone().negate().normalize();
  const right = new Vector3().crossVectors(forward, WORLD_UP);
  if (right.lengthSq() < 1e-12) right.set(1, 0, 0);
  right.normalize();
  const up = new Vector3().crossVectors(right, forward).normalize();
  const shift = right.multiplyScalar(dx * distance).addScaledVector(up, dy * distance);
  return { position: view.position.clone().add(shift), target: view.target.clone().add(shift) };
}

/** How the viewer places a model: {@link normalizeBounds}'s answer. */
export interface Normalization {
  /** Uniform scale to apply to the model's parent. */
  readonly scale: number;
  /** Translation to apply to the model's parent (after scaling). */
  readonly offset: Vector3;
  /** The model's bounds once placed. */
  readonly bounds: ModelBounds;
}

/**
 * Places a model measured by `bounds` at `scale`: centred in x and z, lowest point at y = 0.
 * Compare mode places two models with one scale, so their real sizes stay comparable.
 */
export function placeModel(bounds: ModelBounds, scale: number): Normalization {
  const { box, sphere } = bounds;
  const center = box.getCenter(new Vector3());
  const offset = new Vector3(-center.x, -box.min.y, -center.z).multiplyScalar(scale);
  const place = (v: Vector3): Vector3 => v.clone().multiplyScalar(scale).add(offset);
  return {
    scale,
    offset,
    bounds: {
      box: new Box3(place(box.min), place(box.max)),
      sphere: new Sphere(place(sphere.center), sphere.radius * scale),
    },
  };
}

/**
 * Stands the model on the ground at the origin with a bounding radius of 1: centred in x and z,
 * lowest point at y = 0. Generated models arrive in any unit and offset; normalising them lets
 * the ground shadow, clip planes and zoom limits stay constant, and keeps drei's ContactShadows
 * (whose blur pass assumes it sits near the origin) working for every model.
 */
export function normalizeBounds(bounds: ModelBounds): Normalization {
  return placeModel(bounds, 1 / Math.max(bounds.sphere.radius, MIN_RADIUS));
}

/** Named camera directions of the view presets. */
export type ViewPreset = 'front' | 'side' | 'top' | 'three-quarter';

/**
 * Direction from the target to the camera for a preset: glTF models face +Z with +Y up, so
 * "front" looks from +Z, "side" from +X (the model's left), "top" from straight above (nudged
 * off the pole so orbiting stays well defined).
 */
export function presetDirection(preset: ViewPreset): Vector3 {
  switch (preset) {
    case 'front':
      return new Vector3(0, 0, 1);
    case 'side':
      return new Vector3(1, 0, 0);
    case 'top':
      return new Vector3(0, 1, 0.001).normalize();
    case 'three-quarter':
      return threeQuarterDirection();
  }
}

/** The smallest sphere around two spheres. */
export function unionSphere(a: Sphere, b: Sphere): Sphere {
  const d = b.center.distanceTo(a.center);
  if (d + b.radius <= a.radius) return a.clone();
  if (d + a.radius <= b.radius) return b.clone();
  const radius = (d + a.radius + b.radius) / 2;
  const center = a.center.clone().add(
    b.center
      .clone()
      .sub(a.center)
      .multiplyScalar((radius - a.radius) / Math.max(d, 1e-12)),
  );
  return new Sphere(center, radius);
}
