/**
 * A large texture reaches the GPU in strips of rows, one strip per task, so no single task of
 * the page waits for it. A 2K RGBA picture is 16 MB: uploaded in one `texSubImage2D`, the page's
 * main thread copied it into Chromium's transfer buffer and then waited, buffer full, until the
 * GPU process had consumed it — 113–138 ms in one task with WebGL drawn on the CPU (bench B2's
 * long task; the trace showed two `WaitForToken` waits of 26 and 51 ms in it).
 *
 * three.js allocates the texture (`texStorage2D`, its parameters, its mip levels) with
 * `Source.dataReady` false — its documented way to leave the pixels to the caller — and the
 * strips follow through WebGL 2's sub-rectangle upload of a `TexImageSource` (`UNPACK_SKIP_ROWS`
 * with a strip's height). The mipmaps are made once, after the last strip.
 */
import { RGBAFormat, UnsignedByteType, type Texture, type WebGLRenderer } from 'three';
import { yieldToBrowser as browserTurn } from './yield-to-browser';

/** Pixels per strip: 1 MB of RGBA, what the GPU process takes without making the page wait. */
export const STRIP_PIXELS = 256 * 1024;

/** The WebGL texture three.js made for `texture` (its renderer's bookkeeping). */
function glTextureOf(renderer: WebGLRenderer, texture: Texture): WebGLTexture | undefined {
  const properties = renderer.properties.get(texture) as { __webglTexture?: WebGLTexture };
  return properties.__webglTexture;
}

/** Whether `texture` is one the strips can upload: a decoded RGBA8 bitmap larger than one strip. */
export function uploadsInStrips(texture: Texture): boolean {
  const image: unknown = texture.image;
  return (
    typeof ImageBitmap !== 'undefined' &&
    image instanceof ImageBitmap &&
    image.width * image.height > STRIP_PIXELS &&
    texture.format === RGBAFormat &&
    texture.type === UnsignedByteType &&
    texture.mipmaps.length === 0 &&
    !texture.isRenderTargetTexture
  );
}

/**
 * Uploads `texture` to `renderer`'s GPU: at once when it is small (or not a bitmap), else in
 * strips with a turn for the browser (`yieldToBrowser`; tests pass their own) before each. Stops
 * early when `signal` aborts (the caller disposes the texture).
 */
export async function uploadTexture(
  renderer: WebGLRenderer,
  texture: Texture,
  signal: AbortSignal,
  yieldToBrowser: () => Promise<void> = browserTurn,
): Promise<void> {
  if (!uploadsInStrips(texture)) {
    renderer.initTexture(texture);
    return;
  }
  const image = texture.image as ImageBitmap;
  const { source } = texture;
  const autoMipmaps = texture.mipmapsAutoUpdate;
  // Storage and parameters only: no pixels, and no mipmaps of an empty level 0.
  source.dataReady = false;
  texture.mipmapsAutoUpdate = false;
  try {
    renderer.initTexture(texture);
  } finally {
    source.dataReady = true;
    texture.mipmapsAutoUpdate = autoMipmaps;
  }
  const glTexture = glTextureOf(renderer, texture);
  if (!glTexture) return;
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const rows = Math.max(1, Math.floor(STRIP_PIXELS / image.width));
  for (let y = 0; y < image.height; y += rows) {
    await yieldToBrowser();
    if (signal.aborted) return;
    const height = Math.min(rows, image.height - y);
    // Through three's state, so its record of what is bound stays true.
    renderer.state.bindTexture(gl.TEXTURE_2D, glTexture);
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, y);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, y, image.width, height, gl.RGBA, gl.UNSIGNED_BYTE, image);
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
  }
  if (texture.generateMipmaps && autoMipmaps) {
    renderer.state.bindTexture(gl.TEXTURE_2D, glTexture);
    gl.generateMipmap(gl.TEXTURE_2D);
  }
}
