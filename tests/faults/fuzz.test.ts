/**
 * 6. Fuzzing (fast-check). Every parser of server answers (the answer schemas, the error mapping,
 * billing from bodies and headers, the whole client path from bytes on the wire to a typed value
 * or a KilnError), the filename and path guards, and every IPC channel through the real
 * `dispatch` with arbitrary JSON: never an uncaught throw, and dispatch always answers
 * `{ok: true, value}` or `{ok: false, error}` with a KilnError's shape.
 */
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schemas from '../../shared/api/schemas';
import { CHANNELS } from '../../shared/ipc/channels';
import { contract } from '../../shared/ipc/contract';
import { dispatch } from '../../shared/ipc/dispatch';
import { IpcErrorSchema } from '../../shared/ipc/error-schema';
import { KilnError } from '../../shared/ipc/errors';
import { ApiClient } from '../../electron/core/api/client';
import { generationCall } from '../../electron/core/api/query';
import { billingFromHeaders, captureBilling } from '../../electron/core/api/billing';
import { mapErrorAnswer } from '../../electron/core/api/error-mapping';
import { sanitizeFilename, SAFE_EXTENSIONS } from '../../electron/core/files/filename';
import { confinedPath } from '../../electron/core/util/confined-path';
import { systemClock } from '../../electron/core/ports';
import { RequestScheduler } from '../../electron/core/schedule/request-scheduler';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { createServices, type Services } from '../../electron/core/services';
import { testPorts } from '../../electron/core/testing/harness';
import { FaultReport, SEED, SIZE } from './figures';
import { scratch } from '../../electron/core/testing/chaos-run';
import { watchProcess } from './net';
import { rm } from 'node:fs/promises';

const RUNS = SIZE === 'small' ? 100 : 1500;
const report = new FaultReport('6 fuzzing');
const params = (numRuns = RUNS) => ({ seed: SEED, numRuns });
let runs = 0;
/** Counts each generated case; the property receives the generated values as one tuple. */
function counted<T extends unknown[]>(
  check: (values: T) => void | Promise<void>,
): (...values: T) => Promise<void> {
  return async (...values) => {
    runs++;
    await check(values);
  };
}

/** JSON the way servers send it: objects with the documented names among others, deep and odd. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.constantFrom(
      '0.40',
      '-1.00',
      '1e3',
      'NaN',
      '12.345',
      '',
      ' 9.99 ',
      'done',
      'ready',
      'running',
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        'task_id',
        'status',
        'billing',
        'cost_usd',
        'balance_usd',
        'charge_ids',
        'model_id',
        'url',
        'filename',
        'expires_in',
        'message',
        'detail',
        'error',
        'retry_after',
        'items',
        'prices',
        'price_usd',
        'refund',
        'amount_usd',
        'concept_id',
        'loc',
        'msg',
        '__proto__',
        'constructor',
      ),
    ),
    tie('value'),
    { maxKeys: 6 },
  ),
}));

/** Every zod schema the module exports. */
const ANSWER_SCHEMAS = (Object.entries(schemas) as Array<[string, unknown]>).flatMap(
  ([name, value]) =>
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
      ? [[name, value as { safeParse: (v: unknown) => unknown }] as const]
      : [],
);

let work: string;
let sandbox: Sandbox;
let services: Services;
beforeAll(async () => {
  work = await scratch('kiln-faults-fuzz-');
  sandbox = createSandbox({ keys: ['sk-fuzz-000001'], taskSeconds: 0, seedModels: 1 });
  const { ports } = testPorts({
    dataDir: path.join(work, 'data'),
    baseUrl: 'http://sandbox.test',
    key: 'sk-fuzz-000001',
    fetch: (input, init) => sandbox.fetch(new Request(input as string | URL, init)),
  });
  // Valid inputs do reach the sandbox; a budget this large keeps the fuzzing from waiting.
  services = await createServices(ports, { requestBudget: 1_000_000 });
});
afterAll(async () => {
  services?.close();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.figures.operations = runs;
  report.note(
    `${runs} generated cases (seed ${SEED}), ${ANSWER_SCHEMAS.length} answer schemas, ${CHANNELS.length} IPC channels`,
  );
  report.save();
});

