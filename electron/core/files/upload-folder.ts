/**
 * Photos the browser host's page uploads (a browser has no file paths) are copies kept in the
 * scratch folder only while a job may still send them. Electron stages the user's own files by
 * path and never copies them, so this concerns the host alone.
 *
 * A copy is kept while a journaled job that used it may still send it: it is waiting or running,
 * or it failed or was cancelled in a way the user may retry. Every other copy — a photo dropped
 * and never generated, a finished job's photo, what a crash left — is removed when the host
 * starts and when it stops (then no page holds a staged id any more).
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isMoving } from '../../../shared/jobs';
import { toView, type JobRecord } from '../jobs/job-record';

/** The files a job's input uploads. */
function uploadsOf(record: JobRecord): string[] {
  const input = record.input;
  switch (input.kind) {
    case 'photo':
    case 'retexture':
      return [input.file.path];
    case 'multi':
      return input.files.map((f) => f.path);
    default:
      return [];
  }
}

/**
 * Removes every file of `dir` that no job of `records` may still send; answers how many went.
 * Never throws: a file that cannot be removed now is tried again next time.
 */
export async function sweepUploads(dir: string, records: readonly JobRecord[]): Promise<number> {
  const needed = new Set(
    records
      .filter((r) => isMoving(r.view.state) || toView(r).canRetry)
      .flatMap(uploadsOf)
      .map((p) => path.resolve(p)),
  );
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.resolve(dir, name);
    if (needed.has(file)) continue;
    await rm(file, { force: true, recursive: true }).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
