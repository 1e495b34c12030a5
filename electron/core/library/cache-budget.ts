/**
 * The eviction rule of the model cache, kept pure so it can be tested on its own: least recently
 * used models go first, until the files still referenced fit the limit. Files are content
 * addressed and may be shared by several models, so a file's bytes count once and a file is
 * freed only when no kept model uses it.
 */

/** What the rule needs of a cache entry. */
export interface BudgetEntry {
  readonly modelId: string;
  readonly file: string;
  readonly bytes: number;
  /** When the model was last opened (ms); older goes first. */
  readonly usedAt?: number;
}

/** Bytes on disk of the entries: each distinct file once. */
export function diskBytes(entries: Iterable<BudgetEntry>): number {
  const files = new Map<string, number>();
  for (const e of entries) files.set(e.file, e.bytes);
  let total = 0;
  for (const bytes of files.values()) total += bytes;
  return total;
}

/**
 * The model ids to drop so that the remaining entries use at most `limitBytes`, oldest use first.
 * `keep` (the model just opened) is never dropped, even when it alone is over the limit.
 */
export function pickEvictions(
  entries: readonly BudgetEntry[],
  limitBytes: number,
  keep?: string,
): string[] {
  const order = [...entries].sort(
    (a, b) => (a.usedAt ?? 0) - (b.usedAt ?? 0) || (a.modelId < b.modelId ? -1 : 1),
  );
  const users = new Map<string, number>();
  for (const e of entries) users.set(e.file, (users.get(e.file) ?? 0) + 1);
  let total = diskBytes(entries);
  const dropped: string[] = [];
  for (const e of order) {
    if (total <= limitBytes) break;
    if (e.modelId === keep) continue;
    dropped.push(e.modelId);
    const left = users.get(e.file)! - 1;
    users.set(e.file, left);
    if (left === 0) total -= e.bytes;
  }
  return dropped;
}
