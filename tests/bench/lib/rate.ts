/** Requests in rolling minutes: what the service's limit (60 a minute per key) is measured by. */

/** The most of `times` (ms) within any 60 s, and when that minute starts. */
export function busiestMinute(times: readonly number[]): { count: number; from: number } {
  const sorted = [...times].sort((a, b) => a - b);
  let best = { count: 0, from: sorted[0] ?? 0 };
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 60_000) j++;
    if (i - j + 1 > best.count) best = { count: i - j + 1, from: sorted[j]! };
  }
  return best;
}

/** The most of `times` (ms) within any 60 s. */
export function maxPerMinute(times: readonly number[]): number {
  return busiestMinute(times).count;
}
