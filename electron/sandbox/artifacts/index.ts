/**
 * The builders behind every job kind (service-api.md §3.2, §4.10–§4.16), one function per kind.
 *
 * Each takes the model's GLB and the validated parameters and returns a real file of its format.
 * A kind the sandbox cannot build throws {@link ArtifactUnavailableError}; the job then ends in
 * `error` with that message and its charge is refunded.
 */
import { dracoGlb } from './draco';
import { fbxBinary } from './fbx';
import { gamepackZip, type GamepackParams } from './gamepack';
import { readMesh, trianglesAsPolygons } from './mesh';
import { objZip } from './obj';
import { papercraftZip } from './papercraft';
import { partsGlb } from './parts';
import { printFile, type PrintParams } from './print';
import { retopoFile, type RetopoParams } from './retopo';
import { rigGlb, type RigKind } from './rig';
import { binaryStl, toZUp } from './stl';
import { glbWithTextureOption, meshWithTextureOption } from './texture-option';
import { usdzPackage } from './usdz';

/** A job kind the sandbox does not build yet. */
export class ArtifactUnavailableError extends Error {
  constructor(what: string) {
    super(`${what} is not available in the sandbox yet.`);
    this.name = 'ArtifactUnavailableError';
  }
}

/** What a builder gets. */
export interface ArtifactInput {
  /** The model's GLB. */
  glb: Uint8Array;
  /** Validated parameters with defaults. */
  params: Record<string, unknown>;
  /** File-name stem. */
  slug: string;
}

/** What a builder makes. */
export interface ArtifactOutput {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  /** Rig and parts: the result is also a new version of the model. */
  version?: {
    kind: 'rig' | 'parts';
    glb: Uint8Array;
    thumbnail?: Uint8Array;
    triangles: number;
    vertices: number;
  };
}

type Builder = (input: ArtifactInput) => Promise<ArtifactOutput>;

/**
 * Export: glb (the stored file), glb_draco, stl, obj, fbx, usdz. `texture` (see
 * ./texture-option.ts) transforms the base colour texture of every format that carries one.
 */
export const buildExport: Builder = async ({ glb, params, slug: stem }) => {
  const texture = params.texture;
  switch (params.format) {
    case 'glb':
      return {
        bytes: await glbWithTextureOption(glb, texture),
        filename: `${stem}.glb`,
        contentType: 'model/gltf-binary',
      };
    case 'glb_draco':
      return {
        bytes: await dracoGlb(await glbWithTextureOption(glb, texture)),
        filename: `${stem}-draco.glb`,
        contentType: 'model/gltf-binary',
      };
    case 'stl': {
      // STL has no units; slicers read millimetres, so metres are written ×1000, +Z up.
      const mesh = await readMesh(glb);
      return {
        bytes: binaryStl(toZUp(mesh.positions, 1000), mesh.indices, `Kiln sandbox export ${stem}`),
        filename: `${stem}.stl`,
        contentType: 'model/stl',
      };
    }
    case 'obj':
      return {
        bytes: await objZip(await meshWithTextureOption(await readMesh(glb), texture), stem),
        filename: `${stem}-obj.zip`,
        contentType: 'application/zip',
      };
    case 'fbx': {
      // One binary FBX with the texture embedded (readers extract it, or find the named PNG).
      const mesh = await meshWithTextureOption(await readMesh(glb), texture);
      const fbx = await fbxBinary(trianglesAsPolygons(mesh), { name: stem });
      return { bytes: fbx.bytes, filename: `${stem}.fbx`, contentType: 'application/octet-stream' };
    }
    case 'usdz':
      return {
        bytes: await usdzPackage(await meshWithTextureOption(await readMesh(glb), texture), stem),
        filename: `${stem}.usdz`,
        contentType: 'model/vnd.usdz+zip',
      };
    default:
      throw new Error(`Unknown export format ${String(params.format)}`);
  }
};

/** Print: STL or 3MF, scaled, Z-up, on the plate, optionally hollow and colour-painted. */
export const buildPrint: Builder = async ({ glb, params, slug: stem }) =>
  printFile(await readMesh(glb), params as unknown as PrintParams, stem);

/** Retopo: quad-dominant mesh, re-baked texture; triangulated GLB or zipped quad FBX. */
export const buildRetopo: Builder = async ({ glb, params, slug: stem }) => {
  const { bytes, filename, contentType } = await retopoFile(
    await readMesh(glb),
    params as unknown as RetopoParams,
    stem,
  );
  return { bytes, filename, contentType };
};

/** Rig: skinned GLB with clips, also stored as a new version. */
export const buildRig: Builder = async ({ glb, params, slug: stem }) => {
  const mesh = await readMesh(glb);
  const kind = params.kind as RigKind;
  const { glb: rigged } = await rigGlb(mesh, kind, stem);
  return {
    bytes: rigged,
    filename: `${stem}-rig-${kind}.glb`,
    contentType: 'model/gltf-binary',
    version: {
      kind: 'rig',
      glb: rigged,
      triangles: mesh.indices.length / 3,
      vertices: mesh.positions.length / 3,
    },
  };
};

/** Parts: GLB with one named node per part, also stored as a new version. */
export const buildParts: Builder = async ({ glb, slug: stem }) => {
  const mesh = await readMesh(glb);
  const { glb: split } = await partsGlb(mesh, stem);
  return {
    bytes: split,
    filename: `${stem}-parts.glb`,
    contentType: 'model/gltf-binary',
    version: {
      kind: 'parts',
      glb: split,
      triangles: mesh.indices.length / 3,
      vertices: mesh.positions.length / 3,
    },
  };
};

/** Gamepack: zip of a GLB with LODs and collider plus a manifest. */
export const buildGamepack: Builder = async ({ glb, params, slug: stem }) => {
  const { zip } = await gamepackZip(await readMesh(glb), params as unknown as GamepackParams, stem);
  return {
    bytes: zip,
    filename: `${stem}-${String(params.engine)}-gamepack.zip`,
    contentType: 'application/zip',
  };
};

/** Papercraft: SVG pages of unfolded, coloured pieces with fold lines and numbered tabs. */
export const buildPapercraft: Builder = async ({ glb, slug: stem }) => {
  const { zip } = await papercraftZip(await readMesh(glb), stem);
  return { bytes: zip, filename: `${stem}-papercraft.zip`, contentType: 'application/zip' };
};

const BUILDERS: Record<string, Builder> = {
  export: buildExport,
  print: buildPrint,
  retopo: buildRetopo,
  rig: buildRig,
  parts: buildParts,
  gamepack: buildGamepack,
  'make.papercraft': buildPapercraft,
};

/** Builds the artifact of a job operation. */
export function buildArtifact(operation: string, input: ArtifactInput): Promise<ArtifactOutput> {
  const builder = BUILDERS[operation];
  if (!builder) return Promise.reject(new Error(`No builder for ${operation}`));
  return builder(input);
}
