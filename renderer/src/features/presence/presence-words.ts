/**
 * Kiln's presence in the artist's words: the window title naming what is open, and the header's
 * line about the models being made ("1 model generating").
 */
import { plural, t } from '@lingui/core/macro';
import type { JobView } from '../../../../shared/ipc/contract';
import { isMoving } from '../../../../shared/jobs';
import { isStageable } from './stage-logic';

/** The app's name, last in the title as desktop apps put it. */
const APP = 'Kiln';

/** "coffee · v2 Retexture — Kiln"; "Kiln" when nothing is open. */
export function windowTitle(open: string | undefined): string {
  return open ? `${open} — ${APP}` : APP;
}

/**
 * What the header says of Kiln's generations: "1 model generating", "2 models generating · 3
 * waiting", "Nothing generating".
 */
export function generatingWords(jobs: readonly Pick<JobView, 'kind' | 'state'>[]): string {
  let generating = 0;
  let waiting = 0;
  for (const job of jobs) {
    if (!isStageable(job) || !isMoving(job.state)) continue;
    if (job.state === 'waiting') waiting++;
    else generating++;
  }
  if (generating === 0 && waiting === 0) return t`Nothing generating`;
  if (generating === 0)
    return plural(waiting, { one: '# model waiting', other: '# models waiting' });
  const running = plural(generating, { one: '# model generating', other: '# models generating' });
  return waiting ? t`${running} · ${waiting} waiting` : running;
}
