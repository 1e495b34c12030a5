import { ModelLoadError } from './load-error';

/** Download progress. `total` is undefined when the server did not say how big the file is. */
export interface DownloadProgress {
  readonly loaded: number;
  readonly total: number | undefined;
}

/** Options of {@link downloadWithProgress}. */
export interface DownloadOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: DownloadProgress) => void;
  /** Injected for tests; defaults to the page's `fetch`. */
  readonly fetch?: typeof fetch;
}

/**
 * Reads a response's `Content-Length` as the number of bytes the body stream will yield. When
 * the body is content-encoded the header counts compressed bytes, so it is no use for progress.
 */
function expectedLength(response: Response): number | undefined {
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return undefined;
  const length = Number(response.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : undefined;
}

/**
 * Fetches `url` into an ArrayBuffer, reporting bytes as they stream in. We fetch ourselves rather
 * than through GLTFLoader's FileLoader because FileLoader can only abort every request of a
 * shared loader at once, while each viewer load needs its own abort.
 *
 * @throws ModelLoadError `http` for an error status, `network` when the request fails, `empty`
 *   for a zero-byte body; the fetch's AbortError when `signal` aborts.
 */
export async function downloadWithProgress(
  url: string,
  options: DownloadOptions = {},
): Promise<ArrayBuffer> {
  const { signal, onProgress } = options;
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;

    throw new ModelLoadError('network', `Request for ${url} failed`, { cause: error });
  }
  if (!response.ok) {
    // Release the connection; the body of an error page is of no use here.
    void response.body?.cancel().catch(() => undefined);

    throw new ModelLoadError('http', `Server answered ${response.status} for ${url}`, {
      status: response.status,
    });
  }

  const total = expectedLength(response);
  onProgress?.({ loaded: 0, total });

  let bytes: Uint8Array;
  try {
    bytes = response.body
      ? await readStream(response.body, total, onProgress)
      : new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (signal?.aborted) throw error;

    throw new ModelLoadError('network', `Download of ${url} was interrupted`, { cause: error });
  }
  if (bytes.byteLength === 0) throw new ModelLoadError('empty', `${url} is empty`);
  onProgress?.({ loaded: bytes.byteLength, total: total ?? bytes.byteLength });
  return bytes.buffer.byteLength === bytes.byteLength
    ? (bytes.buffer as ArrayBuffer)
    : (bytes.slice().buffer as ArrayBuffer);
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  total: number | undefined,
  onProgress: DownloadOptions['onProgress'],
): Promise<Uint8Array> {
  const reader = body.getReader();
  // With a known length, write straight into one buffer; otherwise collect chunks.
  let target = total !== undefined ? new Uint8Array(total) : undefined;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (target && loaded + value.byteLength > target.byteLength) {
      // The server under-reported the length: fall back to collecting chunks.
      chunks.push(target.subarray(0, loaded));
      target = undefined;
    }
    if (target) target.set(value, loaded);
    else chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total: target ? total : undefined });
  }
  if (target) return loaded === target.byteLength ? target : target.slice(0, loaded);
  const out = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
