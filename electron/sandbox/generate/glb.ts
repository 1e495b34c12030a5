import { Document, NodeIO, TextureInfo } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import type { Solid } from './solid';

/** What goes into the GLB besides the geometry. */
export interface GlbContent {
  name: string;
  texture: Uint8Array;
  textureFormat: 'webp' | 'png';
  roughness: number;
}

/**
 * Writes the solid as a binary glTF 2.0 file: one mesh, one PBR material (metallic 0) with the
 * atlas as base colour. WebP textures declare `EXT_texture_webp` as required, as the extension
 * asks when no PNG/JPEG fallback is shipped.
 */
export async function writeGlb(solid: Solid, content: GlbContent): Promise<Uint8Array> {
  const doc = new Document();
  const root = doc.getRoot();
  root.getAsset().generator = 'Kiln sandbox generator (glTF-Transform)';
  root.getAsset().extras = { name: content.name };
  const buffer = doc.createBuffer();

  const position = doc
    .createAccessor('POSITION')
    .setType('VEC3')
    .setArray(solid.positions)
    .setBuffer(buffer);
  const normal = doc
    .createAccessor('NORMAL')
    .setType('VEC3')
    .setArray(solid.normals)
    .setBuffer(buffer);
  const uv = doc.createAccessor('TEXCOORD_0').setType('VEC2').setArray(solid.uvs).setBuffer(buffer);
  // 16-bit indices halve the index buffer whenever the vertex count allows it.
  const indexArray = solid.vertexCount <= 65535 ? Uint16Array.from(solid.indices) : solid.indices;
  const indices = doc
    .createAccessor('indices')
    .setType('SCALAR')
    .setArray(indexArray)
    .setBuffer(buffer);

  const mimeType = content.textureFormat === 'webp' ? 'image/webp' : 'image/png';
  if (content.textureFormat === 'webp') doc.createExtension(EXTTextureWebP).setRequired(true);
  const texture = doc.createTexture('baseColor').setImage(content.texture).setMimeType(mimeType);
  const material = doc
    .createMaterial(content.name)
    .setBaseColorFactor([1, 1, 1, 1])
    .setBaseColorTexture(texture)
    .setMetallicFactor(0)
    .setRoughnessFactor(content.roughness)
    .setDoubleSided(false);
  material
    .getBaseColorTextureInfo()
    ?.setWrapS(TextureInfo.WrapMode.CLAMP_TO_EDGE)
    .setWrapT(TextureInfo.WrapMode.CLAMP_TO_EDGE)
    .setMinFilter(TextureInfo.MinFilter.LINEAR_MIPMAP_LINEAR)
    .setMagFilter(TextureInfo.MagFilter.LINEAR);

  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setAttribute('NORMAL', normal)
    .setAttribute('TEXCOORD_0', uv)
    .setIndices(indices)
    .setMaterial(material);
  const mesh = doc.createMesh(content.name).addPrimitive(primitive);
  const node = doc.createNode(content.name).setMesh(mesh);
  const scene = doc.createScene(content.name).addChild(node);
  root.setDefaultScene(scene);

  const io = new NodeIO().registerExtensions([EXTTextureWebP]);
  return io.writeBinary(doc);
}
