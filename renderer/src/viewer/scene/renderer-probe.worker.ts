/**
 * The renderer probe off the page's thread (`renderer-probe.ts`): one throwaway offscreen
 * context; answers true or false, or null where no WebGL 2 answers here.
 */
import { probeRenderer } from './renderer-probe';

let software: boolean | undefined;
try {
  software =
    typeof OffscreenCanvas === 'undefined' ? undefined : probeRenderer(new OffscreenCanvas(1, 1));
} catch {
  software = undefined;
}
(self as unknown as Worker).postMessage(software ?? null);
