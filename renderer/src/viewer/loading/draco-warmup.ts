import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';

/**
 * A tetrahedron (4 vertices, 4 triangles; positions, normals and UVs), Draco-compressed with
 * edgebreaker by the draco3dgltf encoder: 190 bytes, small enough to live in the bundle. Decoding
 * it exercises the same decoder paths a glTF primitive does.
 */
// The bytes of a Draco file in base64, not words for people.
/* eslint-disable lingui/no-unlocalized-strings */
const TETRAHEDRON_DRC =
  'RFJBQ08CAgEBAAAABAQCAwAAAS8BARD/AmZA/wJmQAP/AAAAAAABAAABAAkDAAAAAQEJAwABAAEDCQIAAgAAAAAAAAAA' +
  'AAAAgD8AAAAAAACAPwAAAAAAAAAAAAAAAAAAAAAAAIA/AAAAAAAAAABGthM/RrYTP0a2Ez8AAAAAAACAPwAAAAAAAAAA' +
  'AAAAAAAAgD8AAIA/AAAAAAAAAAAAAIA/AACAPwAAAAAAAIA/AAAAAAAAAAAAAIA/AAAAAA==';
/* eslint-enable lingui/no-unlocalized-strings */

/** The embedded warm-up mesh as fresh bytes (each decode transfers its buffer to a worker). */
export function tetrahedronDrc(): ArrayBuffer {
  const text = atob(TETRAHEDRON_DRC);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

/**
 * Makes `draco` ready to decode at full speed: `preload()` only fetches the decoder files, while
 * the workers, and the WebAssembly compile inside each, are created by the first decode. So this
 * decodes the embedded tetrahedron once per worker, in parallel (each concurrent task gets a new
 * worker until the pool is full). Resolves with the number of triangles decoded per worker;
 * rejects if the decoder cannot be fetched or run.
 */
export async function warmDracoWorkers(draco: DRACOLoader, workers: number): Promise<number[]> {
  const decodeOne = () =>
    new Promise<number>((resolve, reject) => {
      draco.parse(
        tetrahedronDrc(),
        (geometry) => {
          const triangles = (geometry.index?.count ?? 0) / 3;
          geometry.dispose();
          resolve(triangles);
        },
        reject,
      );
    });
  return Promise.all(Array.from({ length: workers }, decodeOne));
}
