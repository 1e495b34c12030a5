/**
 * The jobs journal across versions: a version-2 file (a generation kept its options, and each
 * send rebuilt its call from them) is read as the current version, each generation now keeping
 * the call it sends, and nothing about whether a paid call may have left is lost.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_TIERS, TEXTURE_FORMATS, TEXTURE_SIZES } from '../../../shared/api/rules';
import { generationCall, type GenerationRequest } from '../api/query';
import type { Logger } from '../ports';
import { JobJournal, migrateJobJournal } from './job-journal';
import { JobRecordSchema, type JobRecord } from './job-record';

const ORIGIN = 'http://127.0.0.1:1';

const logger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (message) => {
    throw new Error(`unexpected error log: ${message}`);
  },
};

const photo = { path: '/photos/cup.png', name: 'cup.png', type: 'image/png' };

/** The fields every version-2 record had beside its view and input. */
function v2Record(
  id: string,
  state: string,
  input: Record<string, unknown>,
  operation: string,
  dispatched: boolean,
) {
  return {
    // An operation's job is shown as its tool (`rig`), a generation as its kind.
    view: {
      id,
      kind: isRecord(input.op) ? input.op.kind : input.kind,
      source: id,
      state,
      createdAt: 1,
    },
    input,
    origin: ORIGIN,
    mode: 'sandbox',
    operation,
    paid: true,
    dispatched,
    answered: state !== 'waiting' && state !== 'starting',
    retryable: false,
    reasks: 0,
  };
}

/** A journal as version 2 wrote it: one job of every kind, at different steps. */
const versionTwo = {
  version: 2,
  jobs: [
    v2Record(
      'waiting-photo',
      'waiting',
      { kind: 'photo', tier: 'fast', file: photo, options: { polyCount: 20_000, seed: 7 } },
      'generate.photo.fast',
      false,
    ),
    v2Record(
      'sent-multi',
      'starting',
      {
        kind: 'multi',
        tier: 'quality',
        files: [photo, { ...photo, name: 'side.png' }],
        options: { textureSize: 2048, remesh: false },
      },
      'generate.multi.quality',
      true,
    ),
    v2Record(
      'running-text',
      'processing',
      { kind: 'text', tier: 'ultra', conceptId: 'concept-1', options: { textureFormat: 'png' } },
      'generate.text.ultra',
      true,
    ),
    v2Record(
      'done-retexture',
      'done',
      { kind: 'retexture', modelId: 'm-1', file: photo, textureSize: 1024, seed: 3 },
      'retexture',
      true,
    ),
    v2Record(
      'op',
      'waiting',
      {
        kind: 'op',
        op: { kind: 'rig', rigKind: 'generic' },
        call: {
          modelId: 'm-1',
          path: '/model/m-1/rig',
          query: { kind: 'generic' },
          operation: 'rig',
        },
        folder: '/out',
      },
      'rig',
      false,
    ),
  ],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function journalWith(json: unknown): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kiln-jobs-'));
  const file = path.join(dir, 'jobs.json');
  await writeFile(file, JSON.stringify(json));
  return { dir, file };
}

describe('JobJournal', () => {
  it('reads a version 2 file: each generation keeps the call version 2 would have sent, and writes version 3', async () => {
    const { dir, file } = await journalWith(versionTwo);
    const journal = new JobJournal(dir, logger);
    const jobs = await journal.load(ORIGIN);
    const byId = new Map(jobs.map((j) => [j.view.id, j]));
    expect([...byId.keys()]).toEqual([
      'waiting-photo',
      'sent-multi',
      'running-text',
      'done-retexture',
      'op',
    ]);

    expect(byId.get('waiting-photo')!.input).toEqual({
      kind: 'photo',
      tier: 'fast',
      file: photo,
      call: {
        path: '/generate/cloud/fast',
        query: { poly_count: '20000', seed: '7' },
        operation: 'generate.photo.fast',
        form: 'file',
      },
    });
    expect(byId.get('sent-multi')!.input).toMatchObject({
      call: {
        path: '/generate/cloud/multi',
        query: { remesh: 'false', texture_size: '2048' },
        operation: 'generate.multi.quality',
        form: 'files',
      },
    });
    expect(byId.get('running-text')!.input).toEqual({
      kind: 'text',
      tier: 'ultra',
      call: {
        path: '/generate/text',
        query: {},
        operation: 'generate.text.ultra',
        body: { concept_id: 'concept-1', mode: 'ultra', texture_format: 'png' },
      },
    });
    expect(byId.get('done-retexture')!.input).toEqual({
      kind: 'retexture',
      file: photo,
      call: {
        path: '/generate/retexture',
        query: { model_id: 'm-1', seed: '3', texture_size: '1024' },
        operation: 'retexture',
        form: 'file',
      },
    });
    // Whether a paid call may have left is kept as it was: a sent start is never sent again.
    expect(jobs.map((j) => [j.view.state, j.dispatched])).toEqual([
      ['waiting', false],
      ['starting', true],
      ['processing', true],
      ['done', true],
      ['waiting', false],
    ]);
    // A post-processing job already kept its call: unchanged.
    expect(byId.get('op')!.input).toEqual(versionTwo.jobs[4]!.input);

    await journal.save(jobs);
    const written = JSON.parse(await readFile(file, 'utf8')) as { version: number };
    expect(written.version).toBe(3);
    expect(await new JobJournal(dir, logger).load(ORIGIN)).toEqual(jobs);
  });

  it('keeps a job whose note an older Kiln wrote as an English sentence, without the note', async () => {
    const [first, ...rest] = versionTwo.jobs;
    const { dir } = await journalWith({
      ...versionTwo,
      jobs: [{ ...first!, view: { ...first!.view, note: 'Waiting for a free slot' } }, ...rest],
    });
    const jobs = await new JobJournal(dir, logger).load(ORIGIN);
    expect(jobs.map((j) => j.view.id)).toContain('waiting-photo');
    // Notes are words of a catalog now, shown in the artist's language: a sentence is dropped.
    expect(jobs.find((j) => j.view.id === 'waiting-photo')!.view.note).toBeUndefined();
  });

  it('reads a version 1 file (photo jobs only) as photo jobs with their call', async () => {
    const { dir } = await journalWith({
      version: 1,
      jobs: [{ id: 'j1', tier: 'quality', source: 'cup.png', state: 'starting', createdAt: 1 }],
    });
    const [job] = await new JobJournal(dir, logger).load(ORIGIN);
    expect(job).toMatchObject({
      input: { kind: 'photo', call: { path: '/generate/cloud', query: {}, form: 'file' } },
      operation: 'generate.photo.quality',
      dispatched: true,
    });
  });

  it('keeps aside a version 2 file whose options no longer pass, never guessing a call', async () => {
    const broken = {
      version: 2,
      jobs: [
        v2Record(
          'bad',
          'waiting',
          { kind: 'photo', tier: 'fast', file: photo, options: { polyCount: 5 } },
          'generate.photo.fast',
          false,
        ),
      ],
    };
    const { dir } = await journalWith(broken);
    const errors: string[] = [];
    const journal = new JobJournal(dir, { ...logger, error: (m) => errors.push(m) });
    expect(await journal.load(ORIGIN)).toEqual([]);
    expect(errors).toEqual(['jobs journal unreadable; kept aside']);
  });
});

