/**
 * What the mesh-health check reads and reports. The viewer copies the open model's vertex data
 * into a {@link HealthInput} on the main thread; everything else (welding, topology, ray casts)
 * happens in the health worker, which answers with a {@link HealthReport} and, on request, a
 * {@link PrintReport}. All positions are in the model's own space (glTF metres, +Y up).
 */

/**
 * One vertex attribute as the GPU holds it: possibly interleaved, possibly quantized
 * (KHR_mesh_quantization). The worker decodes it, so the main thread only copies arrays.
 */
export interface AttributeData {
  readonly array: Float32Array | Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array;
  readonly itemSize: number;
  /** Elements between two vertices (itemSize when not interleaved). */
  readonly stride: number;
  /** Elements before the first component. */
  readonly offset: number;
  /** Integers that stand for −1…1 or 0…1 (quantized attributes). */
  readonly normalized: boolean;
  readonly count: number;
}

/** One mesh of the model. */
export interface HealthMeshInput {
  readonly name: string;
  readonly position: AttributeData;
  /** Triangle list; absent for a non-indexed mesh. */
  readonly index: Uint32Array | Uint16Array | Uint8Array | null;
  /** TEXCOORD_0, TEXCOORD_1, … */
  readonly uvs: readonly AttributeData[];
  /** Column-major 4×4 matrix from the mesh into the model's space. */
  readonly matrix: readonly number[];
  /** Size of its base-colour texture, if any. */
  readonly texture: { readonly width: number; readonly height: number } | null;
}

/** A texture of the model. */
export interface HealthTexture {
  /** The material slots that use it ("Base colour", "Normal"), when known. */
  readonly slots?: readonly string[];
  readonly width: number;
  readonly height: number;
}

/** The model as the health check reads it. */
export interface HealthInput {
  readonly meshes: readonly HealthMeshInput[];
  readonly textures: readonly HealthTexture[];
}

/** Kinds of issue the check can point at in the viewer. */
export type IssueKind =
  | 'hole'
  | 'non-manifold-edge'
  | 'non-manifold-vertex'
  | 'flipped'
  | 'inside-out'
  | 'degenerate'
  | 'duplicate'
  | 'thin'
  | 'overhang';

/**
 * What an issue's label says, as data: the worker has no catalogs, so the renderer writes it in
 * the artist's language (`issueText` in health-text.ts). `count`: the issue's count of its kind
 * ("3 flipped triangles"); `hole`: one hole and its open edges; `more-holes`: the holes past the
 * listed ones; `area`: mm² beyond a limit (the minimum wall in mm, or the overhang angle).
 */
export type IssueLabel =
  | { readonly says: 'count' }
  | { readonly says: 'hole'; readonly hole: number; readonly edges: number }
  | { readonly says: 'more-holes'; readonly holes: number; readonly edges: number }
  | { readonly says: 'area'; readonly areaMm2: number; readonly limit: number };

/** The stages a check goes through, named for the progress line (`stageText`). */
export type HealthStage =
  | 'copying'
  | 'reading'
  | 'welding'
  | 'topology'
  | 'winding'
  | 'issues'
  | 'done'
  | 'indexing'
  | 'measuring';

/** Something the viewer can frame and highlight. */
export interface HealthIssue {
  readonly id: string;
  readonly kind: IssueKind;
  /** What its label says ("Hole 2 · 14 open edges"). */
  readonly label: IssueLabel;
  /** How many items (edges, faces, vertices) it covers. */
  readonly count: number;
  /** Edges to draw: 6 floats per edge (two end points). */
  readonly segments: Float32Array | null;
  /** Faces to tint: 9 floats per triangle. */
  readonly faces: Float32Array | null;
  /** Bounding sphere of the issue, for framing. */
  readonly center: readonly [number, number, number];
  readonly radius: number;
}

