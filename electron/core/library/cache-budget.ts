/**
 * The eviction rule of the model cache, kept pure so it can be tested on its own: least recently
 * used models go first, until the files still referenced fit the limit. Files are content
 * addressed and may be shared by several models, so a file's bytes count once and a file is
 * freed only when no kept model uses it. A model may own a second file made from its own (its
 * compatible GLB, for drag-out): it is counted, and freed, with the model.
 */

/** A file of the cache and its size. */
export interface BudgetFile {
  readonly file: string;
  readonly bytes: number;
}

/** What the rule needs of a cache entry. */
export interface BudgetEntry extends BudgetFile {
  readonly modelId: string;
  /** When the model was last opened (ms); older goes first. */
  readonly usedAt?: number;
  /** A file made from the model's own and kept with it (its compatible GLB). */
  readonly derived?: BudgetFile;
}

/** Every file of an entry. */
export function filesOf(entry: BudgetEntry): BudgetFile[] {
  return entry.derived ? [entry, entry.derived] : [entry];
}

/** Bytes on disk of the entries: each distinct file once. */
export function diskBytes(entries: Iterable<BudgetEntry>): number {
  const files = new Map<string, number>();
  for (const e of entries) for (const f of filesOf(e)) files.set(f.file, f.bytes);
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
  for (const e of entries) {
    for (const f of filesOf(e)) users.set(f.file, (users.get(f.file) ?? 0) + 1);
  }
  let total = diskBytes(entries);
  const dropped: string[] = [];
  for (const e of order) {
    if (total <= limitBytes) break;
    if (e.modelId === keep) continue;
    dropped.push(e.modelId);
    for (const f of filesOf(e)) {
      const left = users.get(f.file)! - 1;
      users.set(f.file, left);
      if (left === 0) total -= f.bytes;
    }
  }
  return dropped;
}
