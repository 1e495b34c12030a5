/**
 * Where a batch's results go: one folder per model, `<folder>/<model name>`, with names made
 * safe and unique within the batch (two models called "Chair" get "Chair" and "Chair (2)"; the
 * file system may not tell case apart, so neither does this), and `batch.csv` beside them
 * (`batch (2).csv` when an earlier batch's is there), listing model, version, tool, parameters,
 * file, cost and outcome.
 */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { ToolOp } from '../../../shared/ipc/contract';
import { subUsd } from '../../../shared/money';
import { numbered, sanitizeFolderName } from '../files/filename';
import { csvText } from '../util/csv';
import type { BatchItemRecord, BatchRecord } from './batch-journal';

/** Each model's folder inside `folder`, in order, unique within the batch. */
export function itemFolders(
  folder: string,
  models: ReadonlyArray<Readonly<{ modelId: string; name: string }>>,
): string[] {
  const taken = new Set<string>();
  return models.map(({ modelId, name }) => {
    const safe = sanitizeFolderName(name, modelId);
    let n = 1;
    while (taken.has(numbered(safe, n).toLowerCase())) n++;
    const unique = numbered(safe, n);
    taken.add(unique.toLowerCase());
    return path.join(folder, unique);
  });
}

/**
 * Claims the batch's CSV name in `folder` (created if needed): `batch.csv`, else the first
 * `batch (n).csv` free. The empty file is created at once, so two batches never share one.
 */
export async function claimCsv(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  for (let n = 1; ; n++) {
    const file = path.join(folder, numbered('batch.csv', n));
    try {
      const handle = await open(file, 'wx');
      await handle.close();
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** The operation's parameters in words: `format=fbx; texture=2048`. */
export function describeParameters(op: ToolOp): string {
  return Object.entries(op)
    .filter(([key, value]) => key !== 'kind' && value !== undefined)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .join('; ');
}

const COLUMNS = ['model', 'version', 'tool', 'parameters', 'file', 'cost_usd', 'outcome'] as const;

function outcome(item: BatchItemRecord): string {
  const why = item.reason ? `: ${item.reason}` : '';
  switch (item.state) {
    case 'pending':
    case 'running':
      return 'not finished';
    case 'done':
      return 'done';
    default:
      return `${item.state}${why}`;
  }
}

/**
 * Net cost of an item: charged minus refunded, exact; `0.00` for a finished item nothing was
 * charged for (a free export), empty while it has not finished.
 */
export function netCost(item: Pick<BatchItemRecord, 'costUsd' | 'refundedUsd' | 'state'>): string {
  if (item.costUsd === undefined)
    return item.state === 'done' || item.state === 'failed' ? '0.00' : '';
  return item.refundedUsd ? subUsd(item.costUsd, item.refundedUsd) : item.costUsd;
}

/** The batch's CSV: one row per item, then the models left out before anything was sent. */
export function batchCsv(batch: BatchRecord): string {
  const tool = batch.label;
  const parameters = describeParameters(batch.op);
  return csvText([
    COLUMNS,
    ...batch.items.map((item) => [
      item.name,
      item.version !== undefined ? String(item.version) : '',
      tool,
      parameters,
      item.file ?? '',
      netCost(item),
      outcome(item),
    ]),
    ...batch.leftOut.map((m) => [m.name, '', tool, parameters, '', '', `left out: ${m.reason}`]),
  ]);
}
