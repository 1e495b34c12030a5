/**
 * Export, print and post-processing jobs (service-api.md §3.2): the same URL with identical
 * (normalised) parameters is the same job.
 *
 * - `export?format=glb` is answered at once with a short-lived link to the model file.
 * - Any other first call charges a paid build once, starts a worker and answers 202 `running`.
 * - Identical calls answer 202 `running` until the worker is done (and `jobSeconds` passed), then
 *   200 `ready` with `url`, `filename`, `expires_in` (seconds), or 200 `error` with `message`
 *   after refunding the build.
 * - When the link expires its URL answers 410; the next identical call hands out a fresh link to
 *   the stored result, free.
 * - An `error` is remembered for {@link ERROR_MEMORY_SECONDS}: identical calls in that window see
 *   it (a client that lost the answer can read it again); a later one starts a new build.
 * - The build-failure trigger (`build-failures.ts`) fails the share of builds it is set to.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { buildArtifact, ArtifactUnavailableError, type ArtifactOutput } from '../artifacts';
import { changesTexture } from '../artifacts/texture-option';
import { billingHeaders } from './billing';
import { BuildFailures, SimulatedBuildFailure } from './build-failures';
import { imageType, type SandboxCore } from './core';
import { plainError } from './service-error';
import type { JobRow, ModelRow } from './state';

/** Seconds an `error` answer is kept for identical calls. */
export const ERROR_MEMORY_SECONDS = 60;

/** An answer of a job URL: status code, JSON body, extra headers. */
export interface JobAnswer {
  status: 200 | 202;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A job call. */
export interface JobCall {
  key: string;
  model: ModelRow;
  /** Operation id of the price list ('export', 'retopo', 'make.papercraft', …). */
  operation: string;
  /** Parameters after validation and defaults. */
  params: Record<string, unknown>;
}

/** JSON with sorted keys: identical parameters give identical text whatever their order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The account's jobs. */
export class Jobs {
  readonly #core: SandboxCore;
  readonly #byIdentity = new Map<string, JobRow>();

  readonly #builder: typeof buildArtifact;
  /** The build-failure trigger (a sandbox setting: `build-failures.ts`). */
  readonly failures: BuildFailures;

  /** `builder` replaces the builders (tests use it to make a build fail). */
  constructor(core: SandboxCore, builder: typeof buildArtifact = buildArtifact) {
    this.#core = core;
    this.#builder = builder;
    this.failures = new BuildFailures(() => core.state.buildFailures ?? {});
    for (const job of Object.values(core.state.jobs)) this.#index(job);
  }

  #index(job: JobRow): void {
    const current = this.#byIdentity.get(job.identity);
    if (!current || current.createdAt <= job.createdAt) this.#byIdentity.set(job.identity, job);
  }