/** The topology and texture report. */
export interface HealthReport {
  readonly meshes: number;
  readonly triangles: number;
  /** Vertices before and after welding by position. */
  readonly vertices: number;
  readonly weldedVertices: number;
  /** The weld distance used, in model units (metres). */
  readonly weldTolerance: number;
  /** Bounding-box size, model units. */
  readonly size: readonly [number, number, number];
  /** Connected parts (triangles sharing a welded vertex). */
  readonly parts: number;
  readonly boundaryEdges: number;
  /** Open boundary loops: each is a hole (or the rim of an open surface). */
  readonly holes: number;
  readonly nonManifoldEdges: number;
  readonly nonManifoldVertices: number;
  readonly degenerateTriangles: number;
  readonly duplicateTriangles: number;
  /** Edges two triangles traverse in the same direction. */
  readonly inconsistentEdges: number;
  /** Triangles wound against the rest of their part. */
  readonly flippedTriangles: number;
  /** Closed parts whose every face points inward. */
  readonly insideOutParts: number;
  /** Closed, manifold and consistently wound: a solid a slicer can fill. */
  readonly watertight: boolean;
  /** Surface area, square model units. */
  readonly area: number;
  /** Enclosed volume, cubic model units; null unless watertight. */
  readonly volume: number | null;
  /** Most UV sets any mesh has. */
  readonly uvSets: number;
  readonly meshesWithoutUvs: number;
  /** Share of UV coordinates (first set) outside 0–1. */
  readonly uvOutside: number;
  readonly textures: readonly HealthTexture[];
  /** Texels per metre of surface (first UV set, base-colour texture); null without either. */
  readonly texelDensity: number | null;
  readonly issues: readonly HealthIssue[];
}

/** A build volume, millimetres (x × y on the plate, z up). */
export interface BuildVolume {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** What the printability check is asked. */
export interface PrintOptions {
  /** Printed length of the longest side, millimetres. */
  readonly lengthMm: number;
  /** Walls thinner than this are flagged (0.8 mm FDM, 0.4 mm resin). */
  readonly minWallMm: number;
  /** The service's hollow print: a 2.5 mm shell. */
  readonly hollow: boolean;
  readonly buildVolume: BuildVolume;
  /** Overhangs beyond this many degrees from the build direction (+Y, the viewer's up). */
  readonly overhangDeg: number;
  /** Which heat map to return. */
  readonly overlay: 'thickness' | 'overhang';
}

/** The printability report at one size. */
export interface PrintReport {
  readonly options: PrintOptions;
  /** Printed size, millimetres (x, y = depth, z = height). */
  readonly sizeMm: readonly [number, number, number];
  readonly fits: boolean;
  /** Share of the surface whose wall is thinner than the minimum. */
  readonly thinFraction: number;
  readonly thinAreaMm2: number;
  readonly areaMm2: number;
  /**
   * The wall thickness that 1 % of the surface is thinner than, millimetres; null when that
   * much of the surface has no wall within twice the minimum (everything is thick enough).
   */
  readonly thinnestMm: number | null;
  /** Longest side at which that wall reaches the minimum, millimetres. */
  readonly lengthForMinWallMm: number | null;
  readonly overhangAreaMm2: number;
  readonly overhangFraction: number;
  /** Solid volume, cm³ (null unless watertight). */
  readonly volumeCm3: number | null;
  /** Material of the 2.5 mm shell, cm³, when hollow. */
  readonly shellVolumeCm3: number | null;
  readonly issues: readonly HealthIssue[];
  /** The heat map: coloured triangles (9 floats and 9 colour bytes per triangle). */
  readonly overlay: { readonly positions: Float32Array; readonly colors: Uint8Array };
}

/** Messages to the health worker. */
export type HealthRequest =
  | { readonly type: 'analyse'; readonly id: number; readonly input: HealthInput }
  | { readonly type: 'print'; readonly id: number; readonly options: PrintOptions };

/** Messages from the health worker. */
export type HealthResponse =
  | {
      readonly type: 'progress';
      readonly id: number;
      readonly stage: HealthStage;
      readonly done: number;
    }
  | { readonly type: 'report'; readonly id: number; readonly report: HealthReport }
  | { readonly type: 'print'; readonly id: number; readonly report: PrintReport }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
