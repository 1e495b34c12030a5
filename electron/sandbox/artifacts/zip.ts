/**
 * Zip archives that are byte-stable: the same files give the same bytes on every run and
 * machine. fflate stamps entries with the current time unless told otherwise, so every entry
 * gets one fixed modification time (built from local fields, which is how zip stores it).
 */
import { zipSync, type Zippable } from 'fflate';

/** The modification time written into every entry: 2000-01-01 00:00. */
const FIXED_MTIME = new Date(2000, 0, 1, 0, 0, 0);

/** A deflated zip of `files`, in the order given, with fixed entry times. */
export function stableZip(files: Record<string, Uint8Array>, level: 0 | 6 | 9 = 6): Uint8Array {
  const entries: Zippable = {};
  for (const [name, data] of Object.entries(files))
    entries[name] = [data, { level, mtime: FIXED_MTIME }];
  return zipSync(entries, { level, mtime: FIXED_MTIME });
}
