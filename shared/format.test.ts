import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('counts bytes below a kilobyte as bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('uses 1024-based units with one decimal', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(466_739)).toBe('455.8 KB');
    expect(formatBytes(25 * 2 ** 20)).toBe('25.0 MB');
    expect(formatBytes(3 * 2 ** 30)).toBe('3.0 GB');
    expect(formatBytes(2 * 2 ** 40)).toBe('2.0 TB');
  });

  it('stays in terabytes past the last unit', () => {
    expect(formatBytes(2048 * 2 ** 40)).toBe('2048.0 TB');
  });
});
