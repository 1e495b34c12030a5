import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ENVIRONMENTS, type EnvironmentId } from './environment/environments';

/** How model surfaces are drawn. */
export type ShadingMode = 'pbr' | 'clay' | 'wireframe' | 'normals' | 'uv' | 'basecolor';

/** What fills the space behind the model. */
export type BackgroundMode = 'dark' | 'grey' | 'light' | 'environment';

/** Length unit of the dimensions readout. */
export type LengthUnit = 'mm' | 'cm' | 'm' | 'in';

/** How two models are compared on one canvas. */
export type CompareLayout = 'side' | 'wipe';

/** Everything the user sets about how the viewer looks; local to one viewer, never in the app store. */
export interface ViewerSettings {
  readonly shading: ShadingMode;
  readonly environment: EnvironmentId;
  /** Rotation of the environment around the vertical axis, degrees in [-180, 180]. */
  readonly envRotation: number;
  /** Exposure in stops (EV) around the default; 0 = neutral. */
  readonly exposure: number;
  readonly background: BackgroundMode;
  readonly grid: boolean;
  readonly shadow: boolean;
  readonly dimensions: boolean;
  readonly unit: LengthUnit;
  readonly turntable: boolean;
  readonly skeleton: boolean;
  readonly compareLayout: CompareLayout;
  /** Where the A/B wipe divides the view, 0 (all B) … 1 (all A). */
  readonly wipe: number;
}

/** Labels of the shading modes, in menu order. */
export const SHADING_MODES: ReadonlyArray<{
  readonly id: ShadingMode;
  readonly label: MessageDescriptor;
}> = [
  { id: 'pbr', label: msg`PBR` },
  { id: 'clay', label: msg`Clay` },
  { id: 'wireframe', label: msg`Wireframe` },
  { id: 'normals', label: msg`Normals` },
  { id: 'uv', label: msg`UV checker` },
  { id: 'basecolor', label: msg`Base colour only` },
];

/** Labels of the background options, in menu order. */
export const BACKGROUNDS: ReadonlyArray<{
  readonly id: BackgroundMode;
  readonly label: MessageDescriptor;
}> = [
  { id: 'dark', label: msg`Dark` },
  { id: 'grey', label: msg`Mid grey` },
  { id: 'light', label: msg`Light` },
  { id: 'environment', label: msg`Environment (blurred)` },
];

/** Solid background colours, chosen to sit with the app's dark theme. */
export const BACKGROUND_COLOURS: Readonly<Record<Exclude<BackgroundMode, 'environment'>, string>> =
  {
    dark: '#16181d',
    grey: '#4a4d54',
    light: '#d9dadc',
  };

/** The calm default: materials under the neutral studio light, shadow on, no grid. */
export const DEFAULT_SETTINGS: ViewerSettings = {
  shading: 'pbr',
  environment: 'studio',
  envRotation: 0,
  exposure: 0,
  background: 'dark',
  grid: false,
  shadow: true,
  dimensions: false,
  unit: 'cm',
  turntable: false,
  skeleton: false,
  compareLayout: 'side',
  wipe: 0.5,
};

/**
 * The choices the viewer remembers across restarts (Kiln's `viewerLook` setting), and the values
 * each may take. The unit is the app's own setting; skeleton, compare layout and wipe belong to
 * the model or comparison on screen.
 */
const REMEMBERED: { readonly [K in keyof ViewerSettings]?: readonly unknown[] | 'number' } = {
  shading: SHADING_MODES.map((m) => m.id),
  environment: ENVIRONMENTS.map((e) => e.id),
  envRotation: 'number',
  exposure: 'number',
  background: BACKGROUNDS.map((b) => b.id),
  grid: [true, false],
  shadow: [true, false],
  dimensions: [true, false],
  turntable: [true, false],
};

/** What of `settings` is remembered, as Kiln's `viewerLook` setting stores it. */
export function lookToRemember(
  settings: ViewerSettings,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const key of Object.keys(REMEMBERED) as (keyof ViewerSettings)[]) out[key] = settings[key];
  return out;
}

/**
 * The remembered choices of a stored look that this viewer knows, each checked against its
 * choices (a look saved by another Kiln version may hold others: they are left out).
 */
export function restoreLook(
  stored: Readonly<Record<string, unknown>> | undefined,
): Partial<ViewerSettings> {
  const out: Record<string, unknown> = {};
  for (const [key, allowed] of Object.entries(REMEMBERED)) {
    const value = stored?.[key];
    const ok =
      allowed === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : allowed.includes(value);
    if (ok) out[key] = value;
  }
  return out as Partial<ViewerSettings>;
}

const clamp = (v: number, lo: number, hi: number): number =>
  Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;

/** `settings` with `patch` applied, numbers clamped to their ranges. */
export function patchSettings(
  settings: ViewerSettings,
  patch: Partial<ViewerSettings>,
): ViewerSettings {
  const next = { ...settings, ...patch };
  return {
    ...next,
    envRotation: clamp(next.envRotation, -180, 180),
    exposure: clamp(next.exposure, -3, 3),
    wipe: clamp(next.wipe, 0, 1),
  };
}

/** Tone-mapping exposure for an EV offset: each stop doubles or halves the light. */
export function exposureFactor(ev: number): number {
  return 2 ** ev;
}

/**
 * A compact description of what a frame shows, written on the viewer after each drawn frame
 * (`data-drawn`), so tests can wait for the frame that shows a setting instead of sleeping.
 */
export function drawnKey(
  settings: ViewerSettings,
  loadedEnvironment: string,
  extra: Readonly<Record<string, string>> = {},
): string {
  return [
    `shading=${settings.shading}`,
    `env=${loadedEnvironment}`,
    `rotation=${settings.envRotation}`,
    `exposure=${settings.exposure}`,
    `bg=${settings.background}`,
    `grid=${settings.grid ? 'on' : 'off'}`,
    `shadow=${settings.shadow ? 'on' : 'off'}`,
    `dims=${settings.dimensions ? 'on' : 'off'}`,
    `skeleton=${settings.skeleton ? 'on' : 'off'}`,
    `wipe=${settings.wipe}`,
    ...Object.entries(extra).map(([k, v]) => `${k}=${v}`),
  ].join(' ');
}
