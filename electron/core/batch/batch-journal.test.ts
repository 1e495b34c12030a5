/** The batches journal across versions: an old file is read, not set aside. */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../ports';
import { BatchJournal } from './batch-journal';

const logger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (message) => {
    throw new Error(`unexpected error log: ${message}`);
  },
};

/** A batch as version 1 wrote it: its second item's outcome unknown, called `unknown`. */
const versionOne = {
  version: 1,
  batches: [
    {
      id: 'b1',
      createdAt: 1,
      origin: 'http://127.0.0.1:1',
      mode: 'sandbox',
      label: 'Export (fbx)',
      op: { kind: 'export', format: 'fbx' },
      folder: '/out',
      csv: '/out/batch.csv',
      state: 'done',
      items: [
        { modelId: 'm1', name: 'Cup', folder: '/out/Cup', paid: false, state: 'done' },
        {
          modelId: 'm2',
          name: 'Mug',
          folder: '/out/Mug',
          paid: true,
          state: 'unknown',
          reason: 'Kiln could not learn whether it was sent',
        },
      ],
      leftOut: [],
    },
  ],
};

describe('BatchJournal', () => {
  it("reads a version 1 file, its `unknown` items now the job's `outcome_unknown`, and writes version 2", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kiln-batches-'));
    const file = path.join(dir, 'batches.json');
    await writeFile(file, JSON.stringify(versionOne));
    const journal = new BatchJournal(dir, logger);

    const batches = await journal.load();
    expect(batches.map((b) => b.items.map((i) => i.state))).toEqual([['done', 'outcome_unknown']]);
    expect(batches[0]!.items[1]!.reason).toBe('Kiln could not learn whether it was sent');

    await journal.save(() => batches);
    const written = JSON.parse(await readFile(file, 'utf8')) as typeof versionOne;
    expect(written.version).toBe(2);
    expect(written.batches[0]!.items[1]!.state).toBe('outcome_unknown');
    expect(await new BatchJournal(dir, logger).load()).toEqual(batches);
  });

  it('still sets aside a file it cannot read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kiln-batches-'));
    await writeFile(path.join(dir, 'batches.json'), '{"version":1,"batches":[{"id":3}]}');
    const errors: string[] = [];
    const journal = new BatchJournal(dir, { ...logger, error: (m) => errors.push(m) });
    expect(await journal.load()).toEqual([]);
    expect(errors).toEqual(['batches journal unreadable; kept aside']);
  });
});
