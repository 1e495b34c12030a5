/**
 * Stroke icons of the viewer's toolbars, 16 × 16, drawn with `currentColor`. Kept as path data so
 * no icon font or image has to be shipped or fetched.
 */
export const ICONS = {
  open: 'M2 4.5h4l1.5 1.5H14v7H2zM2 4.5V3h4',
  fit: 'M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4M5.5 5.5h5v5h-5z',
  reset: 'M3 8a5 5 0 1 0 1.6-3.7M2.5 2.5v3h3',
  front: 'M4 3h8v10H4zM4 3l0 0',
  side: 'M3 4l5-2 5 2v8l-5 2-5-2zM8 2v12',
  top: 'M2.5 8L8 4.5 13.5 8 8 11.5z',
  threeQuarter: 'M3 5l5-2.5L13 5v6l-5 2.5L3 11zM3 5l5 2.5L13 5M8 7.5v6',
  turntable:
    'M2 9.5c0 1.9 2.7 3.5 6 3.5s6-1.6 6-3.5M8 2v7M5.5 6.5L8 9l2.5-2.5M11.5 12.2l1.4.6-.4 1.5',
  grid: 'M2 2h12v12H2zM6 2v12M10 2v12M2 6h12M2 10h12',
  shadow: 'M8 2.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM3 13h10',
  dimensions: 'M2 13h12M2 11.5v3M14 11.5v3M3 10V3M1.5 3h3M1.5 10h3M6 3h7v7H6z',
  scene:
    'M8 2v1.5M8 12.5V14M2 8h1.5M12.5 8H14M3.8 3.8l1 1M11.2 11.2l1 1M3.8 12.2l1-1M11.2 4.8l1-1M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  stats: 'M2.5 13.5h11M4 11V7M7 11V4M10 11V8M13 11V5.5',
  parts: 'M2 3h5v4H2zM9 3h5v4H9zM2 9h5v4H2zM9 9h5v4H9z',
  compare: 'M8 1.5v13M2 3.5h4.5v9H2zM9.5 3.5H14v9H9.5z',
  capture: 'M2 5h2.5l1.2-1.8h4.6L11.5 5H14v8H2zM8 6.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  close: 'M4 4l8 8M12 4l-8 8',
  health: 'M2 8h3l1.5-3.5 3 7L11 8h3',
  record: 'M2 4.5h8.5v7H2zM10.5 7l3.5-2v6l-3.5-2',
  play: 'M5 3l8 5-8 5z',
  pause: 'M5 3h2v10H5zM9 3h2v10H9z',
  loop: 'M3 8V6.5A2.5 2.5 0 0 1 5.5 4H12M10.5 2.5L12 4l-1.5 1.5M13 8v1.5A2.5 2.5 0 0 1 10.5 12H4M5.5 13.5L4 12l1.5-1.5',
  skeleton:
    'M8 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM8 5v5M4.5 6.5L8 7l3.5-.5M8 10l-2.5 4M8 10l2.5 4',
  eye: 'M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  eyeOff:
    'M2 2l12 12M6.6 3.7A6.6 6.6 0 0 1 8 3.5C12 3.5 14.5 8 14.5 8a12 12 0 0 1-1.9 2.5M10.2 12A6 6 0 0 1 8 12.5C4 12.5 1.5 8 1.5 8a12 12 0 0 1 2.3-2.9',
  isolate: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
} as const;

/** Name of a viewer icon. */
export type IconName = keyof typeof ICONS;
