/**
 * Mesh plumbing shared by the artifact builders: read a GLB into one flat triangle mesh in world
 * space, and write such a mesh back as a GLB.
 *
 * Builders work on this flat form because every output (STL, OBJ, 3MF, LODs, parts, rigs) needs
 * world-space triangles, and starting each output from a fresh glTF document keeps them free of
 * whatever node hierarchy the generator happened to produce.
 */
import { createRequire } from 'node:module';
import { Document, NodeIO, Primitive, type Texture } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';

/** A triangle mesh in world space, glTF conventions (metres, +Y up, CCW front faces). */
export interface MeshData {
  /** xyz per vertex. */
  positions: Float32Array;
  /** xyz per vertex (unit length). */
  normals: Float32Array;
  /** uv per vertex (glTF: origin top-left). */
  uvs: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
  /** The base colour texture, if any. */
  texture?: { bytes: Uint8Array; mimeType: string };
  /** The base colour factor (linear RGBA). */
  baseColor: [number, number, number, number];
}

/** A mesh of triangles and quads; vertex attributes as in {@link MeshData}. */
export interface PolygonMesh extends Omit<MeshData, 'indices'> {
  /** Vertex indices of every polygon, one polygon after another, counter-clockwise. */
  polygons: Uint32Array;
  /** Corner count of each polygon (3 or 4). */
  sizes: Uint8Array;
}

/** A triangle mesh as a {@link PolygonMesh}. */
export function trianglesAsPolygons(mesh: MeshData): PolygonMesh {
  const { indices, ...rest } = mesh;
  return { ...rest, polygons: indices, sizes: new Uint8Array(indices.length / 3).fill(3) };
}

/** Axis-aligned bounds. */
export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
  size: [number, number, number];
  center: [number, number, number];
}

interface Draco3d {
  createEncoderModule(): Promise<unknown>;
  createDecoderModule(): Promise<unknown>;
}

let io: Promise<NodeIO> | undefined;

/**
 * The glTF reader/writer, with every extension and the Draco codecs registered (models may arrive
 * with WebP textures; `glb_draco` exports need the encoder). Created once: the Draco WASM modules
 * take a moment to instantiate.
 */
export function gltfIO(): Promise<NodeIO> {
  io ??= (async () => {
    // draco3dgltf is CommonJS without types; require keeps it out of the ESM loader's way.
    const draco3d = createRequire(import.meta.url)('draco3dgltf') as Draco3d;
    const [encoder, decoder] = await Promise.all([
      draco3d.createEncoderModule(),
      draco3d.createDecoderModule(),
    ]);
    return new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'draco3d.encoder': encoder, 'draco3d.decoder': decoder });
  })();
  return io;
}

/** Reads a GLB into a document. */
export async function readGlb(glb: Uint8Array): Promise<Document> {
  return (await gltfIO()).readBinary(glb);
}

/** Writes a document as GLB bytes. */
export async function writeGlb(doc: Document): Promise<Uint8Array> {
  return (await gltfIO()).writeBinary(doc);
}

