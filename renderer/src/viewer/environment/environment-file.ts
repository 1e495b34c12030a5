/**
 * Kiln's pre-filtered environment files (`.kenv`): the lighting environments the viewer ships,
 * already filtered for image-based lighting, so the viewer never runs three's PMREM filter.
 *
 * Why: three's `PMREMGenerator` (r187) integrates a GGX lobe with 256 samples per texel over a
 * 256² cube (it up-samples anything smaller), about 10⁸ texture reads. On a software GPU
 * (SwiftShader, and many VMs and older laptops) that is 2–3 s of GPU time before the first lit
 * frame; on any GPU it is work repeated at every start for a result that never changes. The
 * tool `tools/prefilter-environments.ts` runs that very filter once, in Chromium, and writes its
 * output here: every mip level of every cube face, exactly as three made them.
 *
 * Layout (all little-endian), the whole file gzip-compressed:
 *
 * | bytes | content                                                                  |
 * | ----- | ------------------------------------------------------------------------ |
 * | 8     | magic `KILNENV1`                                                          |
 * | 4     | `n`: length of the JSON header                                           |
 * | n     | JSON {@link EnvironmentHeader} (UTF-8), space-padded to an even end       |
 * | …     | texels: for each level (largest first), for each face (+X, −X, +Y, −Y, +Z, −Z), `size >> level` rows of RGBA half floats |
 *
 * Faces are stored as three samples a cube *texture* (three mirrors those in x, unlike a cube
 * render target such as PMREMGenerator's output; the tool mirrors them to match).
 */

/** The JSON header of a `.kenv` file. */
export interface EnvironmentHeader {
  /** Format version; this reader knows 1. */
  readonly version: 1;
  /** Edge of level 0, in texels (a power of two). */
  readonly size: number;
  /** Mip levels stored, level 0 first; each halves the edge. */
  readonly levels: number;
  /** Texel encoding: four IEEE half floats, linear sRGB radiance and alpha. */
  readonly encoding: 'rgba16f';
}

/** A decoded environment: one `Uint16Array` of RGBA half floats per level and face. */
export interface EnvironmentData {
  readonly header: EnvironmentHeader;
  /** `texels[level][face]`, `(size >> level)²` RGBA texels each. */
  readonly texels: ReadonlyArray<readonly Uint16Array[]>;
}

const MAGIC = 'KILNENV1';
const FACES = 6;
const CHANNELS = 4;

/** Texels in one face of `level`. */
function faceTexels(size: number, level: number): number {
  const edge = size >> level;
  return edge * edge;
}

function checkHeader(value: unknown): EnvironmentHeader {
  const h = value as Partial<EnvironmentHeader> | null;
  if (!h || h.version !== 1) throw new Error('unsupported environment file version');
  if (h.encoding !== 'rgba16f') throw new Error(`unsupported texel encoding ${String(h.encoding)}`);
  const size = h.size ?? 0;
  const levels = h.levels ?? 0;
  if (!Number.isInteger(size) || size < 1 || size > 4096 || (size & (size - 1)) !== 0) {
    throw new Error(`bad environment size ${String(h.size)}`);
  }
  if (!Number.isInteger(levels) || levels < 1 || size >> (levels - 1) < 1) {
    throw new Error(`bad environment level count ${String(h.levels)}`);
  }
  return { version: 1, size, levels, encoding: 'rgba16f' };
}

/**
 * Reads a decompressed `.kenv` file.
 *
 * @throws Error when the bytes are not a complete environment file of a known version.
 */
export function parseEnvironment(bytes: ArrayBuffer): EnvironmentData {
  const view = new DataView(bytes);
  const magic = new TextDecoder().decode(new Uint8Array(bytes, 0, Math.min(8, bytes.byteLength)));
  if (magic !== MAGIC || bytes.byteLength < 12) throw new Error('not a Kiln environment file');
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.byteLength) throw new Error('truncated environment header');
  const header = checkHeader(
    JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 12, headerLength))),
  );
  // The writer pads the header so the texels start on an even byte (Uint16Array views must).
  let offset = 12 + headerLength;
  if (offset % 2 !== 0) throw new Error('environment texels are not aligned');
  let expected = 0;
  for (let level = 0; level < header.levels; level++) {
    expected += faceTexels(header.size, level) * FACES * CHANNELS * 2;
  }
  if (offset + expected !== bytes.byteLength) {
    throw new Error(
      `environment file holds ${bytes.byteLength - offset} texel bytes, expected ${expected}`,
    );
  }
  const texels: Uint16Array[][] = [];
  for (let level = 0; level < header.levels; level++) {
    const count = faceTexels(header.size, level) * CHANNELS;
    const faces: Uint16Array[] = [];
    for (let face = 0; face < FACES; face++) {
      faces.push(new Uint16Array(bytes, offset, count));
      offset += count * 2;
    }
    texels.push(faces);
  }
  return { header, texels };
}

/**
 * Writes a `.kenv` file (uncompressed; the tool gzips it). The header is padded with spaces so
 * the texels start on an even byte.
 */
export function encodeEnvironment(data: EnvironmentData): Uint8Array {
  const header = checkHeader(data.header);
  let json = JSON.stringify(header);
  if ((12 + json.length) % 2 !== 0) json += ' ';
  const headerBytes = new TextEncoder().encode(json);
  let texelBytes = 0;
  for (let level = 0; level < header.levels; level++) {
    for (let face = 0; face < FACES; face++) {
      const texels = data.texels[level]?.[face];
      if (!texels || texels.length !== faceTexels(header.size, level) * CHANNELS) {
        throw new Error(`level ${level} face ${face} has the wrong number of texels`);
      }
      texelBytes += texels.byteLength;
    }
  }
  const out = new Uint8Array(12 + headerBytes.length + texelBytes);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  let offset = 12 + headerBytes.length;
  for (const faces of data.texels) {
    for (const texels of faces) {
      out.set(new Uint8Array(texels.buffer, texels.byteOffset, texels.byteLength), offset);
      offset += texels.byteLength;
    }
  }
  return out;
}

/**
 * Decompresses a gzip-compressed `.kenv` file with the platform's own `DecompressionStream`
 * (no decoder ships in the bundle) and parses it.
 */
export async function readEnvironment(compressed: Response | Blob): Promise<EnvironmentData> {
  const body = compressed instanceof Response ? compressed.body : compressed.stream();
  if (!body) throw new Error('empty environment file');
  const bytes = await new Response(body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  return parseEnvironment(bytes);
}
