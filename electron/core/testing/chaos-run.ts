/**
 * What every seeded run of the core against the sandbox needs (the core's chaos test and the
 * fault suite): the real photos, a seeded PRNG, a scratch folder on tmpfs, and the driver that
 * moves a fake clock shared by the core and the sandbox only when the network is quiet, so half
 * an hour of service time takes seconds and no request ever sees time jump under it.
 *
 * The sandbox is passed in by the tests (the core may only import it from test files).
 */
import { copyFile, mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Channel } from '../../../shared/ipc/channels';
import type { JobView, Op } from '../../../shared/ipc/contract';
import { dispatch } from '../../../shared/ipc/dispatch';
import { KilnError } from '../../../shared/ipc/errors';
import type { SchedulerEvent } from '../schedule/request-scheduler';
import { createServices, type Services } from '../services';
import { SETTLED, testPorts, type Recorded } from './harness';
import type { StepClock } from './step-clock';
import type { Wire } from './wire';

/** The real photos (CC0) the sandbox builds models from. */
export const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'photos');

/** A small seeded PRNG (mulberry32), so a seed replays the same run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A scratch folder, on tmpfs when there is one: the journal is fsynced on every change, which is
 * the point in the app but only costs time here (the atomic rename is the same on either).
 */
export async function scratch(prefix: string): Promise<string> {
  const shm = '/dev/shm';
  const onShm = await stat(shm).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return mkdtemp(path.join(onShm ? shm : os.tmpdir(), prefix));
}

/** Options of {@link ClockDriver}. */
export type ClockDriverOptions = Readonly<{
  /** The clock the core and the sandbox share. */
  clock: StepClock;
  /** The core's wire to the sandbox. */
  wire: Wire;
  /** Resolves once the sandbox has no work under way (its `idle()`); default: at once. */
  idle?: () => Promise<void>;
  /**
   * The longest jump of one tick, in ms (default 5000). A test that measures latencies in service
   * time uses a short one: the core's work after an answer (journal writes) may outlast the calm
   * the driver waits for, and the clock must not leap seconds meanwhile.
   */
  maxStepMs?: number;
}>;

/**
 * Moves a shared fake clock the way real time would pass for a core that is waiting: only once
 * every request the core's scheduler dispatched is over and nothing new was dispatched for two
 * turns, it jumps to the next timer (at most 5 s ahead, or `maxStepMs`).
 *
 * @example
 * ```ts
 * const driver = new ClockDriver({ clock, wire, idle: () => sandbox.idle() });
 * const services = await createServices(ports, { onSchedulerEvent: driver.watch() });
 * const answer = await driver.drive(services.handlers['account:balance'](undefined));
 * ```
 */
export class ClockDriver {
  readonly #o: ClockDriverOptions;
  /** Sends of the watched core dispatched and not over yet (the scheduler's `sent` − `done`). */
  #sending = 0;
  #dispatched = 0;
  /** Which core is watched (each restart watches a new one). */
  #core = 0;

  constructor(options: ClockDriverOptions) {
    this.#o = options;
  }