/** Generation options as version 2 journaled them (checked by the IPC contract's ranges). */
const optionsArb = fc.record(
  {
    polyCount: fc.integer({ min: 10_000, max: 1_000_000 }),
    remesh: fc.boolean(),
    textureSize: fc.constantFrom(...TEXTURE_SIZES),
    textureFormat: fc.constantFrom(...TEXTURE_FORMATS),
    seed: fc.nat(),
  },
  { requiredKeys: [] },
);

/** A version-2 generation input and the request it stood for. */
const v2InputArb = fc.oneof(
  fc
    .record({
      kind: fc.constantFrom('photo' as const, 'multi' as const),
      tier: fc.constantFrom(...MODEL_TIERS),
      options: optionsArb,
    })
    .map(({ kind, tier, options }) => ({
      input: {
        kind,
        tier,
        ...(kind === 'photo' ? { file: photo } : { files: [photo, photo] }),
        options,
      },
      request: { kind, tier, options } as GenerationRequest,
    })),
  fc
    .record({ tier: fc.constantFrom(...MODEL_TIERS), conceptId: fc.uuid(), options: optionsArb })
    .map(({ tier, conceptId, options }) => ({
      input: { kind: 'text', tier, conceptId, options },
      request: { kind: 'text', conceptId, tier, options } as GenerationRequest,
    })),
  fc
    .record(
      { textureSize: fc.constantFrom(...TEXTURE_SIZES), seed: fc.nat() },
      { requiredKeys: [] },
    )
    .map((options) => ({
      input: { kind: 'retexture', modelId: 'm-1', file: photo, ...options },
      request: { kind: 'retexture', modelId: 'm-1', options } as GenerationRequest,
    })),
);

const stepArb = fc.constantFrom(
  ['waiting', false] as const,
  ['starting', false] as const,
  ['starting', true] as const,
  ['queued', true] as const,
  ['outcome_unknown', true] as const,
  ['done', true] as const,
);

describe('migrating a version 2 journal (property)', () => {
  it('every generation keeps exactly the call its options build, and its step (sent or not) as it was', () => {
    fc.assert(
      fc.property(v2InputArb, stepArb, ({ input, request }, [state, dispatched]) => {
        const old = v2Record('j', state, input, 'op-id', dispatched);
        const migrated = migrateJobJournal({ version: 2, jobs: [old] }) as {
          version: number;
          jobs: unknown[];
        };
        expect(migrated.version).toBe(3);
        const record = JobRecordSchema.parse(migrated.jobs[0]);
        const call = generationCall(request);
        expect((record.input as Extract<JobRecord['input'], { kind: 'photo' }>).call).toEqual(call);
        // No option is kept beside the call: the call is the one home of what is sent.
        expect(Object.keys(record.input)).not.toContain('options');
        expect(record.dispatched).toBe(dispatched);
        expect(record.view.state).toBe(state);
        // The current version is read back as it was written.
        expect(JobRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record);
      }),
    );
  });

  it('a journal already at version 3, or of any other shape, is left as it is', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const isV2 =
          typeof json === 'object' &&
          json !== null &&
          !Array.isArray(json) &&
          (json as Record<string, unknown>).version === 2 &&
          Array.isArray((json as Record<string, unknown>).jobs);
        if (!isV2) expect(migrateJobJournal(json)).toBe(json);
      }),
    );
  });
});
