import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PhotoPreflight } from '../../../../shared/preflight/types';
import type { PreflightRequest, PreflightResponse } from './protocol';

/** A stand-in for the preflight worker: answers every check with the same result. */
const checked: PreflightRequest[] = [];
const result = { warnings: [], crop: undefined, mask: undefined } as unknown as PhotoPreflight;
class FakeWorker {
  onmessage: ((event: MessageEvent<PreflightResponse>) => void) | undefined;
  postMessage(request: PreflightRequest) {
    if (request.type !== 'check') return;
    checked.push(request);
    queueMicrotask(() =>
      this.onmessage?.({ data: { type: 'checked', id: request.id, result } } as MessageEvent),
    );
  }
}
vi.stubGlobal('Worker', FakeWorker);
afterAll(() => void vi.unstubAllGlobals());
const { checkPhoto, forget, preflightOf } = await import('./preflight-client');

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
});
