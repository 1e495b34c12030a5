/**
 * Test support: parses a GLB with three.js's own GLTFLoader in Node, as the viewer and most web
 * engines would, and says what it found. Images are decoded with sharp behind a stand-in
 * `createImageBitmap` (Node has none), so a texture that no decoder can read fails the parse.
 */
import sharp from 'sharp';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import type { Mesh } from 'three';

/** What three.js made of a GLB. */
export interface ThreeParse {
  readonly triangles: number;
  readonly textures: number;
  readonly skins: number;
  readonly clips: readonly string[];
}

function installImageDecoder(): void {
  const g = globalThis as { createImageBitmap?: unknown; self?: unknown };
  // GLTFLoader makes blob URLs through `self.URL`.
  g.self ??= globalThis;
  g.createImageBitmap ??= async (blob: Blob) => {
    const meta = await sharp(new Uint8Array(await blob.arrayBuffer())).metadata();
    return { width: meta.width, height: meta.height, close() {} };
  };
}

/** Parses `glb` with GLTFLoader (meshopt supported; Draco's decoder needs a browser worker). */
export async function parseWithThree(glb: Uint8Array): Promise<ThreeParse> {
  installImageDecoder();
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const gltf = await loader.parseAsync(glb.slice().buffer as ArrayBuffer, '');
  let triangles = 0;
  const textures = new Set<unknown>();
  let skins = 0;
  gltf.scene.traverse((object) => {
    const mesh = object as Mesh & { isSkinnedMesh?: boolean };
    if (!mesh.isMesh) return;
    if (mesh.isSkinnedMesh) skins++;
    const index = mesh.geometry.index;
    triangles += (index ? index.count : mesh.geometry.attributes['position']!.count) / 3;
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const material of materials) {
      for (const value of Object.values(material)) {
        if ((value as { isTexture?: boolean } | null)?.isTexture) textures.add(value);
      }
    }
  });
  return { triangles, textures: textures.size, skins, clips: gltf.animations.map((a) => a.name) };
}
