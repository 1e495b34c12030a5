import type { PreflightMeasures } from './types';

/**
 * The measures of a photo the preflight says nothing about: a large, sharp, well-lit object clear
 * of every edge on a plain background, with one speck too small to count as another object. Tests
 * spread it and change the one measure they are about.
 */
export const GOOD_MEASURES: Readonly<PreflightMeasures> = {
  objectSide: 800,
  blur: 0.28,
  clippedHighlights: 0.01,
  clippedShadows: 0,
  objectLightness: 50,
  touching: {},
  otherObjects: [0.01],
  backgroundEdges: 0.02,
};
