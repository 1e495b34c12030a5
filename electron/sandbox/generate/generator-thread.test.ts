/**
 * The generator's worker thread gives what the generator gives on the calling thread: the same
 * bytes for the same seed, the same error classes (a `NoObjectError` stays one across the thread
 * boundary), and the caller keeps the bytes it passed (they are copied before being moved).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { photo, uniformPhoto } from '../testing/test-support';
import { GeneratorThread } from './generator-thread';
import { generateFromPhoto, NoObjectError } from './index';
import { retextureFromPhoto } from './retexture';

const options = {
  polyCount: 10_000,
  remesh: true,
  textureSize: 1024,
  textureFormat: 'webp',
  seed: 11,
  name: 'coffee',
} as const;

describe('GeneratorThread', () => {
  const thread = new GeneratorThread();
  afterAll(() => thread.close());

  it('makes the same model as the generator on this thread, and leaves the caller its bytes', async () => {
    const coffee = photo('coffee.png');
    const before = coffee.slice();
    const [there, here] = await Promise.all([
      thread.generate([coffee], options),
      generateFromPhoto(coffee, options),
    ]);
    expect(coffee).toEqual(before);
    expect(Buffer.from(there.glb).equals(Buffer.from(here.glb))).toBe(true);
    expect(Buffer.from(there.thumbnail).equals(Buffer.from(here.thumbnail))).toBe(true);
    expect([there.triangles, there.vertices]).toEqual([here.triangles, here.vertices]);

    const cat = photo('chelsea.png');
    const paint = { textureSize: 1024, textureFormat: 'webp', seed: 3 } as const;
    const [repainted, expected] = await Promise.all([
      thread.retexture(here.glb, cat, paint),
      retextureFromPhoto(here.glb, cat, paint),
    ]);
    expect(here.glb.byteLength).toBeGreaterThan(0);
    expect(Buffer.from(repainted.glb).equals(Buffer.from(expected.glb))).toBe(true);
    expect(Buffer.from(repainted.thumbnail).equals(Buffer.from(expected.thumbnail))).toBe(true);
  });

  it('rejects with the error class the generator threw', async () => {
    const failure = await thread.generate([await uniformPhoto()], options).catch((e) => e);
    expect(failure).toBeInstanceOf(NoObjectError);
    expect(failure.name).toBe('NoObjectError');
    const five = Array.from({ length: 5 }, () => photo('coffee.png'));
    const range = await thread.generate(five, options).catch((e) => e);
    expect(range).toBeInstanceOf(RangeError);
    expect(range.message).toBe('generateFromViews takes 1-4 views, got 5');
  });

  it('answers a queue of requests in order, one model at a time', async () => {
    const small = { ...options, seed: 12 };
    const results = await Promise.allSettled([
      thread.generate([photo('coffee.png')], small),
      thread.generate([await uniformPhoto()], small),
      thread.generate([photo('chelsea.png')], small),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
