/**
 * What the main process hands the renderer: jobs, models, the account, keys and settings, as zod
 * schemas. Money is a decimal string (shared/money.ts); the API key never appears here, only
 * whether one is set and its masked suffix.
 */
import { z } from 'zod';
import { MODEL_TIERS } from '../api/rules';
import { JOB_KINDS, JOB_STATES, OP_KINDS } from '../jobs';
import { isUsd } from '../money';
import { SETTINGS_VIEW_SHAPE } from '../settings';

/** A decimal-string dollar amount. */
export const UsdStringSchema = z.string().refine(isUsd, 'expected a decimal dollar amount');

/** A photo handed to the main process, identified by an opaque id (never its bytes). */
export const StagedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
});
/** A photo handed to the main process. */
export type StagedFile = z.infer<typeof StagedFileSchema>;

// Job kinds live in shared/jobs.ts with the states (zod-free, so the page's first screen can ask
// them without the contract's schemas); the contract re-exports them.
export {
  GENERATION_KINDS,
  JOB_KINDS,
  LOCAL_KINDS,
  OP_KINDS,
  type GenerationKind,
  type JobKind,
  type OpKind,
} from '../jobs';

// Job states live in shared/jobs.ts (with which are moving and which final); the contract
// carries them.
export { JOB_STATES, type JobState } from '../jobs';

/** The connection a job or batch was started on: the sandbox, or a live service and key. */
export const ConnectionSchema = z.object({
  mode: z.enum(['sandbox', 'live']),
  origin: z.string(),
  keyId: z.string().optional(),
});
/** See {@link ConnectionSchema}. */
export type ConnectionView = z.infer<typeof ConnectionSchema>;

/** Words of a catalog (`shared/words.ts`) carried over IPC: the page shows them in its language. */
export const WordsSchema = z.object({
  id: z.string().max(200),
  message: z.string().max(2000),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** A job as the renderer sees it. */
export const JobViewSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  /** Model version of a generation. */
  tier: z.enum(MODEL_TIERS).optional(),
  /**
   * What the job was made from, for its label ("coffee.png", "Rig (humanoid) of Teapot"), in
   * English (logs, the batch CSV); `sourceWords` says it in the artist's language where it is
   * more than a name.
   */
  source: z.string(),
  sourceWords: WordsSchema.optional(),
  state: z.enum(JOB_STATES),
  /** A sentence about the current state ("Waiting for a free slot…"): `shared/job-notes.ts`. */
  note: WordsSchema.optional(),
  /** 0–100 when the service reports progress. */
  progress: z.number().optional(),
  createdAt: z.number(),
  finishedAt: z.number().optional(),
  taskId: z.string().optional(),
  /** The model to open: a generation's result, a new rig/parts version, or an operation's input. */
  modelId: z.string().optional(),
  /** The model a post-processing job works on. */
  sourceModelId: z.string().optional(),
  /** The batch this job is an item of (Activity shows it inside the batch's row). */
  batchId: z.string().optional(),
  /** Its item's index in the batch. */
  batchItem: z.number().int().optional(),
  costUsd: UsdStringSchema.optional(),
  /** Refunded by the service after a failure. */
  refundedUsd: UsdStringSchema.optional(),
  /** Where a post-processing result was saved. */
  savedPath: z.string().optional(),
  /** The job this one repeats (a retry). */
  retryOf: z.string().optional(),
  /** `field`: the parameter a refusal (422) names, so the form can mark it. */
  error: z
    .object({ code: z.string(), message: z.string(), field: z.string().optional() })
    .optional(),
  /**
   * The connection the job was started on: the sandbox, or a live service's origin and the id of
   * the key used there. Activity and the payment notices show the current connection's jobs only,
   * as the library and the ledger do. Absent on jobs of versions that did not record it.
   */
  connection: ConnectionSchema.optional(),
  /** Nothing has been sent yet, so cancelling costs nothing. */
  canCancel: z.boolean(),
  /** `jobs:retry` is allowed: it cannot charge twice for the same work. */
  canRetry: z.boolean(),
});
/** A job as the renderer sees it. */
export type JobView = z.infer<typeof JobViewSchema>;

