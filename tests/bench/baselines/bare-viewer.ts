/**
 * The bare baseline: what a three.js page needs to show a GLB and nothing more. One renderer with
 * Kiln's context settings (antialias, alpha, preserved drawing buffer, ACES, sRGB) at the size of
 * Kiln's viewer canvas, two lights, GLTFLoader (plus DRACOLoader with the same shipped decoder when
 * asked), a camera framed on the model, one render per change, and a full dispose on swap/close.
 *
 * Query: `w`, `h` (canvas size), `model` (a URL to open at navigation), `draco=1`.
 * Page API (`window.bare`) for the bench: open, swap, close, counts.
 */
import {
  ACESFilmicToneMapping,
  Box3,
  DirectionalLight,
  HemisphereLight,
  PerspectiveCamera,
  Scene,
  Sphere,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  type Material,
  type Mesh,
  type Object3D,
  type SkinnedMesh,
  type Texture,
} from 'three';
import { DRACO_GLTF_CONFIG, DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { viewerContextAttributes } from '../../../renderer/src/viewer/scene/context-attributes';

const params = new URLSearchParams(location.search);
const width = Number(params.get('w') ?? 640);
const height = Number(params.get('h') ?? 640);

// Multisampled where Kiln's viewer is: not on a software renderer (context-attributes.ts).
const { antialias, alpha, preserveDrawingBuffer } = viewerContextAttributes();
const renderer = new WebGLRenderer({ antialias, alpha, preserveDrawingBuffer });
renderer.setPixelRatio(1);
renderer.setSize(width, height);
renderer.toneMapping = ACESFilmicToneMapping;
renderer.outputColorSpace = SRGBColorSpace;
document.body.appendChild(renderer.domElement);

const scene = new Scene();
const camera = new PerspectiveCamera(35, width / height, 0.01, 200);
scene.add(new HemisphereLight(0xffffff, 0x444444, 1.5));
const sun = new DirectionalLight(0xffffff, 2);
sun.position.set(3, 5, 4);
scene.add(sun);

const loader = new GLTFLoader();
let draco: DRACOLoader | undefined;
if (params.get('draco') === '1') {
  draco = new DRACOLoader().setDecoderPath(DRACO_GLTF_CONFIG);
  loader.setDRACOLoader(draco);
}

let current: Object3D | null = null;

function frame(root: Object3D): void {
  const sphere = new Box3().setFromObject(root).getBoundingSphere(new Sphere());
  const distance = sphere.radius / Math.sin((camera.fov * Math.PI) / 360);
  camera.position
    .copy(sphere.center)
    .add(new Vector3(0.6, 0.4, 0.8).normalize().multiplyScalar(distance));
  camera.near = distance / 100;
  camera.far = distance * 10;
  camera.updateProjectionMatrix();
  camera.lookAt(sphere.center);
}

/** Frees everything a loaded model holds: geometry, materials, textures and their bitmaps. */
function dispose(root: Object3D): void {
  root.traverse((object) => {
    const mesh = object as Partial<Mesh>;
    mesh.geometry?.dispose();
    const materials = mesh.material ? ([] as Material[]).concat(mesh.material) : [];
    for (const material of materials) {
      for (const value of Object.values(material)) {
        const texture = value as Partial<Texture> | null;
        if (texture?.isTexture) {
          texture.dispose?.();
          if (texture.image instanceof ImageBitmap) texture.image.close();
        }
      }
      material.dispose();
    }
    (object as Partial<SkinnedMesh>).skeleton?.dispose();
  });
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      renderer.render(scene, camera);
      resolve(performance.now());
    }),
  );
}

async function parse(source: string | Blob): Promise<Object3D> {
  const gltf =
    typeof source === 'string'
      ? await loader.loadAsync(source)
      : await loader.parseAsync(await source.arrayBuffer(), '');
  return gltf.scene;
}

/** Replaces the shown model (disposing the old one) and resolves at the first frame with it. */
async function open(source: string | Blob): Promise<number> {
  const root = await parse(source);
  if (current) {
    scene.remove(current);
    dispose(current);
  }
  current = root;
  frame(root);
  scene.add(root);
  return nextFrame();
}

async function close(): Promise<number> {
  if (current) {
    scene.remove(current);
    dispose(current);
    current = null;
  }
  return nextFrame();
}

function counts(): { geometries: number; textures: number; programs: number } {
  return {
    geometries: renderer.info.memory.geometries,
    textures: renderer.info.memory.textures,
    programs: renderer.info.programs?.length ?? 0,
  };
}

/** Decodes one Draco model ahead, so the decoder and its workers are warm. */
async function warmDraco(url: string): Promise<void> {
  if (!draco) throw new Error('draco=1 not set');
  draco.preload();
  const gltf = await loader.loadAsync(url);
  dispose(gltf.scene);
}

declare global {
  interface Window {
    bare: {
      open: typeof open;
      close: typeof close;
      counts: typeof counts;
      warmDraco: typeof warmDraco;
    };
  }
}
window.bare = { open, close, counts, warmDraco };

const model = params.get('model');
if (model) {
  void open(model).then((at) => {
    const bench = window.__bench;
    if (bench) {
      bench.t['firstFrame'] = at;
      bench.drain();
      bench.t['drawn'] = performance.now();
    }
    void window.__benchSignal?.('ready', { firstFrame: at });
  });
} else {
  void nextFrame();
}
