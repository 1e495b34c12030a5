/** Identifier of a lighting environment. */
export type EnvironmentId = 'studio' | 'softbox' | 'sunny' | 'overcast' | 'sunset';

/** A lighting environment the viewer offers. */
export interface EnvironmentInfo {
  readonly id: EnvironmentId;
  readonly label: string;
  /**
   * Equirectangular Radiance HDR shipped in `renderer/public/environments/` (painted by
   * `tools/make-environments.ts`); absent for the studio built from light panels on the GPU.
   */
  readonly file?: string;
}

/** The environments, in menu order; the first is the default. */
export const ENVIRONMENTS: readonly EnvironmentInfo[] = [
  { id: 'studio', label: 'Neutral studio' },
  { id: 'softbox', label: 'Softbox studio', file: 'softbox-studio.hdr' },
  { id: 'sunny', label: 'Sunny day', file: 'sunny-day.hdr' },
  { id: 'overcast', label: 'Overcast', file: 'overcast.hdr' },
  { id: 'sunset', label: 'Sunset', file: 'sunset.hdr' },
];

/** The environment with `id`, or the default one. */
export function environmentById(id: string): EnvironmentInfo {
  return ENVIRONMENTS.find((e) => e.id === id) ?? ENVIRONMENTS[0]!;
}

/**
 * URL of a shipped environment file, relative to the page: the files are served by the app
 * itself (app protocol in Electron, the host in a browser), never from a CDN.
 */
export function environmentUrl(file: string, base: string = import.meta.env.BASE_URL): string {
  return `${base}environments/${file}`;
}