/** A model ready to show: its facts and a URL the renderer may load it from. */
export const ModelViewSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  createdAt: z.string().optional(),
  polyCount: z.number().optional(),
  /** A URL on the app's own origin/protocol that serves the cached GLB. */
  fileUrl: z.string(),
  /** `api` or `website` (the service's `source`), when known: website models need a plan. */
  source: z.string().optional(),
  /** Set when this is a saved result file shown for a look, not a model of the library. */
  savedPath: z.string().optional(),
});
/** A model ready to show. */
export type ModelView = z.infer<typeof ModelViewSchema>;

/** A library row as the renderer sees it (thumbnails need the key, so no service URL here). */
export const LibraryItemViewSchema = z.object({
  modelId: z.string(),
  name: z.string().optional(),
  createdAt: z.string().optional(),
  polyCount: z.number().optional(),
  rootId: z.string().optional(),
  parentId: z.string().nullable().optional(),
  version: z.number().optional(),
  versionsCount: z.number().optional(),
  kind: z.string().optional(),
  source: z.string().optional(),
  published: z.boolean().optional(),
  favourite: z.boolean().optional(),
  /** The model's file is in the local cache: it opens without the network. */
  cached: z.boolean().optional(),
  /** The thumbnail on the app's own origin, when it is in the local cache already. */
  thumbnailUrl: z.string().optional(),
});
/** A library row. */
export type LibraryItemView = z.infer<typeof LibraryItemViewSchema>;

/** One page of the library. */
export const LibraryPageViewSchema = z.object({
  items: z.array(LibraryItemViewSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number().optional(),
  pages: z.number().optional(),
});
/** One page of the library. */
export type LibraryPageView = z.infer<typeof LibraryPageViewSchema>;

/** A concept picture made from a prompt (text imagine). */
export const ConceptViewSchema = z.object({
  conceptId: z.string(),
  prompt: z.string(),
  style: z.string().nullable(),
  /** The picture in the local cache, on the app's own origin; absent if it could not be fetched. */
  imageUrl: z.string().optional(),
  costUsd: UsdStringSchema.optional(),
});
/** A concept picture. */
export type ConceptView = z.infer<typeof ConceptViewSchema>;

/** Sums of the client's ledger. */
export const LedgerTotalsSchema = z.object({
  chargedUsd: UsdStringSchema,
  refundedUsd: UsdStringSchema,
  /** Charged minus refunded. */
  netUsd: UsdStringSchema,
  /** Paid calls whose outcome is unknown: they may have been charged. */
  unconfirmedUsd: UsdStringSchema,
  unconfirmedCount: z.number().int(),
});
/** Sums of the client's ledger. */
export type LedgerTotals = z.infer<typeof LedgerTotalsSchema>;

/** The account as Kiln last saw it, plus its own queue. */
export const AccountViewSchema = z.object({
  mode: z.enum(['sandbox', 'live']),
  balanceUsd: UsdStringSchema.optional(),
  monthSpendUsd: UsdStringSchema.optional(),
  monthlyLimitUsd: UsdStringSchema.optional(),
  keyMonthSpendUsd: UsdStringSchema.optional(),
  keyMonthlyLimitUsd: UsdStringSchema.optional(),
  /** Jobs the service says run now (all of the account's, not only Kiln's). */
  jobsRunning: z.number().optional(),
  jobsLimit: z.number().optional(),
  /** When the balance was last learned (from the balance record or a paid answer). */
  updatedAt: z.number().optional(),
  /** Kiln's local generation queue. */
  queue: z.object({ running: z.number(), waiting: z.number(), capacity: z.number() }),
  totals: LedgerTotalsSchema,
});
/** The account as Kiln last saw it. */
export type AccountView = z.infer<typeof AccountViewSchema>;

/** One row of the client's ledger: a charge, a refund, or a paid call of unknown outcome. */
export const LedgerEntryViewSchema = z.object({
  id: z.string(),
  type: z.enum(['charge', 'refund', 'unconfirmed']),
  at: z.number(),
  /** Absent only for an unconfirmed call whose price Kiln does not know. */
  amountUsd: UsdStringSchema.optional(),
  /** Price-list operation ("generate.photo.fast", "rig", …). */
  operation: z.string(),
  jobId: z.string().optional(),
  /** The service's charge ids (a refund: the charge it gives back). */
  chargeIds: z.array(z.string()),
  refundId: z.string().optional(),
  balanceAfterUsd: UsdStringSchema.optional(),
  /**
   * How Kiln learned it: the answer's billing, its headers, a failed task or build, a guess, or
   * (`listed`) a charge the service made for a call whose answer Kiln never read, found when it
   * asked again and the build was there: at the listed price, with no charge id.
   */
  source: z.enum(['billing', 'headers', 'task', 'build', 'unknown', 'listed']),
});
/** One ledger row. */
export type LedgerEntryView = z.infer<typeof LedgerEntryViewSchema>;

/** The client's ledger, oldest first. */
export const LedgerViewSchema = z.object({
  entries: z.array(LedgerEntryViewSchema),
  totals: LedgerTotalsSchema,
});
/** The client's ledger. */
export type LedgerView = z.infer<typeof LedgerViewSchema>;

/** One price of the live price list. */
export const PriceViewSchema = z.object({
  operation: z.string(),
  method: z.string().optional(),
  path: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  priceUsd: UsdStringSchema,
  unit: z.string().optional(),
  description: z.string().optional(),
});
/** The price list. */
export const PricesViewSchema = z.object({
  currency: z.string(),
  items: z.array(PriceViewSchema),
  /**
   * The price of one call of each operation Kiln knows (`shared/api/operations.ts`), matched by
   * the main process; an operation missing here has no readable price (treat it as paid).
   */
  byOperation: z.record(z.string(), UsdStringSchema),
  fetchedAt: z.number(),
});
/** The price list. */
export type PricesView = z.infer<typeof PricesViewSchema>;

/** Where the API key is kept. */
export const KEY_STORAGES = ['keychain', 'session', 'none'] as const;

/** One named key as the renderer may know it: a name and a masked suffix, never the key. */
export const KeyEntryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  suffix: z.string().optional(),
  storage: z.enum(KEY_STORAGES),
  active: z.boolean(),
  /** The secret is gone (kept for an earlier session only, or removed from the keychain). */
  missing: z.boolean(),
  addedAt: z.number(),
  /** Origin of the service address the key belongs to: Kiln sends it nowhere else. */
  origin: z.string().optional(),
});
/** One named key. */
export type KeyEntryView = z.infer<typeof KeyEntryViewSchema>;

