import { describe, expect, it } from 'vitest';
import { progressPercent, stageLabel } from './progress-label';

describe('progressPercent', () => {
  it('maps the download onto most of the bar and never reaches 100 before the model shows', () => {
    expect(progressPercent({ stage: 'download', loaded: 0, total: 1000 })).toBe(0);
    expect(progressPercent({ stage: 'download', loaded: 500, total: 1000 })).toBe(45);
    expect(progressPercent({ stage: 'download', loaded: 1000, total: 1000 })).toBe(90);
    expect(progressPercent({ stage: 'decode', loaded: 1000, total: 1000 })).toBeGreaterThan(90);
    const upload = progressPercent({ stage: 'upload', loaded: 1000, total: 1000 });
    expect(upload).toBeGreaterThan(93);
    expect(upload).toBeLessThan(100);
  });

  it('is indeterminate while the size is unknown', () => {
    expect(progressPercent({ stage: 'download', loaded: 10, total: undefined })).toBeNull();
  });
});

describe('stageLabel', () => {
  it('names the stage and counts bytes', () => {
    expect(stageLabel({ stage: 'download', loaded: 0, total: undefined })).toBe('Downloading');
    expect(stageLabel({ stage: 'download', loaded: 3.5 * 2 ** 20, total: 12 * 2 ** 20 })).toBe(
      'Downloading 3.5 MB of 12.0 MB',
    );
    expect(stageLabel({ stage: 'download', loaded: 2048, total: undefined })).toBe(
      'Downloading 2.0 kB',
    );
    expect(stageLabel({ stage: 'upload', loaded: 1, total: 1 })).toBe('Preparing for display');
  });
});
