/**
 * USDZ export: a USD package as Quick Look and USD tools read it: an uncompressed zip whose first
 * file is the USD layer (ASCII `.usda` here) and whose every file's data starts at a multiple of
 * 64 bytes, plus the base colour texture as PNG, bound with a UsdPreviewSurface material.
 *
 * fflate cannot align entries, so the (small) stored-zip writer is here.
 */
import sharp from 'sharp';
import type { MeshData } from './mesh';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of bytes (the zip checksum). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An uncompressed zip with every file's data aligned to `align` bytes (USDZ needs 64). */
export function alignedStoredZip(
  files: Array<{ name: string; data: Uint8Array }>,
  align = 64,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const encoder = new TextEncoder();
  for (const file of files) {
    const name = encoder.encode(file.name);
    const crc = crc32(file.data);
    const headerSize = 30 + name.length;
    // Padding goes in the extra field, as a private 0x1986 block, so the data lands aligned.
    let pad = (align - ((offset + headerSize) % align)) % align;
    if (pad > 0 && pad < 4) pad += align;
    const local = new Uint8Array(headerSize + pad);
    const view = new DataView(local.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, 0, true);
    view.setUint16(8, 0, true); // stored
    view.setUint16(10, 0, true);
    view.setUint16(12, 0x21, true); // 1980-01-01
    view.setUint32(14, crc, true);
    view.setUint32(18, file.data.length, true);
    view.setUint32(22, file.data.length, true);
    view.setUint16(26, name.length, true);
    view.setUint16(28, pad, true);
    local.set(name, 30);
    if (pad > 0) {
      view.setUint16(30 + name.length, 0x1986, true);
      view.setUint16(32 + name.length, pad - 4, true);
    }
    const entry = new Uint8Array(46 + name.length);
    const cv = new DataView(entry.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(14, 0x21, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, file.data.length, true);
    cv.setUint32(24, file.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    entry.set(name, 46);
    central.push(entry);
    chunks.push(local, file.data);
    offset += local.length + file.data.length;
  }
  const centralSize = central.reduce((sum, e) => sum + e.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, files.length, true);
  ev.setUint16(10, files.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + end.length);
  let at = 0;
  for (const chunk of [...chunks, ...central, end]) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const f = (v: number) => (Math.round(v * 1e6) / 1e6).toString();

/** The USDA layer of a mesh (metres, +Y up, like glTF). */
export function usdaText(mesh: MeshData, hasTexture: boolean): string {
  const { positions: p, normals: n, uvs: t, indices } = mesh;
  const points: string[] = [];
  const normals: string[] = [];
  const st: string[] = [];
  for (let i = 0; i < p.length / 3; i++) {
    points.push(`(${f(p[i * 3]!)}, ${f(p[i * 3 + 1]!)}, ${f(p[i * 3 + 2]!)})`);
    normals.push(`(${f(n[i * 3]!)}, ${f(n[i * 3 + 1]!)}, ${f(n[i * 3 + 2]!)})`);
    // USD's texture origin is bottom-left; glTF's is top-left.
    st.push(`(${f(t[i * 2]!)}, ${f(1 - t[i * 2 + 1]!)})`);
  }
  const [r, g, b] = mesh.baseColor;
  const diffuse = hasTexture
    ? 'color3f inputs:diffuseColor.connect = </Model/Material/Texture.outputs:rgb>'
    : `color3f inputs:diffuseColor = (${f(r)}, ${f(g)}, ${f(b)})`;
  const texture = hasTexture
    ? `
        def Shader "StReader"
        {
            uniform token info:id = "UsdPrimvarReader_float2"
            string inputs:varname = "st"
            float2 outputs:result
        }

        def Shader "Texture"
        {
            uniform token info:id = "UsdUVTexture"
            asset inputs:file = @textures/basecolor.png@
            float2 inputs:st.connect = </Model/Material/StReader.outputs:result>
            token inputs:wrapS = "repeat"
            token inputs:wrapT = "repeat"
            token inputs:sourceColorSpace = "sRGB"
            float3 outputs:rgb
        }`
    : '';
  return `#usda 1.0
(
    defaultPrim = "Model"
    metersPerUnit = 1
    upAxis = "Y"
    doc = "Kiln sandbox export"
)

def Xform "Model" (
    kind = "component"
)
{
    def Mesh "Mesh" (
        prepend apiSchemas = ["MaterialBindingAPI"]
    )
    {
        uniform bool doubleSided = 0
        uniform token orientation = "rightHanded"
        uniform token subdivisionScheme = "none"
        int[] faceVertexCounts = [${new Array(indices.length / 3).fill(3).join(', ')}]
        int[] faceVertexIndices = [${Array.from(indices).join(', ')}]
        point3f[] points = [${points.join(', ')}]
        normal3f[] normals = [${normals.join(', ')}] (
            interpolation = "vertex"
        )
        texCoord2f[] primvars:st = [${st.join(', ')}] (
            interpolation = "vertex"
        )
        rel material:binding = </Model/Material>
    }

    def Material "Material"
    {
        token outputs:surface.connect = </Model/Material/Surface.outputs:surface>

        def Shader "Surface"
        {
            uniform token info:id = "UsdPreviewSurface"
            ${diffuse}
            float inputs:roughness = 0.8
            float inputs:metallic = 0
            token outputs:surface
        }${texture}
    }
}
`;
}

/** USDZ bytes of a mesh. */
export async function usdzPackage(mesh: MeshData, name: string): Promise<Uint8Array> {
  const files = [{ name: `${name}.usda`, data: new Uint8Array() }];
  let hasTexture = false;
  if (mesh.texture) {
    // USDZ allows PNG and JPEG textures only.
    files.push({
      name: 'textures/basecolor.png',
      data: new Uint8Array(await sharp(mesh.texture.bytes).png().toBuffer()),
    });
    hasTexture = true;
  }
  files[0]!.data = new TextEncoder().encode(usdaText(mesh, hasTexture));
  return alignedStoredZip(files);
}
