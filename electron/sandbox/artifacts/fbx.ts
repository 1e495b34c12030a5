/**
 * FBX 7.4 binary writer: one textured mesh (triangles and quads) as Autodesk's importers, Blender,
 * Unity, Unreal and three.js read it.
 *
 * The encoding follows the "FBX binary file format specification" (Blender developers, 2013) and
 * Blender's io_scene_fbx exporter, whose structure is mirrored here:
 *
 * - a 27-byte header (`Kaydara FBX Binary  \0\x1a\0` + version 7400), then node records
 *   `{endOffset u32, propertyCount u32, propertyBytes u32, nameLength u8, name, properties,
 *   children, 13-byte null record}` and the footer (the fixed file id / creation time / footer id
 *   triple Blender writes, so the file is byte-stable and readers accept it);
 * - arrays over 128 bytes zlib-compressed (fflate, level 1 as Blender; deterministic);
 * - objects: Geometry (control points welded by position, PolygonVertexIndex with the last
 *   corner of each polygon stored as `-(i + 1)`, per-corner normals, per-corner UVs indexed into
 *   the UV list), Model, Material (Phong, DiffuseColor), Texture and Video (the base colour as
 *   PNG, embedded as `Content` and named by `RelativeFilename` so a sidecar file works too),
 *   then the Connections between them.
 *
 * Units: FBX's native unit is the centimetre. Positions are written in centimetres (glTF metres ×
 * 100) with `UnitScaleFactor` 1, as Blender does by default, or in metres with `UnitScaleFactor`
 * 100 when asked; axes are glTF's (Y up, +Z front, right-handed), declared in GlobalSettings.
 */
