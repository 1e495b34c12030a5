/**
 * What the health check draws over the model: the printability heat map (coloured triangles laid
 * on the surface) and the issue in focus (its edges drawn through the model, its faces tinted),
 * plus framing that issue with the camera. Everything is added under the model's root, in the
 * model's own space, and flagged so the check never reads it back as part of the model.
 */
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  SRGBColorSpace,
  DoubleSide,
  LessEqualDepth,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  Scene,
  Sphere,
  Vector3,
  type Camera,
  type Object3D,
  type WebGLRenderer,
} from 'three';
import { computeFit } from '../camera/fit-camera';
import type { ViewerStage } from '../viewer-types';
import { TOOL_OBJECT } from './extract-model';
import type { HealthIssue } from './health-types';

/** The issue highlight's colour: magenta, which no heat-map colour or common texture uses. */
const ISSUE_COLOUR = '#ff3fd5';

/**
 * Each sRGB byte in three's working (linear) space, made once by three's own conversion: a
 * million-triangle heat map has three million channels, and converting each through `Color`
 * kept the main thread busy for 65 ms (bench B13's long task); a table lookup takes a few.
 */
let linearOfByte: Float32Array | undefined;

function linearTable(): Float32Array {
  if (!linearOfByte) {
    linearOfByte = new Float32Array(256);
    const colour = new Color();
    for (let v = 0; v < 256; v++) linearOfByte[v] = colour.setRGB(v / 255, 0, 0, SRGBColorSpace).r;
  }
  return linearOfByte;
}

/**
 * Vertex colours in three's working (linear) space from sRGB bytes: the heat map's colours are
 * picked as sRGB, and read as linear they reach the screen pale (its red as salmon).
 */
export function linearColours(srgb: Uint8Array): Float32Array {
  const table = linearTable();
  const out = new Float32Array(srgb.length);
  for (let i = 0; i < srgb.length; i++) out[i] = table[srgb[i]!]!;
  return out;
}

/**
 * A sphere around `positions` (x, y, z triples): the one around their bounding box
 * (`Box3.setFromArray`, one pass). three computes a geometry's own when it first sorts the
 * transparent heat map, with a second pass for the radius: 24 ms on the main thread for a million
 * triangles (bench B13).
 */
export function enclosingSphere(positions: Float32Array): Sphere {
  return new Box3().setFromArray(positions).getBoundingSphere(new Sphere());
}

function geometryOf(positions: Float32Array, colors?: Uint8Array): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.boundingSphere = enclosingSphere(positions);
  if (colors) geometry.setAttribute('color', new BufferAttribute(linearColours(colors), 3));
  return geometry;
}

function adopt<T extends Object3D>(object: T, order: number): T {
  object.userData[TOOL_OBJECT] = true;
  object.renderOrder = order;
  object.frustumCulled = false;
  object.raycast = () => {};
  return object;
}

/** The overlays on one model; dispose it when the model or the panel goes. */
export class ModelOverlay {
  readonly #root: Object3D;
  readonly #heatMaterial = new MeshBasicMaterial({
    vertexColors: true,
    transparent: true,
    opacity: 0.92,
    depthFunc: LessEqualDepth,
    polygonOffset: true,
    polygonOffsetFactor: -1,
    polygonOffsetUnits: -4,
    side: DoubleSide,
    toneMapped: false,
  });
  readonly #faceMaterial = new MeshBasicMaterial({
    color: ISSUE_COLOUR,
    transparent: true,
    opacity: 0.7,
    depthFunc: LessEqualDepth,
    polygonOffset: true,
    polygonOffsetFactor: -2,
    polygonOffsetUnits: -8,
    side: DoubleSide,
    toneMapped: false,
  });
  // Edges show through the model: a hole on the far side is still seen where it is.
  readonly #edgeMaterial = new LineBasicMaterial({
    color: ISSUE_COLOUR,
    depthTest: false,
    transparent: true,
    toneMapped: false,
  });
  #heat: Mesh | null = null;
  #faces: Mesh | null = null;
  #edges: LineSegments | null = null;

  constructor(root: Object3D) {
    this.#root = root;
  }

  /**
   * Compiles the overlays' shaders now, as they would draw in `scene`, so the frame that first
   * shows a heat map or an issue does not: that frame compiled three programs, ~35 ms of a 75 ms
   * main-thread task (bench B13). Called as a check starts: the worker's seconds cover it.
   */
  warm(gl: WebGLRenderer, camera: Camera, scene: Scene): void {
    const triangle = new BufferGeometry();
    triangle.setAttribute('position', new BufferAttribute(new Float32Array(9), 3));
    triangle.setAttribute('color', new BufferAttribute(new Float32Array(9), 3));
    const stand = new Scene().add(
      new Mesh(triangle, this.#heatMaterial),
      new Mesh(triangle, this.#faceMaterial),
      new LineSegments(triangle, this.#edgeMaterial),
    );
    gl.compile(stand, camera, scene);
    triangle.dispose();
  }

  /** Shows the heat map (replacing any), or removes it with null. */
  heatMap(map: { positions: Float32Array; colors: Uint8Array } | null): void {
    this.#drop(this.#heat);
    this.#heat = null;
    if (!map || map.positions.length === 0) return;
    this.#heat = adopt(new Mesh(geometryOf(map.positions, map.colors), this.#heatMaterial), 5);
    this.#root.add(this.#heat);
  }

  /** Highlights `issue` (replacing any), or nothing with null. */
  highlight(issue: HealthIssue | null): void {
    this.#drop(this.#faces);
    this.#drop(this.#edges);
    this.#faces = null;
    this.#edges = null;
    if (issue?.faces?.length) {
      this.#faces = adopt(new Mesh(geometryOf(issue.faces), this.#faceMaterial), 6);
      this.#root.add(this.#faces);
    }
    if (issue?.segments?.length) {
      this.#edges = adopt(new LineSegments(geometryOf(issue.segments), this.#edgeMaterial), 7);
      this.#root.add(this.#edges);
    }
  }

  dispose(): void {
    this.heatMap(null);
    this.highlight(null);
    this.#heatMaterial.dispose();
    this.#faceMaterial.dispose();
    this.#edgeMaterial.dispose();
  }

  #drop(object: Mesh | LineSegments | null): void {
    if (!object) return;
    object.removeFromParent();
    object.geometry.dispose();
  }
}

/** Turns the camera onto `issue` (its sphere, in the model's space), from where it looks now. */
export function frameIssue(stage: ViewerStage, issue: HealthIssue): void {
  const { camera, controls, model } = stage;
  if (!model) return;
  model.updateWorldMatrix(true, false);
  const center = model.localToWorld(new Vector3(...issue.center));
  const scale = model.getWorldScale(new Vector3()).x;
  const modelRadius = stage.sphere?.radius ?? 1;
  // A single vertex or a tiny hole is framed with some of its surroundings.
  const radius = Math.max(issue.radius * scale, modelRadius * 0.04);
  const target = controls?.target ?? new Vector3();
  const { width, height } = stage.gl.domElement;
  const fit = computeFit({
    center,
    radius,
    fovDeg: camera.fov,
    aspect: width / Math.max(height, 1),
    direction: camera.position.clone().sub(target),
    margin: 1.6,
  });
  camera.near = Math.min(camera.near, fit.near);
  camera.updateProjectionMatrix();
  camera.position.copy(fit.position);
  if (controls) {
    controls.minDistance = Math.min(controls.minDistance, fit.minDistance);
    controls.target.copy(fit.target);
    controls.update();
  } else {
    camera.lookAt(fit.target);
  }
  stage.invalidate();
}
