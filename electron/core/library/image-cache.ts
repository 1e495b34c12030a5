/**
 * Pictures the service serves behind the key (concept pictures, thumbnails), fetched once into
 * the content-addressed cache so the renderer can show them from the app's own origin. Only real
 * JPEG, PNG or WebP images are kept (checked by their bytes, not the server's word).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sniffPhotoType } from '../../../shared/api/rules';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { streamToFile } from '../files/stream-to-file';
import type { Clock, Paths } from '../ports';
import type { Priority } from '../schedule/request-scheduler';
import { InFlight } from '../util/in-flight';

/** Largest picture Kiln caches. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Options of {@link ImageCache}. */
export type ImageCacheOptions = Readonly<{
  api: ApiClient;
  paths: Paths;
  clock: Clock;
  /** The core's work in flight: the core's close stops each download and waits for it. */
  inFlight?: InFlight;
}>;

/** Downloads pictures into the cache folder. */
export class ImageCache {
  readonly #o: ImageCacheOptions;
  readonly #work: InFlight;

  constructor(options: ImageCacheOptions) {
    this.#o = options;
    this.#work = options.inFlight ?? new InFlight();
  }

  /**
   * Downloads the picture at `url` (a service link) and returns its cache file name.
   * @param options.priority `idle` for pictures nobody waits on (see `ApiClient.download`)
   * @param options.signal cancels the download while it waits to be sent
   * @param options.withoutKey opens the link without the key; `options.free` outside the request
   *   budget, for a link proved to cost nothing (see `ApiClient.download`)
   * @throws ApiError when the link is refused, the download fails or the bytes are not a picture;
   *   CancelledError once the core is closing
   */
  fetch(
    url: string,
    options: Readonly<{
      priority?: Priority;
      signal?: AbortSignal;
      withoutKey?: boolean;
      free?: boolean;
    }> = {},
  ): Promise<string> {
    return this.#work.run((stop) => this.#fetch(url, options, stop));
  }

  async #fetch(
    url: string,
    options: Readonly<{
      priority?: Priority;
      signal?: AbortSignal;
      withoutKey?: boolean;
      free?: boolean;
    }>,
    stop: AbortSignal,
  ): Promise<string> {
    const response = await this.#o.api.download(url, options.signal, options.priority, {
      withoutKey: options.withoutKey ?? false,
      free: options.free ?? false,
    });
    await mkdir(this.#o.paths.temp, { recursive: true });
    await mkdir(this.#o.paths.cache, { recursive: true });
    const temp = path.join(this.#o.paths.temp, `${randomUUID()}.partial`);
    const { sha256 } = await streamToFile(response, temp, {
      maxBytes: MAX_IMAGE_BYTES,
      clock: this.#o.clock,
      what: 'The picture',
      signal: stop,
    });
    const type = sniffPhotoType(await head(temp));
    if (!type) {
      await rm(temp, { force: true });
      throw new ApiError('not_an_image', 'The service sent a picture Kiln cannot show.');
    }
    const file = `${sha256}.${EXTENSIONS[type]}`;
    await rename(temp, path.join(this.#o.paths.cache, file));
    return file;
  }
}

async function head(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
