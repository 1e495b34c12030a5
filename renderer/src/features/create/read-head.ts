/** Reads a file's first bytes in the page, for type sniffing before anything is uploaded. */

/** The first `count` bytes of `file`. */
export async function readHead(file: Blob, count = 16): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, count).arrayBuffer());
}
