/**
 * Reading V8 CPU profiles (CDP `Profiler`): where the main thread spent a window of time, by
 * function, with self and total time, so a miss in the table can be traced to code.
 */
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

/** A V8 CPU profile (CDP `Profiler.stop`), as DevTools opens it. */
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** One function's share of a profile. */
export interface FunctionCost {
  readonly name: string;
  readonly where: string;
  readonly selfMs: number;
  readonly totalMs: number;
}

/** Starts sampling the page's main thread (100 µs interval). */
export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

/** Stops sampling; returns the raw profile (save it as `.cpuprofile` for DevTools). */
export async function stopProfile(cdp: CDPSession): Promise<Profile> {
  const { profile } = await cdp.send('Profiler.stop');
  return profile as Profile;
}

function label(node: ProfileNode): { name: string; where: string } {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url.replace(/^.*\/(assets|node_modules|src)\//, '$1/').replace(/\?.*$/, '');
  return {
    name: functionName || '(anonymous)',
    where: url ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : '',
  };
}

/** Self and total time per function (a function's recursive frames counted once in total). */
export function summarize(profile: Profile): FunctionCost[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const dt = deltas[i + 1] ?? 0;
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + dt);
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const where = new Map<string, string>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const l = label(node);
    const key = `${l.name} ${l.where}`;
    where.set(key, l.where);
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cl = label(byId.get(cur)!);
      const ck = `${cl.name} ${cl.where}`;
      if (seen.has(ck)) continue;
      seen.add(ck);
      where.set(ck, cl.where);
      total.set(ck, (total.get(ck) ?? 0) + us);
    }
  }
  return [...total.keys()].map((key) => ({
    name: key.split(' ')[0]!,
    where: where.get(key) ?? '',
    selfMs: (self.get(key) ?? 0) / 1000,
    totalMs: (total.get(key) ?? 0) / 1000,
  }));
}

/** The top `n` functions by self time and by total time, as text. */
export function topFunctions(costs: readonly FunctionCost[], n = 25): string {
  const fmt = (c: FunctionCost) =>
    `${c.selfMs.toFixed(1).padStart(8)} ${c.totalMs.toFixed(1).padStart(8)}  ${c.name}  ${c.where}`;
  const head = `  self ms  total ms  function  where`;
  const skip = /^\((root|program|idle)\)$/;
  const bySelf = [...costs].filter((c) => !skip.test(c.name)).sort((a, b) => b.selfMs - a.selfMs);
  const byTotal = [...costs]
    .filter((c) => !skip.test(c.name))
    .sort((a, b) => b.totalMs - a.totalMs);
  return [
    'by self time:',
    head,
    ...bySelf.slice(0, n).map(fmt),
    '',
    'by total time:',
    head,
    ...byTotal.slice(0, n).map(fmt),
  ].join('\n');
}
