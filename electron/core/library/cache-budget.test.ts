import { describe, expect, it } from 'vitest';
import { diskBytes, pickEvictions } from './cache-budget';

const e = (modelId: string, file: string, bytes: number, usedAt: number) => ({
  modelId,
  file,
  bytes,
  usedAt,
});

describe('cache budget', () => {
  it('counts a file shared by several models once', () => {
    expect(
      diskBytes([e('a', 'x.glb', 100, 1), e('b', 'x.glb', 100, 2), e('c', 'y.glb', 50, 3)]),
    ).toBe(150);
  });

  it('drops the least recently opened models until the rest fits, never the one kept', () => {
    const entries = [
      e('old', 'a.glb', 100, 1),
      e('mid', 'b.glb', 100, 2),
      e('new', 'c.glb', 100, 3),
    ];
    expect(pickEvictions(entries, 300)).toEqual([]);
    expect(pickEvictions(entries, 200)).toEqual(['old']);
    expect(pickEvictions(entries, 100, 'new')).toEqual(['old', 'mid']);
    // The kept model alone is over the limit: it stays, everything else goes.
    expect(pickEvictions(entries, 10, 'mid')).toEqual(['old', 'new']);
  });

  it('frees a shared file only when its last user goes', () => {
    const entries = [e('a', 'x.glb', 100, 1), e('b', 'y.glb', 100, 2), e('c', 'x.glb', 100, 3)];
    // Dropping "a" frees nothing (c still uses x), so "b" goes too.
    expect(pickEvictions(entries, 100, 'c')).toEqual(['a', 'b']);
  });
});

describe('a model’s derived file (its compatible GLB)', () => {
  const withDerived = (modelId: string, usedAt: number) => ({
    ...e(modelId, `${modelId}.glb`, 100, usedAt),
    derived: { file: `${modelId}-compatible.glb`, bytes: 60 },
  });
  it('is counted with the model, and freed with it', () => {
    const entries = [withDerived('old', 1), e('new', 'n.glb', 100, 2)];
    expect(diskBytes(entries)).toBe(260);
    // Without its derived file the old model would seem to fit beside the new one.
    expect(pickEvictions(entries, 200, 'new')).toEqual(['old']);
    expect(pickEvictions([withDerived('a', 1)], 160)).toEqual([]);
  });
});