/** The API key as the renderer may know it: never the key itself. */
export const KeyStateViewSchema = z.object({
  present: z.boolean(),
  /** The last characters, for recognising the key ("…3f9a"). */
  suffix: z.string().optional(),
  /** `keychain`: the OS store; `session`: memory until Kiln quits; `none`: no key. */
  storage: z.enum(KEY_STORAGES),
  /** Why the key is kept for the session only, in words. */
  reason: z.string().optional(),
  mode: z.enum(['sandbox', 'live']),
  /** The active named key's id; absent while Kiln uses the sandbox. */
  activeId: z.string().optional(),
  /** Every named key Kiln keeps (issue 10); the secrets stay in the keychain. */
  keys: z.array(KeyEntryViewSchema).optional(),
  /** Origin of the service address now set: a key of another origin is not used here. */
  origin: z.string().optional(),
  /**
   * A key can be confirmed for a new address outside the page (`keys:confirmOrigin`: the desktop
   * app's native dialog); false in the browser host, where it must be pasted again.
   */
  confirmable: z.boolean().optional(),
});
/** The API key's state. */
export type KeyStateView = z.infer<typeof KeyStateViewSchema>;

/**
 * The sandbox's build-failure trigger: the share (0 to 1) of each post-processing kind's builds
 * that fail and are refunded (a sandbox setting, not part of the service).
 */
export const SandboxBuildFailuresViewSchema = z.object({
  shares: z.partialRecord(z.enum(OP_KINDS), z.number().min(0).max(1)),
});
/** The sandbox's build-failure trigger. */
export type SandboxBuildFailuresView = z.infer<typeof SandboxBuildFailuresViewSchema>;

