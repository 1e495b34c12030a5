/**
 * The browser host as every e2e test starts it, in a module of its own (no Playwright import), so
 * a host can also run in a process of its own that a test kills (`host-process.ts`).
 */
import path from 'node:path';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startHost, type Host } from '../../electron/host/host';
import type { SandboxInternals, SandboxOptions } from '../../electron/sandbox';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A browser host as every test starts it, on `dataDir`: starting a second one on the same folder
 * after closing the first is a restart of Kiln (settings, journal, cache and the sandbox's own
 * state are all kept there).
 */
export function startTestHost(
  o: Readonly<{
    dataDir: string;
    sandboxOptions?: SandboxOptions;
    sandboxInternals?: SandboxInternals;
    firstRun?: boolean;
    /** Background preparation (warm-ups, chunk prefetch) on, as for an artist; default off. */
    prepare?: boolean;
  }>,
): Promise<Host> {
  return startHost({
    rendererDir: path.join(root, 'dist', 'renderer'),
    dataDir: o.dataDir,
    secrets: new MemorySecretStore(),
    sandbox: { taskSeconds: 1, ...o.sandboxOptions },
    sandboxInternals: o.sandboxInternals ?? {},
    // The first-run welcome has its own tests (account-*.spec.ts, accessibility.spec.ts); here
    // it would cover the app.
    welcomeSeen: !o.firstRun,
    // Off unless a test is about it (prepare: true): the warm-ups of the viewer's lit pipelines,
    // the decoders and the photo checks cost each start ~1.5 CPU-s here (SwiftShader draws the
    // pipelines on the CPU), in a suite that is CPU-bound on two cores (issue 27). What they do
    // is tested where they live (viewer-engineering.spec.ts) and measured by the benches.
    prepareInBackground: o.prepare ?? false,
    services: {
      pollTiming: { first: 300, factor: 1.5, cap: 1000, errorCap: 5000 },
      ...requestBudgetFor(o.sandboxOptions),
    },
    logger: { info: () => {}, warn: () => {}, error: (m, d) => console.error(m, d) },
  });
}

/**
 * Kiln's request budget for a test whose sandbox allows more than the contract's 60 requests a
 * minute (`sandboxOptions.requestsPerMinute`), keeping the default's margin of 5 under it. A spec
 * that is not about the budget but sends more than a minute's worth (a batch of a dozen exports)
 * would otherwise wait out the rolling window, as a user's Kiln rightly does; the budget itself
 * is tested at the contract's limit (library-thumbnails.spec.ts, the unit and fault suites).
 */
function requestBudgetFor(sandbox: SandboxOptions | undefined): { requestBudget?: number } {
  const perMinute = sandbox?.requestsPerMinute;
  return perMinute === undefined ? {} : { requestBudget: perMinute - 5 };
}