import { strToU8, zlibSync } from 'fflate';
import { MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import type { PolygonMesh } from './mesh';

/** What {@link fbxBinary} makes. */
export interface FbxFile {
  bytes: Uint8Array;
  /** The base colour texture as PNG (also embedded), named `textureName`; absent without one. */
  texture?: { name: string; bytes: Uint8Array };
}

/** Options of {@link fbxBinary}. */
export interface FbxOptions {
  /** Model, mesh and material name. */
  name: string;
  /** File name of the texture (the Video's relative file name); default `<name>_basecolor.png`. */
  textureName?: string;
  /** Resize the texture to this square size first. */
  textureSize?: number;
}

// --- Encoding -----------------------------------------------------------------------------------

const VERSION = 7400;
const HEAD = new Uint8Array([...strToU8('Kaydara FBX Binary  '), 0x00, 0x1a, 0x00]);
/** Fixed FileId / CreationTime and the footer id that goes with them (as Blender writes them). */
const FILE_ID = new Uint8Array([
  0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1,
]);
const CREATION_TIME = '1970-01-01 10:00:00:000';
const FOOT_ID = new Uint8Array([
  0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e,
]);
const FOOT_MAGIC = new Uint8Array([
  0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b,
]);
/** Null record closing a node's children (FBX < 7500: three u32 and a u8, all zero). */
const SENTINEL = 13;
/** Nodes that need a null record even with properties and no children. */
const ALWAYS_SENTINEL = new Set(['AnimationStack', 'AnimationLayer']);

/** One encoded property: its type code and data bytes. */
interface Prop {
  type: number;
  data: Uint8Array;
}

/** A node of the FBX tree. */
interface FbxNode {
  name: string;
  props: Prop[];
  children: FbxNode[];
}

function scalar(type: string, size: number, set: (view: DataView) => void): Prop {
  const data = new Uint8Array(size);
  set(new DataView(data.buffer));
  return { type: type.charCodeAt(0), data };
}

const i32 = (v: number) => scalar('I', 4, (d) => d.setInt32(0, v, true));
const i64 = (v: number) => scalar('L', 8, (d) => d.setBigInt64(0, BigInt(v), true));
const f64 = (v: number) => scalar('D', 8, (d) => d.setFloat64(0, v, true));
const bool = (v: boolean) => scalar('C', 1, (d) => d.setUint8(0, v ? 1 : 0));

function lengthPrefixed(type: string, bytes: Uint8Array): Prop {
  const data = new Uint8Array(4 + bytes.length);
  new DataView(data.buffer).setUint32(0, bytes.length, true);
  data.set(bytes, 4);
  return { type: type.charCodeAt(0), data };
}

const str = (s: string) => lengthPrefixed('S', strToU8(s));
const raw = (bytes: Uint8Array) => lengthPrefixed('R', bytes);
/** `Name\0\1Class`: how binary FBX writes an object's name and class. */
const objectName = (name: string, cls: string) =>
  lengthPrefixed('S', new Uint8Array([...strToU8(name), 0, 1, ...strToU8(cls)]));

function array(type: 'i' | 'd', values: ArrayLike<number>): Prop {
  const width = type === 'i' ? 4 : 8;
  const plain = new Uint8Array(values.length * width);
  const view = new DataView(plain.buffer);
  for (let i = 0; i < values.length; i++) {
    if (type === 'i') view.setInt32(i * width, values[i]!, true);
    else view.setFloat64(i * width, values[i]!, true);
  }
  // As Blender and Autodesk's converter: small arrays raw, the rest zlib-compressed.
  const compressed = plain.length > 128;
  const payload = compressed ? zlibSync(plain, { level: 1 }) : plain;
  const data = new Uint8Array(12 + payload.length);
  const header = new DataView(data.buffer);
  header.setUint32(0, values.length, true);
  header.setUint32(4, compressed ? 1 : 0, true);
  header.setUint32(8, payload.length, true);
  data.set(payload, 12);
  return { type: type.charCodeAt(0), data };
}

const node = (name: string, props: Prop[] = [], children: FbxNode[] = []): FbxNode => ({
  name,
  props,
  children,
});

/** A `P` entry of a Properties70 block. */
function P(name: string, type: string, label: string, flags: string, ...values: Prop[]): FbxNode {
  return node('P', [str(name), str(type), str(label), str(flags), ...values]);
}

function needsSentinel(n: FbxNode, isLast: boolean): boolean {
  return n.children.length > 0 || (n.props.length === 0 && !isLast) || ALWAYS_SENTINEL.has(n.name);
}

function nodeSize(n: FbxNode, isLast: boolean): number {
  let size = 13 + strToU8(n.name).length;
  for (const p of n.props) size += 1 + p.data.length;
  n.children.forEach((c, i) => (size += nodeSize(c, i === n.children.length - 1)));
  return size + (needsSentinel(n, isLast) ? SENTINEL : 0);
}

/** Encodes the node tree as a complete FBX 7.4 binary file. */
function encode(top: FbxNode[]): Uint8Array {
  const bodySize = top.reduce((sum, n, i) => sum + nodeSize(n, i === top.length - 1), 0);
  const start = HEAD.length + 4;
  const contentEnd = start + bodySize + SENTINEL + FOOT_ID.length + 4;
  // Footer: padding to 16 bytes (a full 16 when already aligned), version, 120 zeros, magic.
  const pad = ((contentEnd + 15) & ~15) - contentEnd || 16;
  const out = new Uint8Array(contentEnd + pad + 4 + 120 + FOOT_MAGIC.length);
  const view = new DataView(out.buffer);
  out.set(HEAD, 0);
  view.setUint32(HEAD.length, VERSION, true);
  let at = start;
  const write = (n: FbxNode, isLast: boolean) => {
    const end = at + nodeSize(n, isLast);
    const name = strToU8(n.name);
    view.setUint32(at, end, true);
    view.setUint32(at + 4, n.props.length, true);
    view.setUint32(
      at + 8,
      n.props.reduce((sum, p) => sum + 1 + p.data.length, 0),
      true,
    );
    view.setUint8(at + 12, name.length);
    out.set(name, at + 13);
    at += 13 + name.length;
    for (const p of n.props) {
      out[at] = p.type;
      out.set(p.data, at + 1);
      at += 1 + p.data.length;
    }
    n.children.forEach((c, i) => write(c, i === n.children.length - 1));
    if (needsSentinel(n, isLast)) at += SENTINEL;
    if (at !== end) throw new Error(`FBX node ${n.name}: size mismatch`);
  };
  top.forEach((n, i) => write(n, i === top.length - 1));
  at += SENTINEL;
  out.set(FOOT_ID, at);
  at += FOOT_ID.length + 4 + pad;
  view.setUint32(at, VERSION, true);
  out.set(FOOT_MAGIC, at + 4 + 120);
  return out;
}

// --- Scene --------------------------------------------------------------------------------------

/** Object ids: any unique non-zero int64; counted from a fixed start, so files are byte-stable. */
class Ids {
  #next = 1_000_001;
  take(): number {
    return this.#next++;
  }
}

function header(name: string, unitScale: number): FbxNode[] {
  const creator = 'Kiln sandbox FBX writer';
  const stamp = ['Year', 'Month', 'Day', 'Hour', 'Minute', 'Second', 'Millisecond'].map(
    (field, i) => node(field, [i32([1970, 1, 1, 10, 0, 0, 0][i]!)]),
  );
  return [
    node(
      'FBXHeaderExtension',
      [],
      [
        node('FBXHeaderVersion', [i32(1003)]),
        node('FBXVersion', [i32(VERSION)]),
        node('EncryptionType', [i32(0)]),
        node('CreationTimeStamp', [], [node('Version', [i32(1000)]), ...stamp]),
        node('Creator', [str(creator)]),
        node(
          'SceneInfo',
          [objectName('GlobalInfo', 'SceneInfo'), str('UserData')],
          [
            node('Type', [str('UserData')]),
            node('Version', [i32(100)]),
            node(
              'MetaData',
              [],
              [
                node('Version', [i32(100)]),
                node('Title', [str(name)]),
                node('Subject', [str('')]),
                node('Author', [str('')]),
                node('Keywords', [str('')]),
                node('Revision', [str('')]),
                node('Comment', [str('')]),
              ],
            ),
            node(
              'Properties70',
              [],
              [
                P('DocumentUrl', 'KString', 'Url', '', str(`/${name}.fbx`)),
                P('SrcDocumentUrl', 'KString', 'Url', '', str(`/${name}.fbx`)),
                P('Original', 'Compound', '', ''),
                P('Original|ApplicationVendor', 'KString', '', '', str('Kiln')),
                P('Original|ApplicationName', 'KString', '', '', str(creator)),
                P('Original|ApplicationVersion', 'KString', '', '', str('1.0')),
                P('Original|DateTime_GMT', 'DateTime', '', '', str('01/01/1970 00:00:00.000')),
                P('Original|FileName', 'KString', '', '', str(`/${name}.fbx`)),
                P('LastSaved', 'Compound', '', ''),
                P('LastSaved|ApplicationVendor', 'KString', '', '', str('Kiln')),
                P('LastSaved|ApplicationName', 'KString', '', '', str(creator)),
                P('LastSaved|ApplicationVersion', 'KString', '', '', str('1.0')),
                P('LastSaved|DateTime_GMT', 'DateTime', '', '', str('01/01/1970 00:00:00.000')),
              ],
            ),
          ],
        ),
      ],
    ),
    node('FileId', [raw(FILE_ID)]),
    node('CreationTime', [str(CREATION_TIME)]),
    node('Creator', [str(creator)]),
    node(
      'GlobalSettings',
      [],
      [
        node('Version', [i32(1000)]),
        node(
          'Properties70',
          [],
          [
            // glTF's axes: Y up, +Z front, X to the right (right-handed).
            P('UpAxis', 'int', 'Integer', '', i32(1)),
            P('UpAxisSign', 'int', 'Integer', '', i32(1)),
            P('FrontAxis', 'int', 'Integer', '', i32(2)),
            P('FrontAxisSign', 'int', 'Integer', '', i32(1)),
            P('CoordAxis', 'int', 'Integer', '', i32(0)),
            P('CoordAxisSign', 'int', 'Integer', '', i32(1)),
            P('OriginalUpAxis', 'int', 'Integer', '', i32(1)),
            P('OriginalUpAxisSign', 'int', 'Integer', '', i32(1)),
            // Centimetres per file unit: 1 for centimetres (FBX's native unit), 100 for metres.
            P('UnitScaleFactor', 'double', 'Number', '', f64(unitScale)),
            P('OriginalUnitScaleFactor', 'double', 'Number', '', f64(unitScale)),
            P('AmbientColor', 'ColorRGB', 'Color', '', f64(0), f64(0), f64(0)),
            P('DefaultCamera', 'KString', '', '', str('Producer Perspective')),
            P('TimeMode', 'enum', '', '', i32(11)),
            P('TimeSpanStart', 'KTime', 'Time', '', i64(0)),
            P('TimeSpanStop', 'KTime', 'Time', '', i64(46186158000)),
            P('CustomFrameRate', 'double', 'Number', '', f64(24)),
          ],
        ),
      ],
    ),
    node(
      'Documents',
      [],
      [
        node('Count', [i32(1)]),
        node(
          'Document',
          [i64(999_999), str('Scene'), str('Scene')],
          [
            node(
              'Properties70',
              [],
              [
                P('SourceObject', 'object', '', ''),
                P('ActiveAnimStackName', 'KString', '', '', str('')),
              ],
            ),
            node('RootNode', [i64(0)]),
          ],
        ),
      ],
    ),
    node('References'),
  ];
}

function definitions(counts: Array<[string, number]>): FbxNode {
  const types = counts.filter(([, count]) => count > 0);
  return node(
    'Definitions',
    [],
    [
      node('Version', [i32(100)]),
      node('Count', [i32(types.reduce((sum, [, count]) => sum + count, 0))]),
      ...types.map(([type, count]) =>
        node('ObjectType', [str(type)], [node('Count', [i32(count)])]),
      ),
    ],
  );
}

/**
 * Control points: positions welded by exact value (so the surface is connected in a DCC tool),
 * in file units (`scale` per metre), rounded to a micrometre so the doubles stay clean.
 */
function controlPoints(
  positions: Float32Array,
  scale: number,
): { points: Float64Array; of: Uint32Array } {
  // meshoptimizer maps each vertex to the first one with the very same position.
  const remap = MeshoptSimplifier.generatePositionRemap(positions, 3);
  const count = positions.length / 3;
  const of = new Uint32Array(count);
  const pointOf = new Int32Array(count).fill(-1);
  const points: number[] = [];
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  for (let v = 0; v < count; v++) {
    const first = remap[v]!;
    if (pointOf[first] === -1) {
      pointOf[first] = points.length / 3;
      points.push(
        round(positions[first * 3]!) * scale,
        round(positions[first * 3 + 1]!) * scale,
        round(positions[first * 3 + 2]!) * scale,
      );
    }
    of[v] = pointOf[first]!;
  }
  return { points: new Float64Array(points), of };
}

function geometry(id: number, mesh: PolygonMesh, name: string, scale: number): FbxNode {
  const { points, of } = controlPoints(mesh.positions, scale);
  const corners = mesh.polygons.length;
  const pvi = new Int32Array(corners);
  const normals = new Float64Array(corners * 3);
  let at = 0;
  for (const size of mesh.sizes) {
    for (let k = 0; k < size; k++) {
      const v = mesh.polygons[at]!;
      // The last corner of a polygon is stored as -(index + 1).
      pvi[at] = k === size - 1 ? -of[v]! - 1 : of[v]!;
      normals[at * 3] = mesh.normals[v * 3]!;
      normals[at * 3 + 1] = mesh.normals[v * 3 + 1]!;
      normals[at * 3 + 2] = mesh.normals[v * 3 + 2]!;
      at++;
    }
  }
  // FBX's texture origin is bottom-left; glTF's is top-left.
  const uv = new Float64Array(mesh.uvs.length);
  for (let i = 0; i < mesh.uvs.length; i += 2) {
    uv[i] = mesh.uvs[i]!;
    uv[i + 1] = 1 - mesh.uvs[i + 1]!;
  }
  const layer = (type: string) =>
    node('LayerElement', [], [node('Type', [str(type)]), node('TypedIndex', [i32(0)])]);
  return node(
    'Geometry',
    [i64(id), objectName(name, 'Geometry'), str('Mesh')],
    [
      node('Properties70'),
      node('GeometryVersion', [i32(124)]),
      node('Vertices', [array('d', points)]),
      node('PolygonVertexIndex', [array('i', pvi)]),
      node(
        'LayerElementNormal',
        [i32(0)],
        [
          node('Version', [i32(101)]),
          node('Name', [str('')]),
          node('MappingInformationType', [str('ByPolygonVertex')]),
          node('ReferenceInformationType', [str('Direct')]),
          node('Normals', [array('d', normals)]),
        ],
      ),
      node(
        'LayerElementUV',
        [i32(0)],
        [
          node('Version', [i32(101)]),
          node('Name', [str('UVMap')]),
          node('MappingInformationType', [str('ByPolygonVertex')]),
          node('ReferenceInformationType', [str('IndexToDirect')]),
          node('UV', [array('d', uv)]),
          node('UVIndex', [array('i', mesh.polygons)]),
        ],
      ),
      node(
        'LayerElementMaterial',
        [i32(0)],
        [
          node('Version', [i32(101)]),
          node('Name', [str('')]),
          node('MappingInformationType', [str('AllSame')]),
          node('ReferenceInformationType', [str('IndexToDirect')]),
          node('Materials', [array('i', [0])]),
        ],
      ),
      node(
        'Layer',
        [i32(0)],
        [
          node('Version', [i32(100)]),
          layer('LayerElementNormal'),
          layer('LayerElementUV'),
          layer('LayerElementMaterial'),
        ],
      ),
    ],
  );
}

function model(id: number, name: string, type: 'Mesh' | 'Null'): FbxNode {
  return node(
    'Model',
    [i64(id), objectName(name, 'Model'), str(type)],
    [
      node('Version', [i32(232)]),
      node(
        'Properties70',
        [],
        [
          P('Lcl Translation', 'Lcl Translation', '', 'A', f64(0), f64(0), f64(0)),
          P('Lcl Rotation', 'Lcl Rotation', '', 'A', f64(0), f64(0), f64(0)),
          P('Lcl Scaling', 'Lcl Scaling', '', 'A', f64(1), f64(1), f64(1)),
          P('DefaultAttributeIndex', 'int', 'Integer', '', i32(0)),
          P('InheritType', 'enum', '', '', i32(1)),
        ],
      ),
      node('MultiLayer', [i32(0)]),
      node('MultiTake', [i32(0)]),
      node('Shading', [bool(true)]),
      node('Culling', [str('CullingOff')]),
    ],
  );
}

function material(id: number, name: string, colour: readonly number[]): FbxNode {
  const [r, g, b] = colour.map((c) => Math.round(c * 1e6) / 1e6) as [number, number, number];
  return node(
    'Material',
    [i64(id), objectName(name, 'Material'), str('')],
    [
      node('Version', [i32(102)]),
      node('ShadingModel', [str('Phong')]),
      node('MultiLayer', [i32(0)]),
      node(
        'Properties70',
        [],
        [
          P('DiffuseColor', 'Color', '', 'A', f64(r), f64(g), f64(b)),
          P('DiffuseFactor', 'Number', '', 'A', f64(1)),
          P('AmbientColor', 'Color', '', 'A', f64(0), f64(0), f64(0)),
          P('SpecularColor', 'Color', '', 'A', f64(0.2), f64(0.2), f64(0.2)),
          P('SpecularFactor', 'Number', '', 'A', f64(0.2)),
          P('Shininess', 'Number', '', 'A', f64(8)),
          P('ShininessExponent', 'Number', '', 'A', f64(8)),
          P('Opacity', 'Number', '', 'A', f64(1)),
          P('Diffuse', 'Vector3D', 'Vector', '', f64(r), f64(g), f64(b)),
          P('Specular', 'Vector3D', 'Vector', '', f64(0.2), f64(0.2), f64(0.2)),
        ],
      ),
    ],
  );
}

function textureNodes(
  ids: { texture: number; video: number },
  name: string,
  file: string,
  png: Uint8Array,
): FbxNode[] {
  return [
    node(
      'Texture',
      [i64(ids.texture), objectName(`${name}_basecolor`, 'Texture'), str('')],
      [
        node('Type', [str('TextureVideoClip')]),
        node('Version', [i32(202)]),
        node('TextureName', [objectName(`${name}_basecolor`, 'Texture')]),
        node(
          'Properties70',
          [],
          [
            P('UseMaterial', 'bool', '', '', i32(1)),
            P('UVSet', 'KString', '', '', str('UVMap')),
            P('WrapModeU', 'enum', '', '', i32(1)),
            P('WrapModeV', 'enum', '', '', i32(1)),
          ],
        ),
        node('Media', [objectName(`${name}_basecolor`, 'Video')]),
        node('FileName', [str(file)]),
        node('RelativeFilename', [str(file)]),
        node('ModelUVTranslation', [f64(0), f64(0)]),
        node('ModelUVScaling', [f64(1), f64(1)]),
        node('Texture_Alpha_Source', [str('None')]),
        node('Cropping', [i32(0), i32(0), i32(0), i32(0)]),
      ],
    ),
    node(
      'Video',
      [i64(ids.video), objectName(`${name}_basecolor`, 'Video'), str('Clip')],
      [
        node('Type', [str('Clip')]),
        node('Properties70', [], [P('Path', 'KString', 'XRefUrl', '', str(file))]),
        node('UseMipMap', [i32(0)]),
        node('Filename', [str(file)]),
        node('RelativeFilename', [str(file)]),
        node('Content', [raw(png)]),
      ],
    ),
  ];
}

/** One mesh of an FBX scene. */
export interface FbxPart {
  /** Model (node) name, as an engine's importer reads it (`_LOD0`, `UCX_…`). */
  name: string;
  mesh: PolygonMesh;
}

/** Options of {@link fbxScene}. */
export interface FbxSceneOptions extends FbxOptions {
  /** File unit: `cm` (FBX's native unit; default) or `m`. */
  unit?: 'cm' | 'm';
  /** Put the parts under one empty (Null) node of this name. */
  group?: string;
}

/**
 * A binary FBX 7.4 scene of several meshes (e.g. LODs and a collider). Parts with a texture
 * share one Phong material carrying it (the first part's texture, embedded as PNG and also
 * returned for a sidecar copy); parts without one get a plain material of their colour.
 */
export async function fbxScene(parts: FbxPart[], options: FbxSceneOptions): Promise<FbxFile> {
  await MeshoptSimplifier.ready;
  const { name } = options;
  const unitScale = options.unit === 'm' ? 100 : 1;
  const perMetre = options.unit === 'm' ? 1 : 100;
  const source = parts.find((part) => part.mesh.texture)?.mesh.texture;
  let texture: FbxFile['texture'];
  if (source) {
    let image = sharp(source.bytes);
    if (options.textureSize) {
      image = image.resize(options.textureSize, options.textureSize, {
        fit: 'fill',
        kernel: 'lanczos3',
      });
    }
    const png = await image
      .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
      .toBuffer();
    texture = {
      name: options.textureName ?? `${name}_basecolor.png`,
      bytes: new Uint8Array(png),
    };
  }

  const ids = new Ids();
  const objects: FbxNode[] = [];
  const connections: FbxNode[] = [];
  const oo = (child: number, parent: number) =>
    connections.push(node('C', [str('OO'), i64(child), i64(parent)]));
  let parent = 0;
  let nulls = 0;
  if (options.group) {
    const groupId = ids.take();
    const attributeId = ids.take();
    objects.push(
      node(
        'NodeAttribute',
        [i64(attributeId), objectName('', 'NodeAttribute'), str('Null')],
        [node('TypeFlags', [str('Null')])],
      ),
      model(groupId, options.group, 'Null'),
    );
    oo(groupId, 0);
    oo(attributeId, groupId);
    parent = groupId;
    nulls = 1;
  }
  let shared: number | undefined;
  const geometries: FbxNode[] = [];
  const models: FbxNode[] = [];
  const materials: FbxNode[] = [];
  for (const part of parts) {
    const geometryId = ids.take();
    const modelId = ids.take();
    geometries.push(geometry(geometryId, part.mesh, part.name, perMetre));
    models.push(model(modelId, part.name, 'Mesh'));
    oo(modelId, parent);
    oo(geometryId, modelId);
    let materialId: number;
    if (part.mesh.texture && texture) {
      if (shared === undefined) {
        shared = ids.take();
        // The texture carries the colour; the material's own colour multiplies it (white).
        materials.push(material(shared, name, [1, 1, 1]));
      }
      materialId = shared;
    } else {
      materialId = ids.take();
      materials.push(
        material(materialId, `${part.name}_material`, part.mesh.baseColor.slice(0, 3)),
      );
    }
    oo(materialId, modelId);
  }
  const textureObjects: FbxNode[] = [];
  if (texture && shared !== undefined) {
    const textureIds = { texture: ids.take(), video: ids.take() };
    textureObjects.push(...textureNodes(textureIds, name, texture.name, texture.bytes));
    connections.push(
      node('C', [str('OP'), i64(textureIds.texture), i64(shared), str('DiffuseColor')]),
    );
    oo(textureIds.video, textureIds.texture);
  }
  const bytes = encode([
    ...header(name, unitScale),
    definitions([
      ['GlobalSettings', 1],
      ['NodeAttribute', nulls],
      ['Model', parts.length + nulls],
      ['Geometry', parts.length],
      ['Material', materials.length],
      ['Texture', textureObjects.length / 2],
      ['Video', textureObjects.length / 2],
    ]),
    node('Objects', [], [...objects, ...geometries, ...models, ...materials, ...textureObjects]),
    node('Connections', [], connections),
    node('Takes', [], [node('Current', [str('')])]),
  ]);
  return texture && shared !== undefined ? { bytes, texture } : { bytes };
}

/**
 * A binary FBX 7.4 file of one mesh (centimetres), with its base colour texture embedded as PNG
 * (also returned, for a sidecar copy next to the file).
 */
export function fbxBinary(mesh: PolygonMesh, options: FbxOptions): Promise<FbxFile> {
  return fbxScene([{ name: options.name, mesh }], options);
}
