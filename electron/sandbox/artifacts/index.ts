/**
 * The builders behind every job kind (service-api.md §3.2, §4.10–§4.16), one function per kind.
 *
 * Each takes the model's GLB and the validated parameters and returns a real file of its format.
 * A kind the sandbox cannot build yet throws {@link ArtifactUnavailableError}; the job then ends in
 * `error` with that message and its charge is refunded.
 */
import { dracoGlb } from './draco';
import { gamepackZip, type GamepackParams } from './gamepack';
import { readMesh, slug } from './mesh';
import { objZip } from './obj';
import { papercraftZip } from './papercraft';
import { partsGlb } from './parts';
import { printFile, type PrintParams } from './print';
import { retopoGlb, type RetopoParams } from './retopo';
import { rigGlb, type RigKind } from './rig';
import { binaryStl, toZUp } from './stl';
import { usdzPackage } from './usdz';
import type { ModelRow } from '../state';

/** A job kind the sandbox does not build yet. */
export class ArtifactUnavailableError extends Error {
  constructor(what: string) {
    super(`${what} is not available in the sandbox yet.`);
    this.name = 'ArtifactUnavailableError';
  }
}

/** What a builder gets. */
export interface ArtifactInput {
  model: ModelRow;
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

/** Export: glb (the stored file), glb_draco, stl, obj, usdz; fbx is not built yet. */
export const buildExport: Builder = async ({ glb, params, slug: stem }) => {
  switch (params.format) {
    case 'glb':
      return { bytes: glb, filename: `${stem}.glb`, contentType: 'model/gltf-binary' };
    case 'glb_draco':
      return {
        bytes: await dracoGlb(glb),
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
    case 'obj': {
      const size =
        typeof params.texture === 'string' && /^\d+$/.test(params.texture)
          ? Number(params.texture)
          : undefined;
      return {
        bytes: await objZip(await readMesh(glb), stem, size),
        filename: `${stem}-obj.zip`,
        contentType: 'application/zip',
      };
    }
    case 'fbx':
      throw new ArtifactUnavailableError('FBX export');
    case 'usdz':
      return {
        bytes: await usdzPackage(await readMesh(glb), stem),
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

/** Retopo: reduced, re-textured GLB; the FBX flavour is not built yet. */
export const buildRetopo: Builder = async ({ glb, params, slug: stem }) => {
  const p = params as unknown as RetopoParams;
  if (p.format === 'fbx') throw new ArtifactUnavailableError('Retopo as FBX');
  const result = await retopoGlb(await readMesh(glb), p, slug(stem));
  return {
    bytes: result.glb,
    filename: `${stem}-retopo-${result.faces}.glb`,
    contentType: 'model/gltf-binary',
  };
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
