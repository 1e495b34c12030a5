/**
 * Helpers of the sandbox's own tests: a sandbox served on 127.0.0.1:0 with a movable clock, real
 * photos, and small request helpers. Not used by production code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createSandbox, type SandboxInternals } from '../sandbox';
import { serveSandbox } from '../http/server';
import type { Clock, Sandbox, SandboxOptions } from '../types';

/** The project's real test photos (CC0), see /work/shared/photos/SOURCES.md. */
export const PHOTOS_DIR = path.resolve(import.meta.dirname, '../../../../shared/photos');

/** Bytes of a real photo. */
export function photo(name: 'coffee.png' | 'chelsea.png'): Uint8Array {
  return new Uint8Array(readFileSync(path.join(PHOTOS_DIR, name)));
}

/** A uniform grey picture: nothing can be told apart from the background. */
export async function uniformPhoto(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
  );
}

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start = Date.UTC(2025, 5, 15, 12, 0, 0)) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  set(ms: number): void {
    this.#now = ms;
  }
}

/** A served sandbox and ways to call it. */
export interface TestService {
  sandbox: Sandbox;
  url: string;
  clock: ManualClock;
  key: string;
  /** fetch against the served URL with the key (override headers to change or drop it). */
  call(pathAndQuery: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  /** `call` then JSON, with the status. */
  json<T = Record<string, unknown>>(
    pathAndQuery: string,
    init?: RequestInit & { key?: string | null },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/** Serves a sandbox for a test; defaults: one key, no task time, a generous rate limit. */
export async function startService(
  options: SandboxOptions = {},
  internals: SandboxInternals = {},
): Promise<TestService> {
  const clock = new ManualClock();
  const key = options.keys?.[0] ?? 'sk-test-1';
  const sandbox = createSandbox(
    { keys: [key], taskSeconds: 0, jobSeconds: 0, requestsPerMinute: 100_000, clock, ...options },
    internals,
  );
  const served = await serveSandbox(sandbox, { port: 0 });
  const call = (pathAndQuery: string, init: RequestInit & { key?: string | null } = {}) => {
    const { key: k, ...rest } = init;
    const headers = new Headers(rest.headers);
    const use = k === undefined ? key : k;
    if (use !== null && !headers.has('authorization'))
      headers.set('Authorization', `Bearer ${use}`);
    const url = pathAndQuery.startsWith('http') ? pathAndQuery : `${served.url}${pathAndQuery}`;
    return fetch(url, { ...rest, headers });
  };
  return {
    sandbox,
    url: served.url,
    clock,
    key,
    call,
    async json(pathAndQuery, init) {
      const res = await call(pathAndQuery, init);
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text), headers: res.headers };
    },
    async close() {
      await served.close();
      await sandbox.close();
    },
  };
}

/** A multipart body with one photo in `file`. */
export function photoForm(bytes: Uint8Array, name = 'photo.png', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  return form;
}

/** A multipart body with several views in `files`. */
export function viewsForm(views: Array<{ bytes: Uint8Array; name: string }>): FormData {
  const form = new FormData();
  for (const v of views) form.append('files', new Blob([v.bytes]), v.name);
  return form;
}

/** Waits until the sandbox's work is done, then reads the task's status. */
export async function finishTask(
  service: TestService,
  taskId: string,
): Promise<Record<string, unknown>> {
  await service.sandbox.idle();
  const { body } = await service.json(`/task/${taskId}/status`);
  return body;
}

interface ValidatorReport {
  issues: {
    numErrors: number;
    messages: Array<{ code: string; message: string; severity: number }>;
  };
}

/** glTF-Validator's report of a GLB (the Khronos reference validator). */
export async function validateGlb(glb: Uint8Array): Promise<ValidatorReport> {
  const validator = createRequire(import.meta.url)('gltf-validator') as {
    validateBytes(bytes: Uint8Array, options?: object): Promise<ValidatorReport>;
  };
  return validator.validateBytes(glb, { maxIssues: 20 });
}
