/**
 * A {@link FakeClock} that also knows when its next timer is due, so a test driver can jump
 * straight to the next thing that will happen instead of creeping forward in fixed steps.
 */
import { FakeClock } from './fake-clock';

/** A fake clock that reports its next due time. */
export class StepClock extends FakeClock {
  readonly #due = new Map<unknown, number>();

  override setTimeout(fn: () => void, ms: number): unknown {
    const handle: unknown = super.setTimeout(() => {
      this.#due.delete(handle);
      fn();
    }, ms);
    this.#due.set(handle, this.now() + Math.max(0, ms));
    return handle;
  }

  override clearTimeout(handle: unknown): void {
    this.#due.delete(handle);
    super.clearTimeout(handle);
  }

  /** When the next timer fires, or undefined when none is set. */
  nextDue(): number | undefined {
    let next: number | undefined;
    for (const at of this.#due.values()) if (next === undefined || at < next) next = at;
    return next;
  }
}
