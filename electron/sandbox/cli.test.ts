/**
 * The standalone server's command line.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from './cli';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'electron/sandbox/cli.ts');

describe('parseCli', () => {
  it('reads every flag', () => {
    const parsed = parseCli([
      '--port',
      '9000',
      '--key',
      'sk-1',
      '--key',
      'sk-2',
      '--balance',
      '12.5',
      '--monthly-limit',
      '30',
      '--key-limit',
      '5.00',
      '--task-seconds',
      '0.5',
      '--data-dir',
      '/tmp/x',
      '--website-models',
      '3',
      '--seed-models',
      '100',
      '--latency-ms',
      '20',
      '--error-rate',
      '0.1',
      '--reset-before-rate',
      '0.05',
      '--reset-after-rate',
      '0.05',
      '--truncate-rate',
      '0.02',
      '--malformed-rate',
      '0.02',
      '--burst-429',
      '10',
      '--chaos-seed',
      '7',
      '--fail-builds',
      'rig=1, retopo=0.5,make=0',
    ]);
    expect(parsed.port).toBe(9000);
    expect(parsed.options).toEqual({
      keys: ['sk-1', 'sk-2'],
      balanceUsd: '12.5',
      monthlyLimitUsd: '30',
      keyLimitUsd: '5.00',
      taskSeconds: 0.5,
      dataDir: '/tmp/x',
      websiteModels: 3,
      seedModels: 100,
      buildFailures: { rig: 1, retopo: 0.5, make: 0 },
      chaos: {
        latencyMs: 20,
        errorRate: 0.1,
        resetBeforeRate: 0.05,
        resetAfterRate: 0.05,
        truncateRate: 0.02,
        malformedRate: 0.02,
        burst429Every: 10,
        seed: 7,
      },
    });
  });

  it.each([
    [['--error-rate', '1.5'], /--error-rate must be a share from 0 to 1/],
    [['--balance', 'ten'], /--balance must be a dollar amount/],
    [['--port=-1'], /--port must be a port number/],
    [['--port', '70000'], /--port must be a port number/],
    [['--burst-429', '0'], /--burst-429 must be a whole number ≥ 1/],
    [['--nope'], /Unknown option '--nope'/],
    [['stray'], /positional/i],
    [['--fail-builds', 'teleport=1'], /--fail-builds takes kind=share pairs/],
    [['--fail-builds', 'rig=2'], /--fail-builds must be a share from 0 to 1/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });
});

describe('cli', () => {
  it('prints exactly "sandbox listening on <url>" and serves', async () => {
    const child = spawn(tsx, [cli, '--port', '0', '--key', 'sk-demo-1', '--balance', '7.00'], {
      cwd: root,
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect(line).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = line.replace('sandbox listening on ', '');
      const res = await fetch(`${url}/api/platform/balance`, {
        headers: { Authorization: 'Bearer sk-demo-1' },
      });
      expect(((await res.json()) as { balance_usd: string }).balance_usd).toBe('7.00');
    } finally {
      child.kill('SIGTERM');
    }
  }, 20_000);

  it('exits with 2 and a clear message on a bad flag', () => {
    const result = spawnSync(tsx, [cli, '--task-seconds', 'soon'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--task-seconds must be a number of seconds ≥ 0 (got "soon")');
    expect(result.stderr).toContain('Usage:');
  }, 20_000);
});
