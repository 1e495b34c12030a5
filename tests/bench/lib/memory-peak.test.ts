/**
 * B11's memory sampling stops however the upload ends: its 2 ms timer, left running after a
 * refused upload, kept `npm run bench` alive after it wrote its results (issue 29).
 */
import { describe, expect, it } from 'vitest';
import { describeHandles } from './handles';
import { withMemoryPeak } from './memory-peak';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('withMemoryPeak', () => {
  it('reports the peak above the level before the work', async () => {
    const readings = [
      { rss: 100, external: 10 },
      { rss: 180, external: 40 },
      { rss: 120, external: 20 },
    ];
    let i = 0;
    const read = () => readings[Math.min(i++, readings.length - 1)]!;
    const peak = await withMemoryPeak(
      () => new Promise((r) => setTimeout(() => r('done'), 30)),
      1,
      read,
    );
    expect(peak).toEqual({ result: 'done', rssBytes: 80, externalBytes: 30 });
  });

  it('stops sampling when the work fails, so nothing keeps the process alive', async () => {
    const before = timers();
    await expect(
      withMemoryPeak(async () => {
        expect(timers()).toBe(before + 1);
        throw new Error('the host refused the upload (HTTP 403)');
      }),
    ).rejects.toThrow('HTTP 403');
    expect(timers()).toBe(before);
  });
});

describe('describeHandles', () => {
  it('names what holds the process by kind', () => {
    expect(describeHandles(['Timeout', 'TCPSocketWrap', 'Timeout'])).toBe(
      'Timeout ×2, TCPSocketWrap ×1',
    );
    expect(describeHandles([])).toBe('nothing');
  });
});
