/** An 8-bit interleaved raster (RGBA as a canvas's `ImageData` or sharp's `raw()` gives it). */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}
