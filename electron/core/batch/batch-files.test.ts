import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCsv, claimCsv, describeParameters, itemFolders, netCost } from './batch-files';
import type { BatchRecord } from './batch-journal';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-batch-files-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('batch files', () => {
  it('gives each model a safe folder of its own, numbering names that collide (case too)', () => {
    const folders = itemFolders('/out', [
      { modelId: 'a', name: 'Chair' },
      { modelId: 'b', name: 'chair' },
      { modelId: 'c', name: 'Chair' },
      { modelId: 'd', name: '../../etc/passwd' },
      { modelId: 'e', name: 'CON' },
      { modelId: 'f', name: '   ' },
      { modelId: 'g', name: 'a/b:c*?' },
    ]);
    expect(folders.map((f) => path.relative('/out', f))).toEqual([
      'Chair',
      'chair (2)',
      'Chair (3)',
      'passwd',
      '_CON',
      'f',
      'b_c__',
    ]);
    for (const f of folders) expect(path.dirname(f)).toBe('/out');
  });

  it('claims batch.csv, or the next free name when an earlier batch left one', async () => {
    const folder = path.join(dir, 'claims');
    expect(path.basename(await claimCsv(folder))).toBe('batch.csv');
    expect(path.basename(await claimCsv(folder))).toBe('batch (2).csv');
    await writeFile(path.join(folder, 'batch (3).csv'), 'someone else’s');
    expect(path.basename(await claimCsv(folder))).toBe('batch (4).csv');
    expect((await readdir(folder)).sort()).toEqual([
      'batch (2).csv',
      'batch (3).csv',
      'batch (4).csv',
      'batch.csv',
    ]);
  });

  it('writes the CSV with exact costs, quoted fields and defused formulas', () => {
    const batch: BatchRecord = {
      id: 'b1',
      createdAt: 0,
      origin: 'https://api.example.test',
      label: 'Print file (3mf)',
      op: { kind: 'print', lengthMm: 80, format: '3mf', colors: 4 },
      folder: '/out',
      csv: '/out/batch.csv',
      state: 'running',
      items: [
        {
          modelId: 'm1',
          name: 'Vase, "tall"',
          version: 2,
          folder: '/out/Vase',
          paid: true,
          state: 'done',
          file: '/out/Vase/vase.3mf',
          costUsd: '0.10',
        },
        {
          modelId: 'm2',
          name: '=cmd()',
          folder: '/out/_cmd',
          paid: true,
          state: 'failed',
          costUsd: '0.10',
          refundedUsd: '0.10',
          reason: 'the build failed',
        },
        { modelId: 'm3', name: 'Boot', folder: '/out/Boot', paid: false, state: 'pending' },
      ],
      leftOut: [{ modelId: 'w', name: 'Teapot', reason: 'made on the website' }],
    };
    expect(describeParameters(batch.op)).toBe('lengthMm=80; format=3mf; colors=4');
    expect(netCost(batch.items[1]!)).toBe('0.00');
    expect(batchCsv(batch).split('\r\n')).toEqual([
      'model,version,tool,parameters,file,cost_usd,outcome',
      '"Vase, ""tall""",2,Print file (3mf),lengthMm=80; format=3mf; colors=4,/out/Vase/vase.3mf,0.10,done',
      "'=cmd(),,Print file (3mf),lengthMm=80; format=3mf; colors=4,,0.00,failed: the build failed",
      'Boot,,Print file (3mf),lengthMm=80; format=3mf; colors=4,,,not finished',
      'Teapot,,Print file (3mf),lengthMm=80; format=3mf; colors=4,,,left out: made on the website',
      '',
    ]);
  });
});
