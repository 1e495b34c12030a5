/**
 * Jobs on the desktop: the taskbar/dock progress bar while jobs run (and the running count as the
 * dock badge on macOS), and an OS notification when jobs finish while Kiln is in the background;
 * clicking it brings Kiln forward and opens the model. The rules live in the core
 * (`taskbar-progress.ts`, `job-notices.ts`); this file only applies them to Electron.
 */
import { app, Notification, type BrowserWindow } from 'electron';
import type { JobView } from '../../shared/ipc/contract';
import { JobNotices } from '../core/desktop/job-notices';
import { taskbarState } from '../core/desktop/taskbar-progress';
import type { Say } from '../core/i18n/main-language';
import type { Clock } from '../core/ports';

/** Options of {@link createJobDesktop}. */
export type JobDesktopOptions = Readonly<{
  window: BrowserWindow;
  clock: Clock;
  platform: NodeJS.Platform;
  /** The jobs Kiln already has at start. */
  initial: readonly JobView[];
  /** Brings the window forward and opens a model (a clicked notice). */
  open: (modelId: string | undefined) => void;
  /** The notices' words in the user's language. */
  say: Say;
}>;

/** What the main process feeds with job updates. */
export interface JobDesktop {
  observe(job: JobView): void;
  close(): void;
}

/** Wires job updates to the taskbar, the dock badge and notifications. */
export function createJobDesktop(o: JobDesktopOptions): JobDesktop {
  const jobs = new Map(o.initial.map((j) => [j.id, j]));
  const shown = new Set<Notification>();
  let last = { progress: NaN, running: NaN };
  const notices = new JobNotices({
    clock: o.clock,
    focused: () => !o.window.isDestroyed() && o.window.isFocused(),
    say: o.say,
    notify: (notice) => {
      if (!Notification.isSupported()) return;
      const note = new Notification({ title: notice.title, body: notice.body, silent: false });
      // Kept referenced until clicked or closed, or the click is lost to garbage collection.
      shown.add(note);
      note.on('click', () => {
        shown.delete(note);
        o.open(notice.modelId);
      });
      note.on('close', () => shown.delete(note));
      note.show();
    },
  });
  notices.seed(o.initial);

  const paint = () => {
    if (o.window.isDestroyed()) return;
    const next = taskbarState(jobs.values());
    if (next.progress !== last.progress) o.window.setProgressBar(next.progress);
    if (o.platform === 'darwin' && next.running !== last.running) app.setBadgeCount(next.running);
    last = next;
  };
  paint();

  return {
    observe(job) {
      jobs.set(job.id, job);
      notices.observe(job);
      paint();
    },
    close() {
      notices.close();
    },
  };
}
