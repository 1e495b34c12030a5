import { describe, expect, it } from 'vitest';
import { checkPhoto, PHOTO_MAX_BYTES, sniffPhotoType, TIERS } from './rules';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]);
const WEBP = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
const GIF = new TextEncoder().encode('GIF89a\0\0\0\0\0\0');
const EXE = new TextEncoder().encode('MZ\x90\0\x03\0\0\0\x04\0\0\0');

describe('photo rules', () => {
  it('recognises JPEG, PNG and WebP by their bytes', () => {
    expect(sniffPhotoType(PNG)).toBe('image/png');
    expect(sniffPhotoType(JPEG)).toBe('image/jpeg');
    expect(sniffPhotoType(WEBP)).toBe('image/webp');
    expect(sniffPhotoType(GIF)).toBeUndefined();
    expect(sniffPhotoType(new Uint8Array())).toBeUndefined();
  });

  it('refuses a GIF, a renamed .exe, an empty and an oversized file with what to do', () => {
    expect(checkPhoto({ name: 'a.gif', size: 100, head: GIF })).toEqual({
      ok: false,
      message: expect.stringContaining('Convert it'),
    });
    expect(checkPhoto({ name: 'photo.jpg', size: 100, head: EXE })).toMatchObject({ ok: false });
    expect(checkPhoto({ name: 'e.png', size: 0, head: PNG })).toMatchObject({
      ok: false,
      message: expect.stringContaining('empty'),
    });
    const big = checkPhoto({ name: 'big.png', size: 25 * 1024 * 1024, head: PNG });
    expect(big).toMatchObject({
      ok: false,
      message: expect.stringMatching(/25\.0 MB.*at most 20 MB/),
    });
  });

  it('accepts a photo at exactly the limit', () => {
    expect(checkPhoto({ name: 'ok.png', size: PHOTO_MAX_BYTES, head: PNG })).toEqual({
      ok: true,
      type: 'image/png',
    });
    expect(checkPhoto({ name: 'no.png', size: PHOTO_MAX_BYTES + 1, head: PNG })).toMatchObject({
      ok: false,
    });
  });

  it('knows each version’s routes and defaults (service-api.md §1, §4.1)', () => {
    expect(TIERS.ultra).toMatchObject({
      version: '2',
      photoPath: '/generate/cloud/ultra',
      defaultPolyCount: 250_000,
    });
    expect(TIERS.quality).toMatchObject({
      version: '1.1',
      photoPath: '/generate/cloud',
      defaultTextureSize: 2048,
    });
    expect(TIERS.fast).toMatchObject({
      version: '1',
      multiPath: '/generate/cloud/multi/fast',
      defaultTextureSize: 1024,
    });
  });
});
