import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PhotoPreflight } from '../../../../shared/preflight/types';
import type { PreflightRequest, PreflightResponse } from './protocol';

/** A stand-in for the preflight worker: sends a preview, then the same result for every check. */
const checked: PreflightRequest[] = [];
const result = { warnings: [], crop: undefined, mask: undefined } as unknown as PhotoPreflight;
/** Previews the fake worker sent, by request id (ImageBitmap is not in Node: a stand-in). */
const sent = new Map<number, { close: ReturnType<typeof vi.fn> }>();
class FakeWorker {
  onmessage: ((event: MessageEvent<PreflightResponse>) => void) | undefined;
  postMessage(request: PreflightRequest) {
    if (request.type !== 'check') return;
    checked.push(request);
    const preview = { close: vi.fn() };
    sent.set(request.id, preview);
    queueMicrotask(() => {
      this.onmessage?.({ data: { type: 'preview', id: request.id, preview } } as MessageEvent);
      queueMicrotask(() =>
        this.onmessage?.({ data: { type: 'checked', id: request.id, result } } as MessageEvent),
      );
    });
  }
}
vi.stubGlobal('Worker', FakeWorker);
afterAll(() => void vi.unstubAllGlobals());
const { checkPhoto, forget, preflightOf, previewOf } = await import('./preflight-client');

describe('preflight client', () => {
  it('gives a photo brought back by Undo its result again without checking it twice', async () => {
    checkPhoto('p1', new Blob([new Uint8Array([1])]));
    await vi.waitFor(() => expect(preflightOf('p1')?.status).toBe('done'));
    forget(['p1']);
    expect(preflightOf('p1')).toBeUndefined();
    checkPhoto('p1', new Blob([new Uint8Array([1])]));
    expect(preflightOf('p1')).toEqual({ status: 'done', result });
    expect(checked).toHaveLength(1);
  });

  it("keeps the worker's preview of a photo for the page to show, with its parked result", async () => {
    checkPhoto('p2', new Blob([new Uint8Array([2])]));
    const preview = sent.get(checked.at(-1)!.id)!;
    await vi.waitFor(() => expect(previewOf('p2')).toBe(preview));
    await vi.waitFor(() => expect(preflightOf('p2')?.status).toBe('done'));
    forget(['p2']);
    checkPhoto('p2', new Blob([new Uint8Array([2])]));
    expect(previewOf('p2')).toBe(preview);
    expect(preview.close).not.toHaveBeenCalled();
  });

  it('asks the worker for a preview only for a photo the page shows', () => {
    checkPhoto('shown', new Blob([new Uint8Array([4])]));
    expect(checked.at(-1)).toMatchObject({ type: 'check', preview: true });
    checkPhoto('listed', new Blob([new Uint8Array([5])]), { preview: false });
    expect(checked.at(-1)).toMatchObject({ type: 'check', preview: false });
  });

  it('closes the preview of a photo removed before its check ended', async () => {
    checkPhoto('p3', new Blob([new Uint8Array([3])]));
    const preview = sent.get(checked.at(-1)!.id)!;
    forget(['p3']);
    await vi.waitFor(() => expect(preview.close).toHaveBeenCalled());
    expect(previewOf('p3')).toBeUndefined();
  });
});
