/**
 * OBJ export: a zip of `<name>.obj`, `<name>.mtl` and the base colour texture as PNG (OBJ readers
 * rarely understand WebP).
 */
import { strToU8 } from 'fflate';
import sharp from 'sharp';
import type { MeshData } from './mesh';
import { stableZip } from './zip';

/** The zip of an OBJ export. `textureSize` resizes the texture when given. */
export async function objZip(
  mesh: MeshData,
  name: string,
  textureSize?: number,
): Promise<Uint8Array> {
  const lines: string[] = [`# Kiln sandbox export`, `mtllib ${name}.mtl`, `o ${name}`];
  const { positions: p, normals: n, uvs: t, indices } = mesh;
  for (let i = 0; i < p.length; i += 3) lines.push(`v ${p[i]} ${p[i + 1]} ${p[i + 2]}`);
  // OBJ's texture origin is bottom-left; glTF's is top-left.
  for (let i = 0; i < t.length; i += 2) lines.push(`vt ${t[i]} ${1 - t[i + 1]!}`);
  for (let i = 0; i < n.length; i += 3) lines.push(`vn ${n[i]} ${n[i + 1]} ${n[i + 2]}`);
  lines.push('usemtl material');
  for (let i = 0; i < indices.length; i += 3) {
    const [a, b, c] = [indices[i]! + 1, indices[i + 1]! + 1, indices[i + 2]! + 1];
    lines.push(`f ${a}/${a}/${a} ${b}/${b}/${b} ${c}/${c}/${c}`);
  }
  const [r, g, b] = mesh.baseColor;
  const mtl = [`newmtl material`, `Kd ${r} ${g} ${b}`, 'Ka 0 0 0', 'Ks 0 0 0', 'd 1', 'illum 1'];
  const files: Record<string, Uint8Array> = { [`${name}.obj`]: strToU8(`${lines.join('\n')}\n`) };
  if (mesh.texture) {
    let image = sharp(mesh.texture.bytes);
    if (textureSize) image = image.resize(textureSize, textureSize, { fit: 'fill' });
    files[`${name}.png`] = new Uint8Array(await image.png().toBuffer());
    mtl.push(`map_Kd ${name}.png`);
  }
  files[`${name}.mtl`] = strToU8(`${mtl.join('\n')}\n`);
  return stableZip(files);
}
