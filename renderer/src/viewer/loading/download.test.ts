import { describe, expect, it, vi } from 'vitest';
import { downloadWithProgress, type DownloadProgress } from './download';
import { ModelLoadError } from './load-error';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function fetchReturning(response: Response): typeof fetch {
  return vi.fn(async () => response) as unknown as typeof fetch;
}

const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])];

describe('downloadWithProgress', () => {
  it('reassembles the body and reports bytes against Content-Length', async () => {
    const progress: DownloadProgress[] = [];
    const buffer = await downloadWithProgress('/m.glb', {
      fetch: fetchReturning(new Response(streamOf(chunks), { headers: { 'content-length': '6' } })),
      onProgress: (p) => progress.push(p),
    });
    expect([...new Uint8Array(buffer)]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.map((p) => p.loaded)).toEqual([0, 3, 5, 6, 6]);
    expect(progress.every((p) => p.total === 6)).toBe(true);
  });

  it('reports an unknown total without Content-Length or with compression', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'content-length': '4', 'content-encoding': 'gzip' },
    ];
    for (const headers of cases) {
      const progress: DownloadProgress[] = [];
      const buffer = await downloadWithProgress('/m.glb', {
        fetch: fetchReturning(new Response(streamOf(chunks), { headers })),
        onProgress: (p) => progress.push(p),
      });
      expect(buffer.byteLength).toBe(6);
      expect(progress.slice(0, -1).every((p) => p.total === undefined)).toBe(true);
      expect(progress.at(-1)).toEqual({ loaded: 6, total: 6 });
    }
  });

  it('copes with a server that under-reports the length', async () => {
    const buffer = await downloadWithProgress('/m.glb', {
      fetch: fetchReturning(new Response(streamOf(chunks), { headers: { 'content-length': '4' } })),
    });
    expect([...new Uint8Array(buffer)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('turns error statuses, failures and empty bodies into ModelLoadErrors', async () => {
    await expect(
      downloadWithProgress('/gone.glb', {
        fetch: fetchReturning(new Response('nope', { status: 404 })),
      }),
    ).rejects.toMatchObject({ kind: 'http', status: 404 });
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(downloadWithProgress('/m.glb', { fetch: failing })).rejects.toMatchObject({
      kind: 'network',
    });
    await expect(
      downloadWithProgress('/m.glb', { fetch: fetchReturning(new Response(new Uint8Array(0))) }),
    ).rejects.toBeInstanceOf(ModelLoadError);
  });

  it('rejects with the AbortError, not a network error, when aborted', async () => {
    const controller = new AbortController();
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ) as unknown as typeof fetch;
    const pending = downloadWithProgress('/m.glb', { fetch: hanging, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
