import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerQueue, type JobReply } from './worker-queue';

/** A worker that echoes `n * 2` with one progress message first, or exits when asked to crash. */
const ECHO = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.crash) process.exit(3);
  parentPort.postMessage({ id: m.id, progress: 0.5 });
  parentPort.postMessage({ id: m.id, value: m.n * 2 });
});
`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-worker-queue-'));
const file = pathToFileURL(path.join(dir, 'echo.mjs'));
writeFileSync(file, ECHO);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Reply = JobReply & { progress?: number; value?: number };

/** Runs one job; resolves with its progress values and its answer. */
function ask(queue: WorkerQueue<Reply>, message: Record<string, unknown>) {
  const progress: number[] = [];
  return new Promise<{ progress: number[]; value: number }>((resolve, reject) => {
    queue.run({
      message,
      transfer: [],
      onReply: (reply) => {
        if (reply.progress !== undefined) {
          progress.push(reply.progress);
          return false;
        }
        resolve({ progress, value: reply.value! });
        return true;
      },
      onFailed: reject,
    });
  });
}

describe('WorkerQueue', () => {
  it('runs jobs one at a time in order, with their progress, on one thread', async () => {
    const queue = new WorkerQueue<Reply>({ file });
    const answers = await Promise.all([1, 2, 3].map((n) => ask(queue, { n })));
    expect(answers).toEqual([1, 2, 3].map((n) => ({ progress: [0.5], value: n * 2 })));
    await queue.close(new Error('closed'));
  });

  it('fails the job whose thread died, and runs the next on a new thread', async () => {
    const queue = new WorkerQueue<Reply>({ file });
    const crashed = ask(queue, { crash: true });
    const next = ask(queue, { n: 21 });
    await expect(crashed).rejects.toThrow('exit code 3');
    await expect(next).resolves.toEqual({ progress: [0.5], value: 42 });
    await queue.close(new Error('closed'));
  });

  it('fails queued and running jobs with the closing error, and takes back a cancelled one silently', async () => {
    const queue = new WorkerQueue<Reply>({ file });
    let cancelledHeard = false;
    const cancelled = queue.run({
      message: { n: 1 },
      transfer: [],
      onReply: () => (cancelledHeard = true),
      onFailed: () => (cancelledHeard = true),
    });
    queue.cancel(cancelled);
    const failed = [ask(queue, { n: 2 }), ask(queue, { n: 3 })].map((job) =>
      expect(job).rejects.toThrow('closing'),
    );
    await queue.close(new Error('closing'));
    await Promise.all(failed);
    expect(cancelledHeard).toBe(false);
  });
});
