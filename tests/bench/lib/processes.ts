/**
 * CPU time of the bench browser's own processes (Linux `/proc`), told apart from other Chromium
 * instances on a shared machine by the unique `--proxy-server` port the bench started it with.
 * With SwiftShader, "GPU work" is CPU time of the GPU process, so this is how idle is proven.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface Proc {
  pid: string;
  ppid: string;
  args: string;
}

function processes(): Proc[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ pid: m[1]!, ppid: m[2]!, args: m[3]! }));
}

/** CPU ms (user + system) of a process, all threads. */
function cpuMs(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU ms so far of the browser's processes of `type` (`gpu-process`, `renderer`, or `browser`
 * for the main process), or NaN where `/proc` is not available.
 */
export function browserCpuMs(
  proxyPort: number,
  type: 'gpu-process' | 'renderer' | 'browser',
): number {
  if (process.platform !== 'linux') return NaN;
  const all = processes();
  const root = all.find(
    (p) =>
      p.args.includes(`--proxy-server=http://127.0.0.1:${proxyPort}`) &&
      !p.args.includes('--type='),
  );
  if (!root) return NaN;
  if (type === 'browser') return cpuMs(root.pid);
  const family = new Set([root.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (family.has(p.ppid) && !family.has(p.pid)) {
        family.add(p.pid);
        grew = true;
      }
    }
  }
  return all
    .filter((p) => family.has(p.pid) && p.args.includes(`--type=${type}`))
    .reduce((sum, p) => sum + cpuMs(p.pid), 0);
}
