/**
 * Compiling the checks before the first photo. A JavaScript engine runs a function's first
 * calls in its interpreter and optimises the hot loops only after many iterations: the first
 * photo's verdict used to cost four to five times what later ones do (379 ms of CPU against
 * 70–90 ms in Node on the 12 MP bench photo). Running the checks a few times on a made-up photo
 * of the analysis size, with an object textured enough for GrabCut to work on, gets the loops
 * optimised while the artist is still choosing a photo; the preflight worker does it when a flow
 * that checks photos opens.
 */
import { ANALYSIS_SIDE, preflightPhoto } from './analyse';
import type { RawImage } from '../segmentation/raster';

/** A made-up photo: a warm, textured oval on a light, slightly graded backdrop. */
export function warmUpPhoto(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 4);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = ((x - cx) / (width * 0.28)) ** 2 + ((y - cy) / (height * 0.32)) ** 2 < 1;
      const grain = (x * 7 + y * 13) % 23;
      const o = (y * width + x) * 4;
      if (inside) {
        data[o] = 120 + grain * 3;
        data[o + 1] = 70 + grain * 2;
        data[o + 2] = 40 + grain;
      } else {
        const v = 226 - ((x + y) % 7) - Math.floor((y / height) * 12);
        data[o] = v;
        data[o + 1] = v;
        data[o + 2] = v + 2;
      }
      data[o + 3] = 255;
    }
  return { data, width, height, channels: 4 };
}

/** Runs the checks `rounds` times on {@link warmUpPhoto} at the analysis and a detail size. */
export function warmUpChecks(rounds = 3): void {
  const analysis = warmUpPhoto(ANALYSIS_SIDE, Math.round(ANALYSIS_SIDE * 0.75));
  const detail = warmUpPhoto(512, 384);
  for (let k = 0; k < rounds; k++) preflightPhoto({ analysis, detail, width: 4000, height: 3000 });
}
