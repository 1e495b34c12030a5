/** What the bench adds to its pages' `window` (see probe.ts). */
import type { BenchProbe } from './probe';

declare global {
  interface Window {
    __bench?: BenchProbe;
    __benchSignal?: (name: string, payload: unknown) => Promise<void>;
    __benchAutoOpen?: { url: string; name: string };
  }
}
