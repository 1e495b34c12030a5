/**
 * The sandbox's build-failure trigger: a share of the builds of each post-processing kind fail
 * the way the service's workers fail (an answer `error` with a message, the build refunded,
 * service-api.md §3.2), so a client's error-and-refund path can be exercised end to end without
 * changing any code. Not part of the service: a sandbox setting, given at start
 * (`buildFailures`, CLI `--fail-builds rig=1,retopo=0.5`) or changed while it runs
 * (`sandbox.setBuildFailures`, or `GET`/`PUT /sandbox/build-failures` with the key).
 *
 * Failures are spread evenly, not drawn at random, so a test knows which build fails: a share of
 * 1 fails every build, 0.5 every second one (the 2nd, 4th, …), 0.25 every fourth, 0 none.
 * `export` with `format=glb` needs no build (it is answered at once) and never fails.
 */
import { z } from 'zod';

/** Post-processing kinds a share can be set for (a maker's builds count under `make`). */
export const BUILD_KINDS = [
  'export',
  'print',
  'retopo',
  'rig',
  'parts',
  'gamepack',
  'make',
] as const;
/** One of {@link BUILD_KINDS}. */
export type BuildKind = (typeof BUILD_KINDS)[number];
/** Share (0 to 1) of the builds of each kind that fail; a kind not named never fails. */
export type BuildFailureShares = Partial<Record<BuildKind, number>>;

/** The shares as the sandbox accepts them (unknown kinds and shares outside 0..1 refused). */
export const BuildFailureSharesSchema = z
  .object(
    Object.fromEntries(BUILD_KINDS.map((k) => [k, z.number().min(0).max(1).optional()])) as Record<
      BuildKind,
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .strict();

/** What each kind's worker says when it cannot build, as the service's workers word it. */
const MESSAGES: Record<BuildKind, string> = {
  export: 'The converter could not write this model in the requested format.',
  print: 'The mesh could not be made watertight for printing.',
  retopo: 'The quad remesher could not follow this surface.',
  rig: 'The skeleton could not be fitted to this shape.',
  parts: 'No separable parts were found in this model.',
  gamepack: 'The level-of-detail meshes could not be built for this model.',
  make: 'The pattern could not be unfolded without overlaps.',
};

/** The kind of a price-list operation (`make.papercraft` → `make`), if it is a build. */
export function buildKindOf(operation: string): BuildKind | undefined {
  const kind = operation.split('.')[0];
  return (BUILD_KINDS as readonly string[]).includes(kind ?? '') ? (kind as BuildKind) : undefined;
}

/** A build failed by the trigger: its message is the worker's, shown to the client as is. */
export class SimulatedBuildFailure extends Error {
  constructor(kind: BuildKind) {
    super(MESSAGES[kind]);
    this.name = 'SimulatedBuildFailure';
  }
}

/** Decides, build by build, which ones fail. */
export class BuildFailures {
  readonly #read: () => BuildFailureShares;
  /** Failures owed per kind: each build adds its share, and one is due at 1. */
  readonly #due = new Map<BuildKind, number>();

  /** `read` answers the shares now (they live in the sandbox's state). */
  constructor(read: () => BuildFailureShares) {
    this.#read = read;
  }

  /** Counts a build of `operation`: throws {@link SimulatedBuildFailure} when it must fail. */
  check(operation: string): void {
    const kind = buildKindOf(operation);
    const share = kind ? (this.#read()[kind] ?? 0) : 0;
    if (!kind || share <= 0) return;
    const due = (this.#due.get(kind) ?? 0) + share;
    // A little slack, so 0.1 × 10 builds fail exactly one whatever the float sum says.
    if (due >= 1 - 1e-9) {
      this.#due.set(kind, due - 1);
      throw new SimulatedBuildFailure(kind);
    }
    this.#due.set(kind, due);
  }

  /** Forgets the failures owed (the shares changed). */
  reset(): void {
    this.#due.clear();
  }
}
