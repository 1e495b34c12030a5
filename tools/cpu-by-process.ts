/**
 * Where a command's CPU goes, by kind of process: runs the command, reads every process's CPU
 * time from Linux's `/proc` once a second while it runs, and prints the CPU-seconds each kind
 * used (Chromium's GPU process, its page renderers, its browser process, Node, …) beside the wall
 * time. It counts the whole machine, so run it on a quiet one (README "Test" has its figures).
 *
 * ```sh
 * npx vite build
 * npx tsx tools/cpu-by-process.ts npx playwright test
 * ```
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The kind of a process from its command line: Chromium's `--type`, else browser, node, other. */
export function processKind(commandLine: string): string {
  const type = /--type=([a-z-]+)/.exec(commandLine)?.[1];
  if (type) return type;
  if (/chrom(e|ium)/.test(commandLine)) return 'browser';
  return /(^|\/)node(\0|\s|$)/.test(commandLine) ? 'node' : 'other';
}

/** Clock ticks per second in `/proc/<pid>/stat` (Linux's USER_HZ, 100 on every architecture). */
const TICKS_PER_SECOND = 100;

/**
 * A process's start time (with its pid, it names one process even once the pid is reused) and
 * the CPU-seconds it has used so far, from `/proc/<pid>/stat`.
 */
function readStat(stat: string): { started: string; cpu: number } {
  // Fields after the command's closing parenthesis: utime, stime and starttime are the 12th,
  // 13th and 20th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    started: fields[19]!,
    cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

/** Adds to `totals` what each process used since `seen` last read it. */
function sample(seen: Map<string, { kind: string; cpu: number }>, totals: Map<string, number>) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const { started, cpu } = readStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const key = `${pid}:${started}`;
      const known = seen.get(key) ?? {
        kind: processKind(readFileSync(`/proc/${pid}/cmdline`, 'utf8')),
        cpu: 0,
      };
      totals.set(known.kind, (totals.get(known.kind) ?? 0) + cpu - known.cpu);
      seen.set(key, { kind: known.kind, cpu });
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

async function main(command: readonly string[]): Promise<number> {
  if (!command.length) {
    console.error('Usage: npx tsx tools/cpu-by-process.ts <command> [args…]');
    return 2;
  }
  const seen = new Map<string, { kind: string; cpu: number }>();
  sample(seen, new Map()); // What ran before the command is not its cost.
  const totals = new Map<string, number>();
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
  const timer = setInterval(() => sample(seen, totals), 1000);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  sample(seen, totals);
  const wall = (Date.now() - started) / 1000;
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${all.toFixed(0)} CPU-s in ${wall.toFixed(0)} s of wall time:`);
  for (const [kind, seconds] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (seconds >= 0.5) console.log(`  ${kind.padEnd(12)} ${seconds.toFixed(0).padStart(6)} CPU-s`);
  }
  return code;
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
