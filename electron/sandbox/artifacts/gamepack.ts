/**
 * Game-ready pack (service-api.md §4.15): a zip with the LOD chain and the collider, named the way
 * the chosen engine's importer recognises them, plus a manifest.
 *
 * - Every engine gets `<name>.glb` (glTF is always in metres; Godot imports it directly).
 * - Unity and Unreal, the FBX engines, also get `<name>.fbx` with the same nodes under one group,
 *   in the chosen `units` (default: metres for Unity, centimetres for Unreal, each engine's own),
 *   and the texture beside it as `<name>_basecolor.png` (also embedded).
 */
import { Document } from '@gltf-transform/core';
import { strToU8 } from 'fflate';
import {
  addMaterial,
  addMeshToDocument,
  boundsOf,
  vertexNormals,
  writeGlb,
  trianglesAsPolygons,
  type MeshData,
} from './mesh';
import { fbxScene, type FbxPart } from './fbx';
import { simplifyMesh } from './simplify';
import { stableZip } from './zip';

/** Gamepack parameters (validated by shared/api/params.ts). */
export interface GamepackParams {
  engine: 'unity' | 'unreal' | 'godot';
  units: 'm' | 'cm' | null;
  lod: 'balanced' | 'light' | 'detailed';
  collider: 'off' | 'simple' | 'balanced' | 'detailed';
  size_m: number | null;
}

/** Share of the model's triangles at each LOD. */
const LOD_RATIOS: Record<GamepackParams['lod'], number[]> = {
  detailed: [1, 0.6, 0.3],
  balanced: [1, 0.4, 0.15],
  light: [0.5, 0.2, 0.06],
};

/** Collider triangle budgets (`simple` is a box). */
const COLLIDER_TRIANGLES = { balanced: 200, detailed: 1000 } as const;

function lodName(engine: GamepackParams['engine'], name: string, lod: number): string {
  return engine === 'unreal' ? `SM_${name}_LOD${lod}` : `${name}_LOD${lod}`;
}

function colliderName(engine: GamepackParams['engine'], name: string): string {
  if (engine === 'unreal') return `UCX_SM_${name}_00`;
  if (engine === 'godot') return `${name}-colonly`;
  return `${name}_collider`;
}

function boxMesh(mesh: MeshData): MeshData {
  const { min, max } = boundsOf(mesh.positions);
  const positions = new Float32Array(
    [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [
      i & 1 ? max[0] : min[0],
      i & 2 ? max[1] : min[1],
      i & 4 ? max[2] : min[2],
    ]),
  );
  // Outward-facing (counter-clockwise) faces of the 8-corner box.
  const indices = new Uint32Array([
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3,
    5, 3, 7, 5,
  ]);
  return {
    positions,
    indices,
    normals: vertexNormals(positions, indices),
    uvs: new Float32Array(16),
    baseColor: [1, 1, 1, 1],
  };
}

function scaled(mesh: MeshData, factor: number): MeshData {
  if (factor === 1) return mesh;
  return { ...mesh, positions: mesh.positions.map((v) => v * factor) };
}

/** The gamepack zip and its manifest. */
export async function gamepackZip(
  source: MeshData,
  params: GamepackParams,
  name: string,
): Promise<{ zip: Uint8Array; manifest: Record<string, unknown> }> {
  const { size } = boundsOf(source.positions);
  const longest = Math.max(...size) || 1;
  const mesh = scaled(source, params.size_m ? params.size_m / longest : 1);
  const triangles = mesh.indices.length / 3;

  const doc = new Document();
  const scene = doc.createScene('scene');
  const material = addMaterial(doc, mesh, `${name}_material`);
  const root = doc.createNode(name);
  scene.addChild(root);
  const lods: Array<{ name: string; triangles: number }> = [];
  const parts: FbxPart[] = [];
  for (const [i, ratio] of LOD_RATIOS[params.lod].entries()) {
    const lod = await simplifyMesh(mesh, Math.max(12, Math.round(triangles * ratio)));
    const lodNode = addMeshToDocument(doc, lod, {
      name: lodName(params.engine, name, i),
      material,
    });
    root.addChild(lodNode);
    lods.push({ name: lodNode.getName(), triangles: lod.indices.length / 3 });
    parts.push({ name: lodNode.getName(), mesh: trianglesAsPolygons(lod) });
  }
  let collider: { name: string; shape: string; triangles: number } | null = null;
  if (params.collider !== 'off') {
    const shape =
      params.collider === 'simple'
        ? boxMesh(mesh)
        : await simplifyMesh(mesh, COLLIDER_TRIANGLES[params.collider], 0.2);
    const plain: MeshData = {
      ...shape,
      uvs: new Float32Array((shape.positions.length / 3) * 2),
      baseColor: [0.2, 0.8, 0.3, 1],
    };
    delete plain.texture;
    const node = addMeshToDocument(doc, plain, { name: colliderName(params.engine, name) });
    root.addChild(node);
    parts.push({ name: node.getName(), mesh: trianglesAsPolygons(plain) });
    collider = {
      name: node.getName(),
      shape: params.collider === 'simple' ? 'box' : 'mesh',
      triangles: plain.indices.length / 3,
    };
  }
  const files: Record<string, Uint8Array> = { [`${name}.glb`]: await writeGlb(doc) };
  const fileList: Array<{ file: string; format: string; units: 'm' | 'cm' }> = [
    { file: `${name}.glb`, format: 'glb', units: 'm' },
  ];
  const fbxEngine = params.engine !== 'godot';
  const units = params.units ?? (params.engine === 'unreal' ? 'cm' : 'm');
  if (fbxEngine) {
    const fbx = await fbxScene(parts, {
      name,
      group: name,
      unit: units,
      textureName: `${name}_basecolor.png`,
    });
    files[`${name}.fbx`] = fbx.bytes;
    fileList.push({ file: `${name}.fbx`, format: 'fbx', units });
    if (fbx.texture) files[fbx.texture.name] = fbx.texture.bytes;
  }
  const manifest = {
    engine: params.engine,
    format: 'glb',
    files: fileList,
    units,
    file_units: 'm',
    size_m: Math.round(Math.max(...boundsOf(mesh.positions).size) * 1e4) / 1e4,
    lod: params.lod,
    lods,
    collider,
    note:
      params.engine === 'godot'
        ? 'Godot imports the GLB directly; the -colonly node becomes a static collision shape.'
        : 'Import the FBX (or the GLB through a glTF importer): LOD and collider nodes follow the engine’s naming (_LOD0.._LOD2, UCX_ / _collider).',
  };
  files['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  const zip = stableZip(files);
  return { zip, manifest };
}
