/**
 * streamToFile stopped by its signal (Kiln closing): the stream is cancelled, the file removed
 * before the error returns, and a download stopped before it began creates no file at all.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancelledError } from '../api/errors';
import { systemClock } from '../ports';
import { streamToFile } from './stream-to-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A body that never ends; `cancelled` once its reader gave up. */
function endless() {
  const state = { chunks: 0, cancelled: false };
  const response = new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        state.chunks += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel() {
        state.cancelled = true;
      },
    }),
  );
  return { response, state };
}

describe('streamToFile with a signal', () => {
  it('stops at the abort: the stream is cancelled and the file removed before it throws', async () => {
    const file = path.join(dir, 'a.partial');
    const { response, state } = endless();
    const stop = new AbortController();
    const writing = streamToFile(response, file, {
      maxBytes: 1024 ** 3,
      clock: systemClock,
      what: 'The model file',
      signal: stop.signal,
    }).catch((e: unknown) => e);
    await expect.poll(() => state.chunks).toBeGreaterThan(3);
    stop.abort();
    const error = await writing;
    expect(error).toBeInstanceOf(CancelledError);
    expect(existsSync(file)).toBe(false);
    expect(state.cancelled).toBe(true);
  });

  it('creates no file when stopped before it began', async () => {
    const file = path.join(dir, 'b.partial');
    const { response, state } = endless();
    const stop = new AbortController();
    stop.abort();
    await expect(
      streamToFile(response, file, {
        maxBytes: 1024 ** 3,
        clock: systemClock,
        what: 'The picture',
        signal: stop.signal,
      }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(existsSync(file)).toBe(false);
    expect(state.cancelled).toBe(true);
  });
});
