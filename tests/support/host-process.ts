/**
 * A browser host in a process of its own, for e2e tests that kill Kiln for real
 * (`batch-restart.spec.ts`): started as
 * `node --import tsx tests/support/host-process.ts '{"dataDir":…,"sandboxOptions":…}'`, it starts
 * the host as every test does ({@link startTestHost}: its embedded sandbox keeps its state in the
 * same data folder) and writes one JSON line to stdout, `{"type":"ready","url":…}`. Each line
 * `ledger` on stdin is answered with `{"type":"ledger","ledger":[…]}`: the sandbox's charges and
 * refunds, which the test compares with the batch's CSV.
 */
import { createInterface } from 'node:readline';
import type { SandboxOptions } from '../../electron/sandbox';
import { startTestHost } from './test-host';

const o = JSON.parse(process.argv[2]!) as { dataDir: string; sandboxOptions?: SandboxOptions };
const host = await startTestHost(o);
const say = (line: object): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'ledger') say({ type: 'ledger', ledger: host.sandbox?.ledger() ?? [] });
});
say({ type: 'ready', url: host.url });
