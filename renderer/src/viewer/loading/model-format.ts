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
