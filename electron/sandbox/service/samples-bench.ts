/**
 * Benchmark: what the first-run samples cost a new account, with them and without.
 *
 * Run: `npx tsx electron/sandbox/service/samples-bench.ts`
 *
 * A fresh sandbox on a new data folder, as Kiln's demo mode starts it: the time until it is ready
 * and answers the balance (the app's start: the samples must not change it), then the time of the
 * first `GET /library` (which makes the samples and waits for them), and the longest stall of the
 * event loop meanwhile (the generator runs in a worker thread, generate/generator-thread.ts; when
 * it ran on this loop the stall was 0.4–2.3 s). One process per run, so the generator's cache is
 * cold and its worker new, as in a real first start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox } from '../sandbox';

async function once(sampleModels: boolean): Promise<Record<string, number | boolean>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-samples-bench-'));
  const call = async (pathname: string) =>
    (
      await sandbox.fetch(
        new Request(`http://sandbox${pathname}`, { headers: { Authorization: 'Bearer k' } }),
      )
    ).json() as Promise<Record<string, unknown>>;
  const t0 = performance.now();
  const sandbox = createSandbox({ dataDir: dir, keys: ['k'], sampleModels });
  await sandbox.ready();
  await call('/api/platform/balance');
  const started = performance.now() - t0;
  let stall = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 10);
  const t1 = performance.now();
  const library = await call('/library');
  const firstLibrary = performance.now() - t1;
  clearInterval(tick);
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    sampleModels,
    startMs: Math.round(started),
    firstLibraryMs: Math.round(firstLibrary),
    longestStallMs: Math.round(stall),
    models: library['total'] as number,
  };
}

const mode = process.argv[2];
if (mode === 'on' || mode === 'off') {
  console.log(JSON.stringify(await once(mode === 'on')));
} else {
  for (let run = 1; run <= 3; run++) {
    for (const m of ['off', 'on']) {
      execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, m], {
        stdio: 'inherit',
      });
    }
  }
}
