/**
 * Notices the main process leaves for the page (the window crashed or hung and was reloaded):
 * kept until the page takes them, since the page that should show one may be the one that was
 * just reloaded and not listening yet.
 */
import type { AppNoticeView, EventPayload } from '../../../shared/ipc/contract';
import type { Clock } from '../ports';

/** Options of {@link AppNotices}. */
export type AppNoticesOptions = Readonly<{
  clock: Pick<Clock, 'now'>;
  emit: (payload: EventPayload<'app.notice'>) => void;
}>;

/** The notices waiting for the page. */
export class AppNotices {
  readonly #o: AppNoticesOptions;
  readonly #waiting: AppNoticeView[] = [];
  #next = 1;
  constructor(o: AppNoticesOptions) {
    this.#o = o;
  }

  /** Leaves a notice and tells the page one waits. */
  post(level: AppNoticeView['level'], message: string): void {
    this.#waiting.push({ id: String(this.#next++), level, message, at: this.#o.clock.now() });
    this.#o.emit({ pending: this.#waiting.length });
  }

  /** The waiting notices, oldest first; each is answered once. */
  take(): AppNoticeView[] {
    return this.#waiting.splice(0);
  }
}
