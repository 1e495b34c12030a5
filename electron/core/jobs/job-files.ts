/**
 * A job's result saved where the user chose, by the rule every runner follows: the temporary file
 * and then the claimed final name are journaled as they happen (`files/save-result.ts`), so a
 * restart at any point either adopts the file already saved or starts the save over, and never
 * leaves a result saved twice.
 */
import { rm, stat } from 'node:fs/promises';
import { findSavedTwin, saveResult, type Saved } from '../files/save-result';
import type { Clock } from '../ports';
import { isMoving } from '../../../shared/jobs';
import { type JobRecord } from './job-record';
import type { RecordPatch } from './job-store';

/** How a runner journals the steps of a save. */
export type SaveJournal = Readonly<{
  update: (id: string, patch: RecordPatch) => Promise<unknown>;
  clock: Clock;
  /** The runner is closing: no name is claimed from then on (see `saveResult`). */
  signal: AbortSignal;
}>;

/** Saves `response` for job `id` in `folder` under `fileName` (made free), journaling each step. */
export function saveJobResult(
  j: SaveJournal,
  id: string,
  o: Readonly<{ response: Response; folder: string; fileName: string }>,
): Promise<Saved> {
  return saveResult({
    ...o,
    clock: j.clock,
    onPartial: async (partial) => {
      await j.update(id, { partial });
    },
    onClaimed: async (claimed) => {
      await j.update(id, { claimed });
    },
    signal: j.signal,
  });
}

/**
 * After a restart, a job whose save was under way: the file an earlier run already saved under
 * its final name (the job is then done), else undefined with the temporary file removed and the
 * journal cleared, so the save starts over.
 */
export async function recoverSave(
  record: JobRecord,
  update: (id: string, patch: RecordPatch) => Promise<unknown>,
): Promise<string | undefined> {
  if (!record.partial && !record.claimed) return undefined;
  // Killed after the result got its final name but before the journal said "done": adopt the
  // saved file rather than save it a second time.
  const saved = isMoving(record.view.state) ? await alreadySaved(record) : undefined;
  if (record.partial) await rm(record.partial, { force: true });
  if (!saved) await update(record.view.id, { partial: undefined, claimed: undefined });
  return saved;
}

/**
 * Where an earlier run already saved this job's result, if it did: the name it journaled as
 * claimed (when that file is still there), else the final twin of its temporary file.
 */
async function alreadySaved(record: JobRecord): Promise<string | undefined> {
  if (record.claimed && (await stat(record.claimed).catch(() => undefined))?.isFile()) {
    return record.claimed;
  }
  return record.partial ? findSavedTwin(record.partial) : undefined;
}