  /**
   * The scheduler listener of a new core (give it to `createServices` as `onSchedulerEvent`).
   * After a restart only the new core's sends count: a dead one's are never over.
   */
  watch(): (event: SchedulerEvent) => void {
    this.#sending = 0;
    this.#dispatched = 0;
    const core = ++this.#core;
    return (event) => {
      // Only the newest core counts: an older, dead one's late events change nothing here.
      if (core !== this.#core) return;
      if (event.type === 'sent') {
        this.#dispatched++;
        this.#sending++;
      } else if (event.type === 'done') {
        this.#sending--;
      }
    };
  }

  /** Requests the watched core's scheduler dispatched. */
  get dispatched(): number {
    return this.#dispatched;
  }

  /** Once the wire and the sandbox are quiet, moves the clock to its next timer. */
  async tick(): Promise<void> {
    const { clock, wire } = this.#o;
    await wire.quiet();
    await this.#o.idle?.();
    // Time moves only once every request the scheduler dispatched is over: written down, sent
    // (a paid call's journal write sits in between), answered and its answer handled, or dropped
    // before it left: as in real time, where that takes milliseconds.
    const busy = () => this.#sending > 0 || wire.inFlight > 0;
    // Also until nothing new was dispatched for two ticks: a continuation (a journal write
    // finishing) that sends a request must do so before the clock jumps, not during.
    let calm = 0;
    for (let i = 0; i < 1000 && calm < 2; i++) {
      const before = this.#dispatched;
      await new Promise((r) => setTimeout(r, 1));
      calm = !busy() && this.#dispatched === before ? calm + 1 : 0;
    }
    if (busy()) return;
    const next = clock.nextDue();
    const step = this.#o.maxStepMs ?? 5000;
    await clock.advanceTo(
      Math.max(
        clock.now() + 1,
        Math.min(next ?? clock.now() + Math.min(1000, step), clock.now() + step),
      ),
    );
  }

  /**
   * Awaits `call`, moving the clock meanwhile: it may wait for a retry or the request budget on
   * that clock (awaited bare, it would hang).
   */
  async drive<T>(call: Promise<T>): Promise<T> {
    let done = false;
    void call.finally(() => (done = true)).catch(() => undefined);
    while (!done) await this.tick();
    return call;
  }

  /**
   * Ticks until `done()` holds; false when `realMs` of real time passed first.
   */
  async until(done: () => boolean, realMs: number): Promise<boolean> {
    const end = Date.now() + realMs;
    while (!done()) {
      if (Date.now() > end) return false;
      await this.tick();
    }
    return true;
  }
}

/** The sandbox of a seeded run: a big balance, tasks of seconds, a few models to work on. */
export const CHAOS_SANDBOX = {
  balanceUsd: '5000.00',
  taskSeconds: 4,
  jobSeconds: 2,
  seedModels: 6,
} as const;

/** The faults every seeded run injects (per request): 5xx, resets before and after, bad JSON. */
export const CHAOS_FAULTS = {
  errorRate: 0.03,
  resetBeforeRate: 0.02,
  resetAfterRate: 0.02,
  truncateRate: 0.015,
  malformedRate: 0.015,
} as const;

/** The ids of the models in the sandbox's library (first page), read past Kiln. */
export async function libraryIds(
  sandbox: Readonly<{ handle(request: Request): Promise<Response> }>,
  baseUrl: string,
  key: string,
): Promise<string[]> {
  const res = await sandbox.handle(
    new Request(`${baseUrl}/library?limit=50`, { headers: { authorization: `Bearer ${key}` } }),
  );
  const body = (await res.json()) as { items: Array<{ model_id: string }> };
  return body.items.map((i) => i.model_id);
}

/** A read through the handlers, as the renderer makes it (`'model'`: a model of the library). */
export type MixRead = readonly [Channel, unknown];

/** Options of {@link submitMix}. */
export type MixOptions = Readonly<{
  services: Services;
  random: () => number;
  /** Operations to submit. */
  count: number;
  /** Where photos are copied before staging (a grey picture is made there too). */
  work: string;
  /** Models of the library to work on. */
  models: readonly string[];
  /** Post-processing operations to pick from. */
  ops: readonly Op[];
  /**
   * Where each kind ends on the roll's scale of 0 to 1, in order photo, multi-view, text,
   * retexture, post-processing; above the last, a read (when `reads` are given) or an operation.
   */
  upTo: Readonly<{ photo: number; multi: number; text: number; retexture: number; op: number }>;
  reads?: readonly MixRead[];
}>;

/** What a seeded mix asked for. */
export interface Submitted {
  readonly jobs: JobView[];
  imagines: number;
  /** Imagine calls whose outcome is unknown (in the ledger as unconfirmed). */
  imagineUnknown: number;
  /** Sentences of imagine calls refused or not sent (the user's to try again). */
  imagineRefused: string[];
  reads: Array<Promise<unknown>>;
}

/**
 * Submits a seeded mix of generations (photo, multi-view, text through imagine, retexture; one
 * photo in about 16 a grey picture the sandbox fails, to exercise refunds), post-processing
 * operations and reads, the way a busy user would, and answers what was asked.
 */
export async function submitMix(o: MixOptions): Promise<Submitted> {
  const { services, random } = o;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const grey = path.join(o.work, 'grey.png');
  await sharp({ create: { width: 240, height: 180, channels: 3, background: '#808080' } })
    .png()
    .toFile(grey);
  const stage = async (name: string) => {
    const copy = path.join(o.work, `${Math.floor(random() * 1e9)}-${name}`);
    await copyFile(name === 'grey.png' ? grey : path.join(PHOTOS, name), copy);
    return (await services.files.stagePath(copy, name)).id;
  };
  const tiers = ['ultra', 'quality', 'fast'] as const;
  // One texture size across tiers: the sandbox's generator cache then serves repeats at once.
  const options = { polyCount: 10_000, textureSize: 1024 };
  const out: Submitted = {
    jobs: [],
    imagines: 0,
    imagineUnknown: 0,
    imagineRefused: [],
    reads: [],
  };
  for (let i = 0; i < o.count; i++) {
    const roll = random();
    if (roll < o.upTo.photo) {
      const photo = random() < 0.06 ? 'grey.png' : pick(['coffee.png', 'chelsea.png']);
      out.jobs.push(await services.jobs.startPhoto(await stage(photo), pick(tiers), options));
    } else if (roll < o.upTo.multi) {
      const ids = [await stage('coffee.png'), await stage('chelsea.png')];
      out.jobs.push(await services.jobs.startMulti(ids, pick(tiers), options));
    } else if (roll < o.upTo.text) {
      out.imagines++;
      const prompt = pick(['a teapot', 'a rubber duck', 'a desk lamp']);
      try {
        const concept = await services.handlers['concepts:imagine']({ prompt });
        out.jobs.push(
          await services.jobs.startText(concept.conceptId, pick(tiers), options, prompt),
        );
      } catch (error) {
        // A refused or unsent imagine is the user's to try again; an unknown one is in the ledger.
        if (!(error instanceof KilnError)) throw error;
        if (error.code === 'outcome_unknown') out.imagineUnknown++;
        else out.imagineRefused.push(error.message);
      }
    } else if (roll < o.upTo.retexture) {
      const id = await stage('chelsea.png');
      out.jobs.push(await services.jobs.retexture(pick(o.models), id, { textureSize: 1024 }));
    } else if (roll < o.upTo.op || !o.reads?.length) {
      out.jobs.push(await services.jobs.runOp(pick(o.models), pick(o.ops)));
    } else {
      const [channel, input] = pick(o.reads);
      out.reads.push(
        dispatch(
          services.handlers,
          channel,
          input === 'model' ? { modelId: pick(o.models) } : input,
        ),
      );
    }
  }
  return out;
}

/** Options of {@link startChaosRun}. */
export type ChaosRunOptions = Readonly<{
  clock: StepClock;
  /** The core's wire to the sandbox. */
  wire: Wire;
  sandbox: Readonly<{ idle(): Promise<void>; handle(request: Request): Promise<Response> }>;
  baseUrl: string;
  key: string;
  dataDir: string;
  /** The mix to submit (its models are read from the sandbox's library). */
  mix: Omit<MixOptions, 'services' | 'models' | 'random'>;
  seed: number;
}>;

/** A core under a seeded mix, with the driver of its clock. */
export interface ChaosRun {
  readonly services: Services;
  readonly driver: ClockDriver;
  readonly recorded: Recorded;
  /**
   * Moves the clock until the mix is submitted, its reads are answered and every job has
   * settled, or `realMs` of real time passed: answers what was submitted and the jobs still
   * moving. A failure while submitting is thrown.
   */
  settle(realMs: number): Promise<{ submitted: Submitted; stuck: JobView[] }>;
}

/**
 * Boots a core on `o.dataDir` talking through `o.wire`, with a {@link ClockDriver} watching its
 * scheduler, and starts submitting the seeded mix (concurrently with the clock: imagine answers
 * need the network).
 */
export async function startChaosRun(o: ChaosRunOptions): Promise<ChaosRun> {
  const { ports, recorded } = testPorts({
    dataDir: o.dataDir,
    baseUrl: o.baseUrl,
    key: o.key,
    fetch: o.wire.fetch,
    clock: o.clock,
  });
  const driver = new ClockDriver({ clock: o.clock, wire: o.wire, idle: () => o.sandbox.idle() });
  const services = await createServices(ports, {
    keepHistory: true,
    onSchedulerEvent: driver.watch(),
  });
  const models = await libraryIds(o.sandbox, o.baseUrl, o.key);
  let submitted: Submitted | undefined;
  let readsDone = false;
  let failure: unknown;
  void submitMix({ ...o.mix, services, models, random: prng(o.seed) }).then(
    (s) => {
      submitted = s;
      void Promise.allSettled(s.reads).then(() => (readsDone = true));
    },
    (e: unknown) => (failure = e),
  );
  return {
    services,
    driver,
    recorded,
    async settle(realMs) {
      const settled = () =>
        submitted !== undefined &&
        readsDone &&
        services.jobs.list().every((j) => SETTLED.includes(j.state));
      await driver.until(() => settled() || failure !== undefined, realMs);
      if (failure) throw failure;
      if (!submitted) throw new Error(`the mix was not submitted within ${realMs} ms`);
      return {
        submitted,
        stuck: services.jobs.list().filter((j) => !SETTLED.includes(j.state)),
      };
    },
  };
}
