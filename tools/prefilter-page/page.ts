/**
 * The in-browser half of `tools/prefilter-environments.ts`: renders each environment's source
 * into a cube, runs three's own `PMREMGenerator` on it (what the viewer used to do at every
 * start), and reads every face of every mip level back as half floats. It also renders a check
 * scene lit by the runtime result and by a shipped file, so the tool can compare the two.
 */
import {
  CubeCamera,
  DoubleSide,
  HalfFloatType,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  PMREMGenerator,
  RingGeometry,
  Scene,
  SphereGeometry,
  Color,
  ACESFilmicToneMapping,
  SRGBColorSpace,
  WebGLCubeRenderTarget,
  WebGLRenderer,
  DataUtils,
  type Texture,
} from 'three';
import { HDRLoader } from 'three/examples/jsm/loaders/HDRLoader.js';
import { readEnvironment } from '../../renderer/src/viewer/environment/environment-file';
import { createEnvironmentTexture } from '../../renderer/src/viewer/environment/environment-texture';
import { STUDIO_BACKGROUND, STUDIO_PANELS } from './studio';

const CHECK_SIZE = 256;
const renderer = new WebGLRenderer({ antialias: false, alpha: false, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
renderer.setSize(CHECK_SIZE * 3, CHECK_SIZE);
renderer.toneMapping = ACESFilmicToneMapping;
renderer.outputColorSpace = SRGBColorSpace;
document.body.appendChild(renderer.domElement);
const gl = renderer.getContext() as WebGL2RenderingContext;
if (!gl.getExtension('EXT_color_buffer_float')) throw new Error('EXT_color_buffer_float missing');

/** The studio's panels rendered into a 256² half-float cube, as drei's `<Environment>` did. */
function studioCube(): WebGLCubeRenderTarget {
  const scene = new Scene();
  scene.background = new Color(STUDIO_BACKGROUND);
  for (const panel of STUDIO_PANELS) {
    const geometry =
      panel.form === 'circle' ? new RingGeometry(0, 0.5, 64) : new PlaneGeometry(1, 1);
    const material = new MeshBasicMaterial({ toneMapped: false, side: DoubleSide });
    material.color.set(panel.color).multiplyScalar(panel.intensity);
    const mesh = new Mesh(geometry, material);
    mesh.position.set(...panel.position);
    mesh.scale.set(panel.scale[0], panel.scale[1], 1);
    mesh.lookAt(0, 0, 0);
    scene.add(mesh);
  }
  const target = new WebGLCubeRenderTarget(256);
  target.texture.type = HalfFloatType;
  new CubeCamera(0.1, 1000, target).update(renderer, scene);
  return target;
}

/** The runtime PMREM of an environment: exactly what the viewer's old code made. */
async function runtimePmrem(source: string): Promise<WebGLCubeRenderTarget> {
  const pmrem = new PMREMGenerator(renderer);
  try {
    if (source === 'studio') return pmrem.fromCubemap(studioCube().texture);
    const equirect = await new HDRLoader().loadAsync(source);
    return pmrem.fromEquirectangular(equirect);
  } finally {
    pmrem.dispose();
  }
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/**
 * Pre-filters one environment; returns its level-0 size, level count and, per level and face
 * (as a cube render target stores them), the RGBA half floats in base64.
 */
async function prefilter(
  source: string,
): Promise<{ size: number; levels: number; faces: string[][] }> {
  const target = await runtimePmrem(source);
  const mipmaps = (target.texture as Texture & { mipmaps: Array<{ width: number }> }).mipmaps;
  const size = target.width;
  const faces: string[][] = [];
  for (let level = 0; level < mipmaps.length; level++) {
    const edge = size >> level;
    const floats = new Float32Array(edge * edge * 4);
    const row: string[] = [];
    for (let face = 0; face < 6; face++) {
      renderer.setRenderTarget(target, face, level);
      gl.readPixels(0, 0, edge, edge, gl.RGBA, gl.FLOAT, floats);
      const halves = new Uint16Array(floats.length);
      for (let i = 0; i < floats.length; i++) halves[i] = DataUtils.toHalfFloat(floats[i]!);
      row.push(base64(new Uint8Array(halves.buffer)));
    }
    faces.push(row);
  }
  renderer.setRenderTarget(null);
  target.dispose();
  return { size, levels: mipmaps.length, faces };
}

/**
 * Renders three spheres (mirror, semi-gloss, rough metal) over the environment as background,
 * blurred as the viewer blurs it, lit by `environment`; returns the sRGB pixels.
 */
function checkRender(environment: Texture): Uint8Array {
  const scene = new Scene();
  scene.environment = environment;
  scene.background = environment;
  scene.backgroundBlurriness = 0.45;
  const camera = new PerspectiveCamera(35, 3, 0.1, 100);
  camera.position.set(0, 0.5, 7);
  camera.lookAt(0, 0, 0);
  [0, 0.35, 0.8].forEach((roughness, i) => {
    const sphere = new Mesh(
      new SphereGeometry(0.9, 96, 48),
      new MeshStandardMaterial({ color: '#d8d8d8', metalness: i === 2 ? 1 : 0.2, roughness }),
    );
    sphere.position.x = (i - 1) * 2.1;
    scene.add(sphere);
  });
  renderer.render(scene, camera);
  const pixels = new Uint8Array(CHECK_SIZE * 3 * CHECK_SIZE * 4);
  gl.readPixels(0, 0, CHECK_SIZE * 3, CHECK_SIZE, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  return pixels;
}

/** Renders the check scene with the runtime PMREM and with the shipped file; returns both. */
async function compare(
  source: string,
  shipped: string,
): Promise<{ runtime: string; file: string }> {
  const runtime = await runtimePmrem(source);
  const a = checkRender(runtime.texture);
  runtime.dispose();
  const texture = createEnvironmentTexture(await readEnvironment(await fetch(shipped)));
  const b = checkRender(texture);
  texture.dispose();
  return { runtime: base64(a), file: base64(b) };
}

declare global {
  interface Window {
    kilnPrefilter: { prefilter: typeof prefilter; compare: typeof compare; checkSize: number };
  }
}
window.kilnPrefilter = { prefilter, compare, checkSize: CHECK_SIZE };
