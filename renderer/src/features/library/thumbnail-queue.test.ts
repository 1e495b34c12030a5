import { describe, expect, it } from 'vitest';
import { ThumbnailQueue } from './thumbnail-queue';

/** A core that answers when the test says, and what the queue asked of it. */
function setup(concurrency?: number) {
  const pending = new Map<string, { ok: (url: string) => void; fail: (e: unknown) => void }>();
  const asked: string[] = [];
  const inView: string[][] = [];
  const thumbs: Record<string, string | null> = {};
  let waiting: ReadonlySet<string> = new Set();
  const queue = new ThumbnailQueue(
    {
      fetch: (id) =>
        new Promise<string>((ok, fail) => {
          asked.push(id);
          pending.set(id, { ok, fail });
        }),
      inView: (ids) => inView.push([...ids]),
      known: (id) => id in thumbs,
      settled: (id, url) => (thumbs[id] = url),
      waiting: (ids) => (waiting = ids),
    },
    concurrency,
  );
  const answer = async (id: string, url: string | Error) => {
    const p = pending.get(id)!;
    pending.delete(id);
    if (url instanceof Error) p.fail(url);
    else p.ok(url);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { queue, asked, inView, thumbs, answer, waiting: () => waiting };
}

const cancelled = Object.assign(new Error('cancelled'), { code: 'cancelled' });
const screen = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `m${from + i}`);

describe('thumbnail queue', () => {
  it('asks nothing while the view moves: rows passed cost no request', () => {
    const { queue, asked } = setup();
    for (let row = 0; row < 50; row++) queue.show(screen(8, row * 2), false);
    expect(asked).toEqual([]);
  });

  it('asks for the cards on screen in their order once the view rests, and says they wait', async () => {
    const { queue, asked, thumbs, answer, waiting } = setup();
    queue.show(screen(3));
    expect(asked).toEqual(['m0', 'm1', 'm2']);
    expect([...waiting()]).toEqual(['m0', 'm1', 'm2']);
    await answer('m1', '/c/m1.webp');
    expect(thumbs).toEqual({ m1: '/c/m1.webp' });
    expect([...waiting()]).toEqual(['m0', 'm2']);
  });

  it('puts the screen looked at now before every screen left: what was not sent is dropped', async () => {
    const { queue, asked, inView, answer } = setup(2);
    queue.show(screen(4));
    expect(asked).toEqual(['m0', 'm1']);
    // The user moves on before the first screen's thumbnails came: the core drops what it has
    // not sent for it, and the rest of that screen is never asked.
    queue.show(screen(4, 100), false);
    expect(inView.at(-1)).toEqual(screen(4, 100));
    queue.show(screen(4, 100));
    await answer('m0', cancelled);
    await answer('m1', '/c/m1.webp');
    expect(asked).toEqual(['m0', 'm1', 'm100', 'm101']);
    await answer('m100', '/c/m100.webp');
    expect(asked.slice(4)).toEqual(['m102']);
  });

  it('never asks again for a thumbnail fetched or refused, but again for one cancelled', async () => {
    const { queue, asked, answer, thumbs } = setup();
    queue.show(['a', 'b', 'c']);
    await answer('a', '/c/a.webp');
    await answer('b', new Error('not an image'));
    await answer('c', cancelled);
    expect(thumbs).toEqual({ a: '/c/a.webp', b: null });
    queue.show(['a', 'b', 'c']);
    expect(asked).toEqual(['a', 'b', 'c', 'c']);
  });

  it('asks at most its concurrency at once, the rest as answers come', async () => {
    const { queue, asked, answer } = setup(2);
    queue.show(screen(3));
    expect(asked).toEqual(['m0', 'm1']);
    await answer('m0', '/c/m0.webp');
    expect(asked).toEqual(['m0', 'm1', 'm2']);
  });
});
