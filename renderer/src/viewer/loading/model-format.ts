/** What the first bytes of a downloaded file say it is. */
export type SniffedFormat = 'glb' | 'gltf' | 'html' | 'unknown';

const GLB_MAGIC = 0x46546c67; // "glTF", little-endian

/**
 * Looks at the first bytes of a download before handing it to GLTFLoader, whose own failure on a
 * non-glTF file is a JSON syntax error that means nothing to an artist. Servers and dev proxies
 * that answer a missing file with their index page are the common case worth naming.
 */
export function sniffModelFormat(buffer: ArrayBuffer): SniffedFormat {
  if (buffer.byteLength >= 12 && new DataView(buffer).getUint32(0, true) === GLB_MAGIC) {
    return 'glb';
  }
  const head = new TextDecoder()
    .decode(new Uint8Array(buffer, 0, Math.min(buffer.byteLength, 256)))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('{')) return 'gltf';
  if (/^<(!doctype|html|\?xml|head|body)/i.test(head)) return 'html';
  return 'unknown';
}

/**
 * The glTF version a file declares when it is older than 2.0 (`'1.0'`, `'0.8'`), else
 * undefined. A binary glTF says it in its header; a `.gltf` in `asset.version` (read only after
 * three refused the file, so a large JSON is not parsed twice on the way to the screen).
 */
export function legacyGltfVersion(buffer: ArrayBuffer, format: SniffedFormat): string | undefined {
  if (format === 'glb') {
    const version = new DataView(buffer).getUint32(4, true);
    return version < 2 ? `${version}.0` : undefined;
  }
  if (format !== 'gltf') return undefined;
  try {
    const json = JSON.parse(new TextDecoder().decode(buffer)) as {
      asset?: { version?: unknown };
    };
    const version = json.asset?.version;
    // glTF 0.8 files have no `asset.version`, or a number; 2.0 files always say "2.0".
    if (version === undefined) return '1.0';
    const text = String(version);
    return Number.parseFloat(text) < 2 ? text : undefined;
  } catch {
    return undefined;
  }
}
