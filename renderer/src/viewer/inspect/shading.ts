import {
  MeshBasicMaterial,
  MeshMatcapMaterial,
  MeshNormalMaterial,
  type Material,
  type Mesh,
  type MeshStandardMaterial,
  type Object3D,
  type Texture,
} from 'three';
import { createClayMatcap, createUvChecker } from './shading-textures';
import type { ShadingMode } from '../viewer-settings';

/** Undoes {@link applyShading}: original materials back, every material and texture it made freed. */
export type RestoreShading = () => void;

type AnyMaterial = Material | Material[];

/**
 * Draws every mesh under `root` in `mode` by swapping materials, and returns how to undo it.
 *
 * - `pbr` and `wireframe` keep the model's own materials (the wireframe is drawn on top in a
 *   separate pass, see `render-view.ts`).
 * - `clay`, `normals` and `uv` use one shared material each, keeping each original's face side.
 * - `basecolor` gives each original material an unlit twin with the same colour, map, vertex
 *   colours and alpha, so the albedo shows without light, shadow or reflections.
 *
 * The originals are never disposed here; the materials and textures made for the mode are
 * disposed by the returned function, so switching modes back and forth leaks nothing.
 */
export function applyShading(root: Object3D, mode: ShadingMode): RestoreShading {
  if (mode === 'pbr' || mode === 'wireframe') return () => {};
  const originals = new Map<Mesh, AnyMaterial>();
  const made = new Map<string | Material, Material>();
  const textures: Texture[] = [];

  const shared = (side: number, build: () => Material): Material => {
    const key = `${mode}:${side}`;
    let material = made.get(key);
    if (!material) {
      material = build();
      material.side = side as Material['side'];
      made.set(key, material);
    }
    return material;
  };
  let matcap: Texture | undefined;
  let checker: Texture | undefined;

  const replacement = (original: Material): Material => {
    switch (mode) {
      case 'clay':
        return shared(original.side, () => {
          matcap ??= track(createClayMatcap());
          return new MeshMatcapMaterial({ matcap, color: '#ffffff' });
        });
      case 'normals':
        return shared(original.side, () => new MeshNormalMaterial());
      case 'uv':
        return shared(original.side, () => {
          checker ??= track(createUvChecker());
          return new MeshBasicMaterial({ map: checker });
        });
      case 'basecolor': {
        let twin = made.get(original);
        if (!twin) {
          const source = original as Partial<MeshStandardMaterial>;
          twin = new MeshBasicMaterial({
            color: source.color?.clone() ?? 0xffffff,
            map: source.map ?? null,
            alphaMap: source.alphaMap ?? null,
            vertexColors: original.vertexColors,
            transparent: original.transparent,
            opacity: original.opacity,
            alphaTest: original.alphaTest,
            side: original.side,
          });
          made.set(original, twin);
        }
        return twin;
      }
    }
  };

  function track<T extends Texture>(texture: T): T {
    textures.push(texture);
    return texture;
  }

  root.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh || !mesh.material) return;
    originals.set(mesh, mesh.material);
    mesh.material = Array.isArray(mesh.material)
      ? mesh.material.map(replacement)
      : replacement(mesh.material);
  });

  return () => {
    for (const [mesh, material] of originals) mesh.material = material;
    originals.clear();
    // Twins share the originals' textures: dispose only the materials, and only our textures.
    for (const material of made.values()) material.dispose();
    for (const texture of textures) texture.dispose();
    made.clear();
  };
}