/** Answer of `ops:repeat`. */
export const OpRepeatViewSchema = z.object({
  /**
   * The earlier job with identical parameters: `done` (the service hands out its stored result,
   * free) or `running` (the same build, not charged again); absent when the call would be new.
   */
  repeatOf: z.object({ jobId: z.string(), state: z.enum(['done', 'running']) }).optional(),
});
/** Answer of `ops:repeat`. */
export type OpRepeatView = z.infer<typeof OpRepeatViewSchema>;

/** Outcome of `keys:test`. */
export const KeyTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.string().optional(),
  message: z.string(),
});
/** Outcome of `keys:test`. */
export type KeyTestResult = z.infer<typeof KeyTestResultSchema>;

/** Kiln's settings: one field per declaration of `shared/settings.ts`. */
export const SettingsViewSchema = z.object(SETTINGS_VIEW_SHAPE);
/** Kiln's settings. */
export type SettingsView = z.infer<typeof SettingsViewSchema>;

/** Facts about the running app the shell shows (mode badge, version). */
export const AppInfoSchema = z.object({
  version: z.string(),
  /** `sandbox` when no key is set: the built-in cloud sandbox, nothing is charged. */
  mode: z.enum(['sandbox', 'live']),
  /** The platform offers a folder picker (`files:chooseFolder`); else the user types a path. */
  canChooseFolder: z.boolean().optional(),
  /**
   * The OS's preferred languages (the desktop app): the page's language when the Language setting
   * follows the system. Absent in the browser host, whose page reads `navigator.languages`.
   */
  systemLanguages: z.array(z.string().max(64)).max(32).optional(),
});
/** Facts about the running app. */
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** Month totals of the client's ledger ("2026-11"). */
export const LedgerMonthSchema = LedgerTotalsSchema.extend({
  month: z.string(),
  count: z.number().int(),
});
/** Month totals. */
export type LedgerMonth = z.infer<typeof LedgerMonthSchema>;

/** `account:ledger` with a filter: the matching rows and the sums over them and by month. */
export const LedgerPageViewSchema = LedgerViewSchema.extend({
  /** Sums of the matching rows (`totals` sums every row of this mode). */
  selection: LedgerTotalsSchema,
  /** Totals of every month of this mode, newest first. */
  months: z.array(LedgerMonthSchema),
  /** Operations that occur in this mode's ledger, for the filter. */
  operations: z.array(z.string()),
});
/** A filtered ledger. */
export type LedgerPageView = z.infer<typeof LedgerPageViewSchema>;

/** Where `account:exportLedger` wrote the CSV. */
export const LedgerExportViewSchema = z.object({ path: z.string(), rows: z.number().int() });
/** Where the CSV went. */
export type LedgerExportView = z.infer<typeof LedgerExportViewSchema>;
/** Every version of one family (`library:versions`), oldest first. */
export const LibraryVersionsViewSchema = z.object({
  rootId: z.string(),
  versions: z.array(LibraryItemViewSchema),
  /**
   * False when the listing could not show the whole family (the service lists families only by
   * name search: a version renamed on the website is missed).
   */
  complete: z.boolean(),
});
/** Every version of one family. */
export type LibraryVersionsView = z.infer<typeof LibraryVersionsViewSchema>;

/** A model in the local cache, as the offline grid and the cache panel show it. */
export const CachedModelViewSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  createdAt: z.string().optional(),
  polyCount: z.number().optional(),
  bytes: z.number(),
  thumbnailUrl: z.string().optional(),
});
/** A model in the local cache. */
export type CachedModelView = z.infer<typeof CachedModelViewSchema>;

/** What the local cache holds and the disk it uses (`library:cacheInfo`). */
export const LibraryCacheInfoViewSchema = z.object({
  /** Cached models, most recently opened first. */
  models: z.array(CachedModelViewSchema),
  modelBytes: z.number(),
  thumbnailCount: z.number(),
  thumbnailBytes: z.number(),
  /**
   * Other files Kiln keeps there: previews of saved results, models opened from the desktop,
   * photos uploaded for jobs. Counted in the disk use, and removed by Clear.
   */
  otherCount: z.number().optional(),
  otherBytes: z.number().optional(),
  /** The cache's size limit in bytes, when one is set. */
  limitBytes: z.number().optional(),
});
/** What the local cache holds. */
export type LibraryCacheInfoView = z.infer<typeof LibraryCacheInfoViewSchema>;

