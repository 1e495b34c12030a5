import { describe, expect, it } from 'vitest';
import { groundShadowResolution, viewerContextAttributes } from './context-attributes';

describe('the viewer context', () => {
  it('turns MSAA off only where WebGL draws on the CPU', () => {
    expect(viewerContextAttributes(true).antialias).toBe(false);
    expect(viewerContextAttributes(false)).toMatchObject({
      antialias: true,
      alpha: true,
      preserveDrawingBuffer: true,
    });
  });
});

describe('the ground shadow', () => {
  it('is baked at 512 texels a side on a GPU, 256 where WebGL draws on the CPU', () => {
    expect(groundShadowResolution(false)).toBe(512);
    expect(groundShadowResolution(true)).toBe(256);
  });
});
