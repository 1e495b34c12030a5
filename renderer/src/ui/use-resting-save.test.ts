import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REST_BEFORE_SAVE_MS, restingSave } from './use-resting-save';

describe('restingSave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a drag of changes once, merged (later keys win), after they rest', () => {
    const saved: Array<Record<string, number>> = [];
    const saver = restingSave<Record<string, number>>((m) => saved.push(m));
    for (let v = 0; v <= 10; v++) {
      saver.push({ exposure: v });
      vi.advanceTimersByTime(REST_BEFORE_SAVE_MS - 1);
    }
    saver.push({ fov: 40 });
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(REST_BEFORE_SAVE_MS);
    expect(saved).toEqual([{ exposure: 10, fov: 40 }]);
    // Nothing waits any more: no second save.
    vi.advanceTimersByTime(REST_BEFORE_SAVE_MS * 3);
    expect(saved).toHaveLength(1);
  });

  it('saves what waits at once when flushed (the panel closes), and only once', () => {
    const saved: Array<Record<string, string>> = [];
    const saver = restingSave<Record<string, string>>((m) => saved.push(m), 1000);
    saver.push({ environment: 'studio' });
    saver.flush();
    expect(saved).toEqual([{ environment: 'studio' }]);
    vi.advanceTimersByTime(2000);
    saver.flush();
    expect(saved).toHaveLength(1);
  });
});
