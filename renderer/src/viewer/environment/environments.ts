import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Identifier of a lighting environment. */
export type EnvironmentId = 'studio' | 'softbox' | 'sunny' | 'overcast' | 'sunset';

/** A lighting environment the viewer offers. */
export interface EnvironmentInfo {
  readonly id: EnvironmentId;
  readonly label: MessageDescriptor;
  /**
   * Intensity of the faint sky/ground hemisphere fill added to the environment, so unlit
   * undersides never go pitch black (the studio's panels leave more of the sphere dark).
   */
  readonly fill: number;
}

/** The environments, in menu order; the first is the default. */
export const ENVIRONMENTS: readonly EnvironmentInfo[] = [
  { id: 'studio', label: msg`Neutral studio`, fill: 0.35 },
  { id: 'softbox', label: msg`Softbox studio`, fill: 0.15 },
  { id: 'sunny', label: msg`Sunny day`, fill: 0.15 },
  { id: 'overcast', label: msg`Overcast`, fill: 0.15 },
  { id: 'sunset', label: msg`Sunset`, fill: 0.15 },
];

/** The environment with `id`, or the default one. */
export function environmentById(id: string): EnvironmentInfo {
  return ENVIRONMENTS.find((e) => e.id === id) ?? ENVIRONMENTS[0]!;
}

/**
 * The file of an environment in `renderer/public/environments/`: its pre-filtered cube
 * (`.kenv`, see `environment-file.ts`), made by `tools/prefilter-environments.ts`.
 */
export function environmentFile(id: EnvironmentId): string {
  return `${id}.kenv`;
}
