/**
 * InFlight: close stops every piece and waits for it, the cleanup after a stop included; work
 * asked for after the close never starts.
 */
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../api/errors';
import { InFlight, runUnlessClosed } from './in-flight';

describe('InFlight', () => {
  it('aborts the pieces running and resolves only once each has finished its cleanup', async () => {
    const inFlight = new InFlight();
    const steps: string[] = [];
    const piece = inFlight.run(
      (signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            // The cleanup (a partial file removed) takes a while after the stop.
            setTimeout(() => {
              steps.push('cleaned up');
              reject(signal.reason);
            }, 30);
          });
        }),
    );
    const outcome = piece.catch((e: unknown) => e);
    await inFlight.close();
    steps.push('closed');
    expect(steps).toEqual(['cleaned up', 'closed']);
    expect(await outcome).toBeInstanceOf(CancelledError);
  });

  it('refuses work asked for after the close: it never starts', async () => {
    const inFlight = new InFlight();
    await inFlight.close();
    expect(inFlight.closed).toBe(true);
    let ran = false;
    await expect(
      inFlight.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(CancelledError);
    // A step nobody awaits (a job's save) is skipped, as in a process that ended.
    await runUnlessClosed(inFlight, async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    await expect(inFlight.close()).resolves.toBeUndefined();
  });
});
