/**
 * A browser host that can be killed for real: `host-process.ts` in a child process, which a test
 * ends with SIGKILL (nothing flushed, nothing closed: what a crash, a forced update or a dead
 * battery leaves) and starts again on the same data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { LedgerEntry, SandboxOptions } from '../../electron/sandbox';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A host in its own process. */
export interface KillableHost {
  /** The address to open (with the start token). */
  readonly url: string;
  /** The embedded sandbox's charges and refunds, oldest first. */
  ledger(): Promise<LedgerEntry[]>;
  /** SIGKILL; resolves once the process is gone. */
  kill(): Promise<void>;
}

/** Starts a host process on `dataDir`; resolves once it serves. */
export async function startKillableHost(
  o: Readonly<{ dataDir: string; sandboxOptions?: SandboxOptions }>,
): Promise<KillableHost> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tests/support/host-process.ts'), JSON.stringify(o)],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const waiting: Array<(line: { type: string; [k: string]: unknown }) => void> = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    if (!text.startsWith('{')) return;
    const line = JSON.parse(text) as { type: string };
    waiting.shift()?.(line);
  });
  const next = () =>
    new Promise<{ type: string; [k: string]: unknown }>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then(() => reject(new Error('the host process ended')));
    });
  const ready = await next();
  return {
    url: ready['url'] as string,
    ledger: async () => {
      const answer = next();
      child.stdin!.write('ledger\n');
      return (await answer)['ledger'] as LedgerEntry[];
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