function transformPoint(m: readonly number[], x: number, y: number, z: number, out: number[]) {
  out[0] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
  out[1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
  out[2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
}

/** Flattens every triangle primitive of a document's scene into one world-space mesh. */
export function documentToMesh(doc: Document): MeshData {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  let texture: Texture | null = null;
  let baseColor: [number, number, number, number] = [1, 1, 1, 1];
  const p: number[] = [0, 0, 0];
  const n: number[] = [0, 0, 0];

  const visit = (node: ReturnType<Document['createNode']>) => {
    const mesh = node.getMesh();
    if (mesh) {
      const m = node.getWorldMatrix() as unknown as number[];
      // Normals go through the linear part only (translation must not move a direction).
      const linear = [...m.slice(0, 12), 0, 0, 0, 1];
      for (const prim of mesh.listPrimitives()) {
        if (prim.getMode() !== Primitive.Mode.TRIANGLES) continue;
        const pos = prim.getAttribute('POSITION');
        if (!pos) continue;
        const nrm = prim.getAttribute('NORMAL');
        const uv = prim.getAttribute('TEXCOORD_0');
        const base = positions.length / 3;
        const count = pos.getCount();
        const el: number[] = [];
        for (let i = 0; i < count; i++) {
          pos.getElement(i, el);
          transformPoint(m, el[0]!, el[1]!, el[2]!, p);
          positions.push(p[0]!, p[1]!, p[2]!);
          if (nrm) {
            nrm.getElement(i, el);
            transformPoint(linear, el[0]!, el[1]!, el[2]!, n);
            const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
            normals.push(n[0]! / len, n[1]! / len, n[2]! / len);
          } else {
            normals.push(0, 0, 0);
          }
          if (uv) {
            uv.getElement(i, el);
            uvs.push(el[0]!, el[1]!);
          } else {
            uvs.push(0, 0);
          }
        }
        const idx = prim.getIndices();
        if (idx) {
          for (let i = 0; i < idx.getCount(); i++) indices.push(base + idx.getScalar(i));
        } else {
          for (let i = 0; i < count; i++) indices.push(base + i);
        }
        const material = prim.getMaterial();
        if (material && !texture) {
          texture = material.getBaseColorTexture();
          baseColor = material.getBaseColorFactor() as [number, number, number, number];
        }
      }
    }
    for (const child of node.listChildren()) visit(child);
  };
  for (const node of scene?.listChildren() ?? []) visit(node);

  const mesh: MeshData = {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: new Float32Array(uvs),
    indices: new Uint32Array(indices),
    baseColor,
  };
  // Fill in normals the file did not carry, so every output can rely on them.
  if (
    normals.some((v, i) => i % 3 === 0 && v === 0 && normals[i + 1] === 0 && normals[i + 2] === 0)
  ) {
    const computed = vertexNormals(mesh.positions, mesh.indices);
    for (let i = 0; i < mesh.normals.length; i += 3) {
      if (mesh.normals[i] === 0 && mesh.normals[i + 1] === 0 && mesh.normals[i + 2] === 0) {
        mesh.normals.set(computed.subarray(i, i + 3), i);
      }
    }
  }
  const tex = texture as Texture | null;
  const image = tex?.getImage();
  if (tex && image) mesh.texture = { bytes: image, mimeType: tex.getMimeType() || 'image/png' };
  return mesh;
}

/** Reads a GLB into one world-space mesh. */
export async function readMesh(glb: Uint8Array): Promise<MeshData> {
  return documentToMesh(await readGlb(glb));
}

/**
 * The (unnormalised, area-weighted) normal of triangle `a, b, c`, given as offsets of its
 * vertices' x into `positions`. Shared by vertex normals and STL facet normals.
 */
export function triangleNormal(
  positions: Float32Array,
  a: number,
  b: number,
  c: number,
): [number, number, number] {
  const ux = positions[b]! - positions[a]!;
  const uy = positions[b + 1]! - positions[a + 1]!;
  const uz = positions[b + 2]! - positions[a + 2]!;
  const vx = positions[c]! - positions[a]!;
  const vy = positions[c + 1]! - positions[a + 1]!;
  const vz = positions[c + 2]! - positions[a + 2]!;
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
}

/** Area-weighted vertex normals. */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const out = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const [nx, ny, nz] = triangleNormal(positions, a, b, c);
    for (const v of [a, b, c]) {
      out[v] = out[v]! + nx;
      out[v + 1] = out[v + 1]! + ny;
      out[v + 2] = out[v + 2]! + nz;
    }
  }
  for (let i = 0; i < out.length; i += 3) {
    const len = Math.hypot(out[i]!, out[i + 1]!, out[i + 2]!);
    if (len > 0) {
      out[i] = out[i]! / len;
      out[i + 1] = out[i + 1]! / len;
      out[i + 2] = out[i + 2]! / len;
    } else {
      out[i + 1] = 1;
    }
  }
  return out;
}

/** Bounds of xyz positions. */
export function boundsOf(positions: Float32Array): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  if (positions.length === 0) {
    min.fill(0);
    max.fill(0);
  }
  const size: [number, number, number] = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  const center: [number, number, number] = [
    (min[0] + max[0]) / 2,
    (min[1] + max[1]) / 2,
    (min[2] + max[2]) / 2,
  ];
  return { min, max, size, center };
}

/** Options of {@link addMeshToDocument}. */
export interface AddMeshOptions {
  name: string;
  /** Reuse this material instead of making one from the mesh's texture. */
  material?: ReturnType<Document['createMaterial']>;
  /** Extra vertex attributes (e.g. JOINTS_0, WEIGHTS_0). */
  attributes?: Record<string, { type: 'VEC4'; array: Uint16Array | Float32Array }>;
}

