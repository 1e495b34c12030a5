/**
 * The sandbox's whole state as one plain, JSON-serialisable object, so persistence is a single
 * atomic file write and a restart resumes exactly where it stopped.
 */
import type { TextureSize } from '../../../shared/api/rules';
import type { Usd } from '../../../shared/money';
import type { LedgerEntry } from '../types';

/** Which generation model version made a model ('2', '1.1', '1'). */
export type ModelVersionNumber = '2' | '1.1' | '1';

/** How a model came to be; `remesh` versions exist only among website-made models. */
export type ModelKind = 'generation' | 'retexture' | 'rig' | 'parts' | 'remesh';

/** A model in the library. */
export interface ModelRow {
  id: string;
  name: string;
  createdAt: number;
  /** The model is invisible (library, GET /model) until its task or job reports it. */
  readyAt: number;
  source: 'api' | 'website';
  kind: ModelKind;
  rootId: string;
  parentId: string | null;
  /** 1 for the family root, then 2, 3, … in creation order. */
  version: number;
  modelVersion: ModelVersionNumber;
  polyCount: number;
  vertexCount: number;
  textureSize: number;
  textureFormat: string;
  fileId: string;
  thumbnailId: string;
  published: boolean;
  favourite: boolean;
  /** The task or job that produced the model. */
  origin?: string;
}

/** Input of a generation task, kept so an interrupted task can run again after a restart. */
export interface TaskInput {
  photoFileId: string;
  polyCount: number;
  remesh: boolean;
  textureSize: TextureSize;
  textureFormat: 'webp' | 'png';
  seed?: number;
  name: string;
  modelVersion: ModelVersionNumber;
  /** Multi-view: the stored views after the front (side; side, back; side, side, back). */
  viewFileIds?: string[];
  /** Retexture: the model painted anew. */
  parentModelId?: string;
  /** The photo belongs to something else (a concept picture) and outlives the task. */
  sharedPhoto?: boolean;
}

/** A generation task. */
export interface TaskRow {
  id: string;
  kind: 'photo' | 'multi' | 'text' | 'retexture';
  key: string;
  createdAt: number;
  /** Generation time the task was started with (seconds). */
  seconds: number;
  startedAt?: number;
  finishedAt?: number;
  chargeId?: string;
  input: TaskInput;
  outcome?: { ok: true; modelId: string } | { ok: false; message: string };
}

/** A concept picture made by text imagine. */
export interface ConceptRow {
  id: string;
  prompt: string;
  style: string | null;
  createdAt: number;
  fileId: string;
  width: number;
  height: number;
}

/** A download link of a job result. */
export interface LinkRow {
  token: string;
  expiresAt: number;
}

/** An export / print / post-processing job (service-api.md §3.2). */
export interface JobRow {
  id: string;
  /** Model id, operation and normalised parameters: identical calls share this. */
  identity: string;
  modelId: string;
  operation: string;
  params: Record<string, unknown>;
  key: string;
  createdAt: number;
  seconds: number;
  finishedAt?: number;
  chargeId?: string;
  result?: {
    fileId: string;
    filename: string;
    contentType: string;
    /** Rig and parts: the new model version. */
    modelId?: string;
  };
  error?: { message: string; refundId?: string };
  link?: LinkRow;
}

/** A stored file's metadata; the bytes are in the file store. */
export interface FileRow {
  id: string;
  contentType: string;
  size: number;
}

/** An API key of the account. */
export interface KeyRow {
  key: string;
  revoked: boolean;
  createdAt: number;
}

/** Everything the sandbox knows. */
export interface SandboxState {
  /** Bumped when the shape changes, so an old file is not misread. */
  schema: 1;
  account: {
    balanceUsd: Usd;
    monthlyLimitUsd: Usd | null;
    keyLimitUsd: Usd | null;
    keys: KeyRow[];
  };
  ledger: LedgerEntry[];
  /** Refunds by charge id, so a charge is never refunded twice. */
  refunded: Record<string, string>;
  models: Record<string, ModelRow>;
  tasks: Record<string, TaskRow>;
  concepts: Record<string, ConceptRow>;
  jobs: Record<string, JobRow>;
  files: Record<string, FileRow>;
  counters: { charge: number; refund: number };
  seeded: boolean;
  /**
   * The first-run sample models (`samples.ts`): `pending` from the account's first start until
   * the last one exists, then `done`. Absent in accounts that never had them (made without the
   * option, or before samples existed): those never get them.
   */
  samples?: 'pending' | 'done';
  /** The build-failure trigger's shares (`build-failures.ts`); absent: no build fails. */
  buildFailures?: Partial<Record<string, number>>;
}

/** A fresh state. */
export function emptyState(keys: string[], balanceUsd: Usd, now: number): SandboxState {
  return {
    schema: 1,
    account: {
      balanceUsd,
      monthlyLimitUsd: null,
      keyLimitUsd: null,
      keys: keys.map((key) => ({ key, revoked: false, createdAt: now })),
    },
    ledger: [],
    refunded: {},
    models: {},
    tasks: {},
    concepts: {},
    jobs: {},
    files: {},
    counters: { charge: 0, refund: 0 },
    seeded: false,
  };
}