  /** `running`, `ready` or `error` now. */
  state(job: JobRow): 'running' | 'ready' | 'error' {
    if (!job.result && !job.error) return 'running';
    if (this.#core.now() < job.createdAt + job.seconds * 1000) return 'running';
    return job.result ? 'ready' : 'error';
  }

  /** Builds not finished yet. */
  running(): number {
    return Object.values(this.#core.state.jobs).filter((j) => this.state(j) === 'running').length;
  }

  /**
   * Answers a call of a job URL.
   * @throws ServiceError 402 when a new paid build cannot be charged.
   */
  call(call: JobCall, base: string): JobAnswer {
    const core = this.#core;
    const identity = `${call.model.id} ${call.operation} ${stableJson(call.params)}`;
    const existing = this.#byIdentity.get(identity);
    if (existing) {
      const state = this.state(existing);
      if (state === 'running') return this.#running(existing);
      if (state === 'ready') return this.#ready(existing, base);
      const shownAt = existing.createdAt + existing.seconds * 1000;
      const since = Math.max(shownAt, existing.finishedAt ?? 0);
      if (core.now() - since < ERROR_MEMORY_SECONDS * 1000) return this.#error(existing);
    }

    const now = core.now();
    const job: JobRow = {
      id: `j${randomUUID().replaceAll('-', '')}`,
      identity,
      modelId: call.model.id,
      operation: call.operation,
      params: call.params,
      key: call.key,
      createdAt: now,
      seconds: core.settings.jobSeconds,
    };

    // The stored GLB needs no conversion: a link to it at once (§3.2, first row). A `texture`
    // that changes the file (a size or `generative`) makes it a conversion like any other.
    if (
      call.operation === 'export' &&
      call.params.format === 'glb' &&
      !changesTexture(call.params.texture)
    ) {
      job.seconds = 0;
      job.finishedAt = now;
      job.result = {
        fileId: call.model.fileId,
        filename: `${slugName(call.model)}.glb`,
        contentType: 'model/gltf-binary',
      };
      this.#store(job);
      return this.#ready(job, base);
    }

    const price = core.prices.price(call.operation);
    const charge =
      price === '0.00' ? undefined : core.billing.charge(call.key, call.operation, price);
    if (charge) {
      job.chargeId = charge.id;
      core.billing.setSubject(charge.id, job.id);
    }
    this.#store(job);
    core.buildQueue.push(() => this.#build(job));
    const answer = this.#running(job);
    if (charge) {
      const billing = core.billing.info(charge);
      answer.body.billing = billing;
      Object.assign(answer.headers, billingHeaders(billing));
    }
    return answer;
  }

  /** Queues again the builds a restart interrupted. */
  resume(): void {
    for (const job of Object.values(this.#core.state.jobs)) {
      if (!job.result && !job.error) this.#core.buildQueue.push(() => this.#build(job));
    }
  }

  /**
   * The file behind a job's download link.
   * @throws ServiceError 410 for an expired or replaced link, 404 for an unknown one.
   */
  download(
    jobId: string,
    token: string,
  ): { fileId: string; filename: string; contentType: string } {
    const job = Object.hasOwn(this.#core.state.jobs, jobId)
      ? this.#core.state.jobs[jobId]
      : undefined;
    if (!job?.result || !job.link || this.state(job) !== 'ready') {
      throw plainError(404, 'Download not found');
    }
    if (job.link.token !== token || job.link.expiresAt <= this.#core.now()) {
      throw plainError(
        410,
        'This download link has expired. Call the job URL again with the same parameters for a fresh link (free).',
      );
    }
    return job.result;
  }

  #store(job: JobRow): void {
    this.#core.state.jobs[job.id] = job;
    this.#index(job);
    this.#core.changed();
  }

  #running(job: JobRow): JobAnswer {
    const total = job.seconds * 1000;
    const elapsed = this.#core.now() - job.createdAt;
    // Time-based, like a real build's estimate; never 100 before the answer is `ready`.
    const share = total ? Math.min(0.99, elapsed / total) : 0.5;
    return {
      status: 202,
      body: { status: 'running', job_id: job.id, progress: Math.floor(share * 100) },
      headers: {},
    };
  }

  #ready(job: JobRow, base: string): JobAnswer {
    const core = this.#core;
    const now = core.now();
    if (!job.link || job.link.expiresAt <= now) {
      job.link = {
        token: randomBytes(16).toString('hex'),
        expiresAt: now + core.settings.linkSeconds * 1000,
      };
      core.changed();
    }
    const result = job.result!;
    const body: Record<string, unknown> = {
      status: 'ready',
      job_id: job.id,
      url: `${base}/files/jobs/${job.id}/${job.link.token}/${encodeURIComponent(result.filename)}`,
      filename: result.filename,
      expires_in: Math.max(1, Math.round((job.link.expiresAt - now) / 1000)),
      content_type: result.contentType,
      size_bytes: core.state.files[result.fileId]?.size,
    };
    if (result.modelId) body.model_id = result.modelId;
    return { status: 200, body, headers: {} };
  }

  #error(job: JobRow): JobAnswer {
    const body: Record<string, unknown> = {
      status: 'error',
      job_id: job.id,
      message: job.error!.message,
    };
    if (job.error!.refundId) {
      const refund = this.#core.state.ledger.find((e) => e.id === job.error!.refundId);
      body.refund = {
        refund_id: job.error!.refundId,
        amount_usd: refund?.amountUsd,
        charge_id: job.chargeId,
      };
    }
    return { status: 200, body, headers: {} };
  }

  async #build(job: JobRow): Promise<void> {
    const core = this.#core;
    const model = core.state.models[job.modelId];
    let output: ArtifactOutput;
    try {
      if (!model) throw new Error('The model is gone.');
      this.failures.check(job.operation);
      output = await this.#builder(job.operation, {
        glb: await core.readFile(model.fileId),
        params: job.params,
        slug: slugName(model),
      });
      const fileId = await core.putFile(output.bytes, output.contentType);
      job.result = { fileId, filename: output.filename, contentType: output.contentType };
      if (output.version) {
        const now = core.now();
        const version = output.version;
        const glbId =
          version.glb === output.bytes
            ? fileId
            : await core.putFile(version.glb, 'model/gltf-binary');
        const thumbnailId = version.thumbnail
          ? await core.putFile(version.thumbnail, imageType(version.thumbnail))
          : model.thumbnailId;
        const row = core.addModel(
          {
            name: model.name,
            createdAt: now,
            readyAt: Math.max(now, job.createdAt + job.seconds * 1000),
            source: model.source,
            kind: version.kind,
            modelVersion: model.modelVersion,
            polyCount: version.triangles,
            vertexCount: version.vertices,
            textureSize: model.textureSize,
            textureFormat: model.textureFormat,
            fileId: glbId,
            thumbnailId,
            origin: job.id,
          },
          model,
        );
        job.result.modelId = row.id;
      }
    } catch (error) {
      const told =
        error instanceof ArtifactUnavailableError || error instanceof SimulatedBuildFailure;
      const message = told
        ? error.message
        : `The build failed: ${error instanceof Error ? error.message : String(error)}`;
      if (!told) console.error('sandbox: build failed', error);
      job.error = { message };
      if (job.chargeId) {
        const refund = core.billing.refund(job.chargeId, `build ${job.id} failed`);
        if (refund) job.error.refundId = refund.id;
      }
    }
    job.finishedAt = core.now();
    core.changed();
  }
}

/** The file-name stem of a model's downloads. */
function slugName(model: ModelRow): string {
  const stem =
    model.name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60) || 'model';
  return model.version > 1 ? `${stem}-v${model.version}` : stem;
}