/** Makes the material of a mesh (its texture and base colour) in a document. */
export function addMaterial(doc: Document, mesh: MeshData, name = 'material') {
  const material = doc
    .createMaterial(name)
    .setBaseColorFactor(mesh.baseColor)
    .setRoughnessFactor(0.8)
    .setMetallicFactor(0);
  if (mesh.texture) {
    // A WebP texture is valid glTF only under EXT_texture_webp.
    if (
      mesh.texture.mimeType === 'image/webp' &&
      !doc
        .getRoot()
        .listExtensionsUsed()
        .some((e) => e.extensionName === EXTTextureWebP.EXTENSION_NAME)
    ) {
      doc.createExtension(EXTTextureWebP).setRequired(true);
    }
    const texture = doc
      .createTexture(`${name}_basecolor`)
      .setImage(mesh.texture.bytes)
      .setMimeType(mesh.texture.mimeType);
    material.setBaseColorTexture(texture);
  }
  return material;
}

/**
 * Adds a mesh (and a node holding it) to a document; the node is returned unparented.
 * Creates the document's buffer on first use.
 */
export function addMeshToDocument(doc: Document, mesh: MeshData, options: AddMeshOptions) {
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  const accessor = (
    array: Float32Array | Uint32Array | Uint16Array,
    type: 'VEC3' | 'VEC2' | 'VEC4' | 'SCALAR',
  ) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(mesh.positions, 'VEC3'))
    .setAttribute('NORMAL', accessor(mesh.normals, 'VEC3'))
    .setAttribute('TEXCOORD_0', accessor(mesh.uvs, 'VEC2'))
    .setIndices(accessor(mesh.indices, 'SCALAR'))
    .setMaterial(options.material ?? addMaterial(doc, mesh, `${options.name}_material`));
  for (const [semantic, { type, array }] of Object.entries(options.attributes ?? {})) {
    prim.setAttribute(semantic, accessor(array, type));
  }
  const gltfMesh = doc.createMesh(options.name).addPrimitive(prim);
  return doc.createNode(options.name).setMesh(gltfMesh);
}

/** A one-mesh GLB. */
export async function meshToGlb(mesh: MeshData, name: string): Promise<Uint8Array> {
  const doc = new Document();
  doc.createScene('scene').addChild(addMeshToDocument(doc, mesh, { name }));
  return writeGlb(doc);
}

/**
 * A mesh reduced to the given triangles, with unused vertices dropped and the rest renumbered
 * (keeps uvs, normals and texture).
 */
export function compactMesh(mesh: MeshData, indices: Uint32Array): MeshData {
  const remap = new Int32Array(mesh.positions.length / 3).fill(-1);
  let next = 0;
  const newIndices = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (remap[v] === -1) remap[v] = next++;
    newIndices[i] = remap[v]!;
  }
  const positions = new Float32Array(next * 3);
  const normals = new Float32Array(next * 3);
  const uvs = new Float32Array(next * 2);
  for (let v = 0; v < remap.length; v++) {
    const to = remap[v]!;
    if (to < 0) continue;
    positions.set(mesh.positions.subarray(v * 3, v * 3 + 3), to * 3);
    normals.set(mesh.normals.subarray(v * 3, v * 3 + 3), to * 3);
    uvs.set(mesh.uvs.subarray(v * 2, v * 2 + 2), to * 2);
  }
  return { ...mesh, positions, normals, uvs, indices: newIndices };
}

/**
 * Vertices merged by position (to 1e-6 of the model's size): the connected surface printing and
 * unfolding need, where a texture seam would otherwise split the mesh. Triangle order is kept, so
 * triangle `t` of the result is triangle `t` of the input; degenerate triangles are kept too.
 */
export function weldPositions(mesh: MeshData): { positions: Float32Array; indices: Uint32Array } {
  const { size } = boundsOf(mesh.positions);
  const step = Math.max(size[0], size[1], size[2], 1e-9) * 1e-6;
  const map = new Map<string, number>();
  const remap = new Uint32Array(mesh.positions.length / 3);
  const positions: number[] = [];
  for (let v = 0; v < remap.length; v++) {
    const x = mesh.positions[v * 3]!;
    const y = mesh.positions[v * 3 + 1]!;
    const z = mesh.positions[v * 3 + 2]!;
    const key = `${Math.round(x / step)},${Math.round(y / step)},${Math.round(z / step)}`;
    let to = map.get(key);
    if (to === undefined) {
      to = positions.length / 3;
      map.set(key, to);
      positions.push(x, y, z);
    }
    remap[v] = to;
  }
  const indices = new Uint32Array(mesh.indices.length);
  for (let i = 0; i < indices.length; i++) indices[i] = remap[mesh.indices[i]!]!;
  return { positions: new Float32Array(positions), indices };
}
