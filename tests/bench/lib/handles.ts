/**
 * What keeps this Node process alive, in words: the bench names it when a run does not end by
 * itself (a timer, a socket or a child process a bench left open).
 */

/** Active handles and requests by kind, e.g. "Timeout ×1, TCPSocketWrap ×2"; "nothing" if none. */
export function describeHandles(
  resources: readonly string[] = process.getActiveResourcesInfo(),
): string {
  const counts = new Map<string, number>();
  for (const kind of resources) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts.size === 0 ? 'nothing' : [...counts].map(([kind, n]) => `${kind} ×${n}`).join(', ');
}