/** A library thumbnail on the app's own origin (`library:thumbnail`). */
export const ThumbnailViewSchema = z.object({ modelId: z.string(), url: z.string() });
/** A library thumbnail on the app's own origin. */
export type ThumbnailView = z.infer<typeof ThumbnailViewSchema>;
/** A finished model or export, ready to be dragged out of Kiln (`files:dragSource`). */
export const DragSourceViewSchema = z.object({
  /** The file's name as it lands in the target folder ("Teapot.glb"). */
  name: z.string(),
  /** Its media type ("model/gltf-binary"). */
  mime: z.string(),
  /**
   * Where the page can fetch it (the browser host's drag-out `DownloadURL`); absent where the
   * shell drags the file itself (Electron's `startDrag`).
   */
  url: z.string().optional(),
});
/** A file ready to be dragged out. */
export type DragSourceView = z.infer<typeof DragSourceViewSchema>;

/** Outcome of `files:showInFolder`. */
export const ShowInFolderViewSchema = z.object({
  /** True when the file manager was asked to show the file. */
  shown: z.boolean(),
  /** Where the file is. */
  path: z.string(),
  /** A sentence for the user (why it was not shown, and where to look instead). */
  message: z.string(),
});
/** Outcome of `files:showInFolder`. */
export type ShowInFolderView = z.infer<typeof ShowInFolderViewSchema>;

/**
 * Something the desktop asked Kiln to show (a file opened from the OS, a clicked notification),
 * queued in the main process until the page takes it with `app:takeOpenRequests`.
 */
export const OpenRequestViewSchema = z.union([
  /** Open a model of the library (a finished job's notification). */
  z.object({ kind: z.literal('library'), modelId: z.string() }),
  /** Show a local file imported into the model cache. */
  z.object({ kind: z.literal('local'), model: ModelViewSchema }),
  /** A file that could not be opened, and why. */
  z.object({ kind: z.literal('error'), message: z.string() }),
]);
/** Something to show. */
export type OpenRequestView = z.infer<typeof OpenRequestViewSchema>;

/**
 * Kiln's own updates: `unsupported` where Kiln cannot update itself (the browser host, a
 * development build; `message` says how it updates), else the last check's outcome and the
 * download of a newer version.
 */
export const UpdateViewSchema = z.object({
  state: z.enum(['unsupported', 'idle', 'checking', 'current', 'downloading', 'ready', 'error']),
  /** The running version. */
  current: z.string(),
  /** The newer version found (downloading, ready). */
  version: z.string().optional(),
  /** Its release notes, plain text. */
  notes: z.string().optional(),
  /** Its release date (ISO). */
  date: z.string().optional(),
  /** Download progress, 0–100. */
  percent: z.number().optional(),
  /** Bytes downloaded and in all. */
  transferred: z.number().optional(),
  total: z.number().optional(),
  /** `ready`: installs when Kiln quits, or restarts now (once no paid call is being sent). */
  install: z.enum(['quit', 'now']).optional(),
  /** Paid calls being sent that the restart waits for. */
  waitingFor: z.number().int().optional(),
  /** The state in words: how Kiln updates, what went wrong and what to do. */
  message: z.string().optional(),
  /** When the feed last answered (ms since the epoch). */
  checkedAt: z.number().optional(),
});
/** Kiln's own updates. */
export type UpdateView = z.infer<typeof UpdateViewSchema>;

/** A notice from the main process (a window that crashed and was reloaded). */
export const AppNoticeViewSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning']),
  message: z.string(),
  at: z.number(),
});
/** A notice from the main process. */
export type AppNoticeView = z.infer<typeof AppNoticeViewSchema>;
/** A recording being written (`recordings:start`). */
export const RecordingOpenViewSchema = z.object({ recordingId: z.string() });

/** Where `recordings:finish` saved a recording. */
export const RecordingViewSchema = z.object({
  recordingId: z.string(),
  /** The file's name in its folder ("kiln-coffee-turntable (2).webm"). */
  name: z.string(),
  path: z.string(),
  bytes: z.number().int(),
});
/** A saved recording. */
export type RecordingView = z.infer<typeof RecordingViewSchema>;
