/**
 * The neutral studio: light panels around the model, like a product shoot. This is the studio's
 * source; `tools/prefilter-environments.ts` renders it into a cube and pre-filters it for the
 * viewer (`renderer/public/environments/studio.kenv`).
 *
 * Each panel is an unlit, double-sided emitter facing the origin: colour (sRGB) × intensity, as
 * drei's `Lightformer` makes them; the room behind them is dark but not black, so reflections
 * read as a room.
 */
export interface StudioPanel {
  readonly what: string;
  readonly form: 'rect' | 'circle';
  readonly color: string;
  readonly intensity: number;
  readonly position: readonly [number, number, number];
  /** x, y scale of the unit panel (a 1 × 1 rectangle, or a disc of diameter 1). */
  readonly scale: readonly [number, number];
}

/** The studio walls. */
export const STUDIO_BACKGROUND = '#1d1f24';

/** The panels. */
export const STUDIO_PANELS: readonly StudioPanel[] = [
  {
    what: 'key: large warm softbox, front left, above',
    form: 'rect',
    color: '#fff3e6',
    intensity: 4,
    position: [-5, 5, 4],
    scale: [5, 5],
  },
  {
    what: 'fill: cooler and weaker, front right',
    form: 'rect',
    color: '#e9efff',
    intensity: 1.2,
    position: [6, 1.5, 3],
    scale: [4, 4],
  },
  {
    what: 'rim: long strip behind, separates the silhouette',
    form: 'rect',
    color: '#ffffff',
    intensity: 2.5,
    position: [0, 3, -7],
    scale: [8, 2],
  },
  {
    what: 'top softbox',
    form: 'circle',
    color: '#ffffff',
    intensity: 2,
    position: [0, 8, 0],
    scale: [7, 7],
  },
  {
    what: 'floor bounce: a dim warm card below',
    form: 'rect',
    color: '#e8d9c8',
    intensity: 0.35,
    position: [0, -6, 0],
    scale: [12, 12],
  },
];
