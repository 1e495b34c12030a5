/**
 * Job kinds, states and the refusals that concern money: the one home of "is this job still moving?",
 * "has it ended?" and "was it refused for money?", which the journal, the runners, Activity,
 * Create and batches all ask (design.md §9).
 */

/** Generation kinds: each holds one of the account's concurrent job slots while it runs. */
export const GENERATION_KINDS = ['photo', 'multi', 'text', 'retexture'] as const;
/** Post-processing kinds (service-api.md §3.2): one URL, repeated with identical parameters. */
export const OP_KINDS = ['export', 'print', 'retopo', 'rig', 'parts', 'gamepack', 'make'] as const;
/** Kinds Kiln runs itself, on this computer (free: nothing is sent but the model's download). */
export const LOCAL_KINDS = ['compatible'] as const;
/** Every kind of job. */
export const JOB_KINDS = [...GENERATION_KINDS, ...OP_KINDS, ...LOCAL_KINDS] as const;
/** One of {@link JOB_KINDS}. */
export type JobKind = (typeof JOB_KINDS)[number];
/** One of {@link GENERATION_KINDS}. */
export type GenerationKind = (typeof GENERATION_KINDS)[number];
/** One of {@link OP_KINDS}. */
export type OpKind = (typeof OP_KINDS)[number];

/** Where a job is in its life, as the user sees it. */
export const JOB_STATES = [
  /** In Kiln's own queue: nothing sent yet (waiting for a free slot or for the connection). */
  'waiting',
  /** Being sent to the service. */
  'starting',
  'queued',
  'processing',
  'downloading',
  'done',
  'failed',
  /** Stopped by the user before anything was sent, or an unknown outcome the user dismissed. */
  'cancelled',
  /** The paid call may or may not have reached the service: the user decides what to do. */
  'outcome_unknown',
] as const;
/** One of {@link JOB_STATES}. */
export type JobState = (typeof JOB_STATES)[number];

/** States in which a job still moves on its own. */
export const MOVING_STATES = [
  'waiting',
  'starting',
  'queued',
  'processing',
  'downloading',
] as const satisfies readonly JobState[];

/** States a job does not leave on its own (only the user moves an unknown outcome on). */
export const FINAL_STATES = [
  'done',
  'failed',
  'cancelled',
  'outcome_unknown',
] as const satisfies readonly JobState[];

/**
 * A batch item's states: waiting its turn, its job under way, or how its job ended (the job's own
 * final word, `outcome_unknown` included, so an item and its job never name one end two ways).
 */
export const BATCH_ITEM_STATES = ['pending', 'running', ...FINAL_STATES] as const;
/** One of {@link BATCH_ITEM_STATES}. */
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];

const MOVING: ReadonlySet<JobState> = new Set(MOVING_STATES);
const FINAL: ReadonlySet<JobState> = new Set(FINAL_STATES);

/**
 * True while a job still moves on its own (in Kiln's queue, being sent, at the service or
 * downloading).
 * @example isMoving('queued') // true
 */
export function isMoving(state: JobState): boolean {
  return MOVING.has(state);
}

/**
 * True once a job has ended: it will not change unless the user acts.
 * @example isFinal('outcome_unknown') // true
 */
export function isFinal(state: JobState): boolean {
  return FINAL.has(state);
}

/** The service's payment refusals: the codes of a 402 (service-api.md §7). */
export const PAYMENT_CODES = [
  'insufficient_balance',
  'monthly_limit_reached',
  'key_limit_reached',
] as const;
/** One of {@link PAYMENT_CODES}. */
export type PaymentCode = (typeof PAYMENT_CODES)[number];

/**
 * True when `code` is a refusal for money (a 402).
 * @example isPaymentCode('key_limit_reached') // true
 */
export function isPaymentCode(code: string | undefined): code is PaymentCode {
  return code !== undefined && (PAYMENT_CODES as readonly string[]).includes(code);
}
