/** Identifier of a lighting environment. */
export type EnvironmentId = 'studio' | 'softbox' | 'sunny' | 'overcast' | 'sunset';

/** A lighting environment the viewer offers. */
export interface EnvironmentInfo {
  readonly id: EnvironmentId;
  readonly label: string;
  /**
   * The pre-filtered environment (`.kenv`, see `environment-file.ts`) in
   * `renderer/public/environments/`, made by `tools/prefilter-environments.ts`.
   */
  readonly file: string;
  /**
   * Intensity of the faint sky/ground hemisphere fill added to the environment, so unlit
   * undersides never go pitch black (the studio's panels leave more of the sphere dark).
   */
  readonly fill: number;
}

/** The environments, in menu order; the first is the default. */
export const ENVIRONMENTS: readonly EnvironmentInfo[] = [
  { id: 'studio', label: 'Neutral studio', file: 'studio.kenv', fill: 0.35 },
  { id: 'softbox', label: 'Softbox studio', file: 'softbox.kenv', fill: 0.15 },
  { id: 'sunny', label: 'Sunny day', file: 'sunny.kenv', fill: 0.15 },
  { id: 'overcast', label: 'Overcast', file: 'overcast.kenv', fill: 0.15 },
  { id: 'sunset', label: 'Sunset', file: 'sunset.kenv', fill: 0.15 },
];

/** The environment with `id`, or the default one. */
export function environmentById(id: string): EnvironmentInfo {
  return ENVIRONMENTS.find((e) => e.id === id) ?? ENVIRONMENTS[0]!;
}
