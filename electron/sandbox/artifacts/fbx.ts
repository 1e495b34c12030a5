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
import { MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import type { PolygonMesh } from './mesh';
import {
  VERSION,
  FILE_ID,
  CREATION_TIME,
  FbxNode,
  i32,
  i64,
  f64,
  bool,
  str,
  raw,
  objectName,
  array,
  node,
  P,
  encode,
} from './fbx-encode';

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
