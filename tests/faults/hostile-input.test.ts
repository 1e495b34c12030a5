/**
 * 5. Hostile user input: every entry of the catalogue (bad-inputs.ts) goes through the real
 * `dispatch` and handlers, or the renderer's own photo check, and must come back as a sentence
 * that says what to fix (no zod wording, no status code), with no request sent to the service
 * (the scheduler's history and the wire unchanged).
 */
import { mkdir, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPhoto } from '../../shared/api/rules';
import { dispatch } from '../../shared/ipc/dispatch';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { createServices, type Services } from '../../electron/core/services';
import { testPorts } from '../../electron/core/testing/harness';
import { BAD_INPUTS, type BadContext, type BadFiles } from './bad-inputs';
import { FaultReport } from './figures';
import { scratch } from '../../electron/core/testing/chaos-run';
import { watchProcess } from './net';

const KEY = 'sk-faults-input-0001';
const report = new FaultReport('5 hostile user input');
let work: string;
let sandbox: Sandbox;
let services: Services;
let sent = 0;
let context: BadContext;

/** CRC-32 of PNG chunks. */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
/** A valid PNG header that claims `w`×`h` pixels, with a few bytes of image data. */
function claimedPng(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', new Uint8Array()),
  ]);
}

async function badFiles(dir: string): Promise<BadFiles> {
  const file = async (name: string, bytes: Uint8Array | string) => {
    const p = path.join(dir, name);
    await writeFile(p, bytes);
    return p;
  };
  const oversize = await file('big.png', claimedPng(800, 600));
  await truncate(oversize, 21 * 1024 * 1024);
  const folder = path.join(dir, 'a-folder.png');
  await mkdir(folder);
  return {
    exe: await file(
      'photo.png',
      Buffer.from('MZ\u0090\u0000 This program cannot be run in DOS mode.'),
    ),
    empty: await file('empty.jpg', new Uint8Array()),
    bomb: await file('bomb.png', claimedPng(100_000, 100_000)),
    speck: await file(
      'speck.png',
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    ),
    gif: await file(
      'spinner.gif',
      Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
    ),
    svg: await file(
      'vector.png',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ),
    damaged: await file(
      'damaged.png',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(200, 0x41),
      ]),
    ),
    oversize,
    folder,
  };
}

beforeAll(async () => {
  work = await scratch('kiln-faults-input-');
  sandbox = createSandbox({ keys: [KEY], taskSeconds: 0, seedModels: 1 });
  await sandbox.ready();
  const counting: typeof fetch = async (input, init) => {
    sent++;
    return sandbox.fetch(new Request(input as string | URL, init));
  };
  const { ports } = testPorts({
    dataDir: path.join(work, 'data'),
    baseUrl: 'http://sandbox.test',
    key: KEY,
    fetch: counting,
  });
  services = await createServices(ports, { keepHistory: true });
  const good = path.join(work, 'good.png');
  await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c08040' } })
    .png()
    .toFile(good);
  const listed = await sandbox.handle(
    new Request('http://sandbox.test/library', { headers: { authorization: `Bearer ${KEY}` } }),
  );
  const model = ((await listed.json()) as { items: Array<{ model_id: string }> }).items[0]!
    .model_id;
  context = {
    photo: (await services.files.stagePath(good)).id,
    model,
    files: await badFiles(work),
  };
  // Let start-up reads (balance, prices) finish, so only what the catalogue causes is counted.
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(async () => {
  services?.close();
  await sandbox?.close();
  await rm(work, { recursive: true, force: true });
  report.save();
});

/** zod's and HTTP's words, which must never reach the user. */
const DUMP =
  /Invalid input|expected \w+, received|Too (small|big):|>=|<=|\b(HTTP|status) [45]\d\d\b|ZodError|\[object|undefined/;

describe('hostile user input', () => {
  it(`refuses all ${BAD_INPUTS.length} bad inputs with a sentence that says what to fix, and sends nothing`, async () => {
    const proc = watchProcess();
    const where = new Set<string>();
    for (const bad of BAD_INPUTS) {
      const before = { history: services.scheduler.history.length, sent };
      const input = bad.input(context);
      let message: string;
      let field: string | undefined;
      if (bad.via === 'checkPhoto') {
        const result = checkPhoto(input as Parameters<typeof checkPhoto>[0]);
        report.check(!result.ok, `${bad.name}: accepted by checkPhoto`);
        message = result.ok ? '' : result.message;
      } else {
        const channel = bad.via === 'unknown-channel' ? 'fs:delete' : bad.via;
        const result = await dispatch(services.handlers, channel, input);
        report.check(!result.ok, `${bad.name} (${bad.where}): accepted`);
        message = result.ok ? '' : result.error.message;
        field = result.ok ? undefined : result.error.field;
      }
      report.check(
        bad.says.test(message),
        `${bad.name} (${bad.where}): “${message}” does not match ${bad.says}`,
      );
      report.check(!DUMP.test(message), `${bad.name}: “${message}” reads like a dump`);
      report.check(/[.!]$/.test(message), `${bad.name}: “${message}” is not a sentence`);
      if (bad.field)
        report.check(field === bad.field, `${bad.name}: field ${field}, expected ${bad.field}`);
      report.check(
        services.scheduler.history.length === before.history && sent === before.sent,
        `${bad.name}: a request was sent`,
      );
      where.add(bad.via);
      report.figures.badInputs++;
    }
    report.check(proc.count() === 0, `unhandled: ${proc.seen.map(String).join('; ')}`);
    proc.stop();
    // A job list with none of them in it: nothing was started.
    report.check(services.jobs.list().length === 0, `${services.jobs.list().length} jobs started`);
    report.figures.operations = BAD_INPUTS.length;
    report.note(
      `${BAD_INPUTS.length} bad inputs over ${where.size} channels and drop zones; 0 requests sent`,
    );
    expect(report.figures.violations).toEqual([]);
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(40);
  });
});
