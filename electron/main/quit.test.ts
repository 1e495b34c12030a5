import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUIT_WAIT_MS, quitAfterClose } from './quit';

afterEach(() => vi.useRealTimers());

describe('quitAfterClose', () => {
  it('quits after a close that never ends, once the wait is over', async () => {
    vi.useFakeTimers();
    const handlers: Array<(event: { preventDefault: () => void }) => void> = [];
    const app = {
      on: vi.fn((_: string, h: (typeof handlers)[number]) => void handlers.push(h)),
      quit: vi.fn(),
    };
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    quitAfterClose(app as never, () => new Promise<void>(() => {}), logger);
    const held = { preventDefault: vi.fn() };
    handlers[0]!(held);
    expect(held.preventDefault).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(QUIT_WAIT_MS - 1);
    expect(app.quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalled();
    const second = { preventDefault: vi.fn() };
    handlers[0]!(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
  });
});
