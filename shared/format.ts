/**
 * Formatting of quantities for people: one home, so a size reads the same in the library,
 * the viewer, a photo card and an error sentence.
 */

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A byte count in words: bytes below 1 KB, then KB/MB/GB/TB, 1024-based, one decimal.
 * @example formatBytes(512) // '512 B'
 * @example formatBytes(1536) // '1.5 KB'
 * @example formatBytes(25 * 2 ** 20) // '25.0 MB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}