describe('fuzzing the parsers of server answers', () => {
  it('answer schemas, error mapping and billing never throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        json.value,
        fc.integer({ min: 100, max: 599 }),
        fc.option(fc.string()),
        fc.string(),
        fc.string(),
        counted(
          ([body, status, retryAfter, cost, balance]: [
            unknown,
            number,
            string | null,
            string,
            string,
          ]) => {
            for (const [, schema] of ANSWER_SCHEMAS) schema.safeParse(body);
            const error = mapErrorAnswer(status, body, retryAfter);
            report.check(
              error instanceof KilnError &&
                typeof error.message === 'string' &&
                error.message.length > 0,
              `mapErrorAnswer(${status}) gave ${String(error)}`,
            );
            const headers = new Headers();
            try {
              headers.set('x-service-cost-usd', cost);
              headers.set('x-service-balance-usd', balance);
            } catch {
              // Not a valid header value: fetch would never deliver it.
            }
            captureBilling(body, headers);
            billingFromHeaders(headers);
          },
        ) as never,
      ),
      params(),
    );
  });

  it('the client turns any answer into a value or a KilnError', async () => {
    let answer: { status: number; body: string; type: string } = {
      status: 200,
      body: '',
      type: '',
    };
    const client = new ApiClient({
      connection: {
        mode: 'live',
        baseUrl: 'https://api.example.test',
        apiKey: async () => 'sk-fuzz-000001',
        fetch: async () =>
          new Response([204, 205, 304].includes(answer.status) ? null : answer.body, {
            status: answer.status,
            headers: { 'content-type': answer.type },
          }),
      },
      clock: systemClock,
      scheduler: new RequestScheduler({ clock: systemClock, budget: 1_000_000 }),
    });
    const calls = [
      () => client.taskStatus('t1'),
      () => client.library(),
      () => client.model('m1'),
      () => client.balance(),
      () => client.prices(),
      () => client.imagine('a teapot', null),
      () => client.generate(generationCall({ kind: 'text', conceptId: 'c1', tier: 'fast' })),
      () =>
        client.job(
          {
            path: '/model/m1/rig',
            query: { kind: 'generic' },
            operation: 'rig',
            modelId: 'm1',
          } as never,
          { paid: true },
        ),
    ];
    const bodies = fc.oneof(
      json.value.map((v) => JSON.stringify(v) ?? ''),
      fc.string(),
      json.value.map((v) => (JSON.stringify(v) ?? '').slice(0, 7)),
    );
    // 429 and 5xx make the scheduler wait and retry (covered by the network run); the rest here.
    const statuses = fc.oneof(
      fc.integer({ min: 200, max: 428 }),
      fc.integer({ min: 430, max: 499 }),
    );
    await fc.assert(
      fc.asyncProperty(
        statuses,
        bodies,
        fc.constantFrom('application/json', 'text/html', ''),
        fc.nat(calls.length - 1),
        counted(async ([status, body, type, which]: [number, string, string, number]) => {
          answer = { status, body, type };
          try {
            await calls[which]!();
          } catch (error) {
            report.check(
              error instanceof KilnError,
              `client call ${which} on ${status} threw ${String(error)}`,
            );
          }
        }) as never,
      ),
      params(Math.ceil(RUNS / 2)),
    );
  });
});

describe('fuzzing the guards of names and paths', () => {
  it('a server file name never leaves the folder, hides its extension or names a device', async () => {
    const folder = path.resolve('/tmp/kiln-exports');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.constantFrom(
            '../../x.glb',
            'CON.glb',
            'a\u202egnp.exe',
            '/etc/passwd',
            'C:\\Windows\\x.exe',
            '',
          ),
        ),
        counted(([name]: [string]) => {
          const safe = sanitizeFilename(name, {
            fallbackStem: 'model',
            extensions: ['glb', 'zip'],
          });
          const full = path.join(folder, safe);
          report.check(path.dirname(full) === folder, `“${name}” → “${safe}” leaves the folder`);
          report.check(
            // eslint-disable-next-line no-control-regex -- control characters are what is checked
            !/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]/.test(safe),
            `“${safe}” keeps a dangerous character`,
          );
          report.check(
            /\.(glb|zip)$/.test(safe) && !safe.startsWith('.'),
            `“${safe}” has a wrong extension or is hidden`,
          );
          report.check(
            !/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(safe),
            `“${safe}” names a device`,
          );
          report.check(
            (SAFE_EXTENSIONS as readonly string[]).includes(safe.split('.').pop()!),
            `“${safe}” extension`,
          );
        }) as never,
      ),
      params(),
    );
  });

  it('a URL path never resolves outside its root', async () => {
    const root = path.resolve('/srv/kiln-root');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.webPath(),
          fc.constantFrom('../etc/passwd', '%2e%2e/%2e%2e/etc', '..%5c..%5cx', 'a/../../b', '%00'),
        ),
        counted(([p]: [string]) => {
          const full = confinedPath(root, p);
          report.check(full === undefined || full.startsWith(root + path.sep), `“${p}” → ${full}`);
        }) as never,
      ),
      params(),
    );
  });
});

describe('fuzzing every IPC input', () => {
  it('dispatch answers {ok, value} or {ok: false, error} for arbitrary JSON on every channel', async () => {
    const proc = watchProcess();
    const channel = fc.oneof(fc.constantFrom(...CHANNELS), fc.string());
    // Inputs shaped like each channel's (its keys, arbitrary values), and anything at all.
    const keys = CHANNELS.flatMap((c) => {
      const shape = (contract[c].input as unknown as { shape?: Record<string, unknown> }).shape;
      return shape ? Object.keys(shape) : [];
    });
    const input = fc.oneof(
      json.value,
      fc.dictionary(
        fc.constantFrom(...new Set([...keys, 'kind', 'op', 'path', 'key'])),
        json.value,
        { maxKeys: 5 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        channel,
        input,
        counted(async ([name, value]: [string, unknown]) => {
          // A fuzzed folder or key must not touch the machine's disk or the test's own key.
          if (
            name === 'ops:run' ||
            name === 'keys:set' ||
            name === 'keys:remove' ||
            name === 'settings:set'
          ) {
            const result = await dispatch(services.handlers, name, null);
            report.check(
              !result.ok && IpcErrorSchema.safeParse(result.error).success,
              `${name}(null) → ${JSON.stringify(result)}`,
            );
            return;
          }
          let result: unknown;
          try {
            result = await dispatch(services.handlers, name, value);
          } catch (error) {
            report.check(false, `dispatch(${name}) threw ${String(error)}`);
            return;
          }
          const r = result as { ok?: unknown; value?: unknown; error?: unknown };
          report.check(
            (r.ok === true && 'value' in r) ||
              (r.ok === false && IpcErrorSchema.safeParse(r.error).success),
            `dispatch(${name}, ${JSON.stringify(value)?.slice(0, 80)}) → ${JSON.stringify(result)?.slice(0, 120)}`,
          );
        }) as never,
      ),
      params(),
    );
    await new Promise((r) => setTimeout(r, 100));
    report.check(proc.count() === 0, `unhandled: ${proc.seen.map(String).join('; ')}`);
    proc.stop();
    expect(report.figures.violations).toEqual([]);
  });
});
