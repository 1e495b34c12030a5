/**
 * The sandbox as a standalone server:
 *
 *   npx tsx electron/sandbox/cli.ts --port 8787 --key sk-demo-1 --balance 25.00
 *
 * prints `sandbox listening on http://127.0.0.1:8787` once it accepts connections. Flags are
 * listed in README.md (and by `--help`). A bad flag prints what is wrong and exits with 2.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isUsd } from '../../shared/money';
import { createSandbox } from './sandbox';
import { BUILD_KINDS, type BuildFailureShares, type BuildKind } from './service/build-failures';
import { serveSandbox } from './http/server';
import type { ChaosOptions, SandboxOptions } from './types';

const USAGE = `Usage: tsx electron/sandbox/cli.ts [options]

  --port N               port to listen on (default 8787; 0 = any free port)
  --host ADDR            address to listen on (default 127.0.0.1)
  --key KEY              accepted API key (repeatable, at most 10; default sk-sandbox-demo)
  --balance USD          starting balance (default 25.00)
  --monthly-limit USD    monthly spending limit of the account
  --key-limit USD        monthly spending limit of each key
  --task-seconds N       generation time of a task (default 3; 0 = as fast as possible)
  --job-seconds N        minimum time of an export/post-processing job (default task-seconds/3)
  --link-seconds N       lifetime of download links (default 300)
  --data-dir DIR         persist state and files in DIR (default: in memory)
  --website-models N     seed N models made on the website
  --seed-models N        seed N API-made models
  --base-url URL         origin used in returned URLs (default: the listening URL)
  --rate-limit N         requests per minute per key (default 60)
  --fail-builds LIST     builds that fail and are refunded, as kind=share pairs, e.g.
                         rig=1,retopo=0.5 (kinds: export print retopo rig parts gamepack make;
                         share 0..1: 1 fails every build, 0.5 every second one)
Chaos (seeded, per request):
  --latency-ms N         delay every answer by N ms
  --error-rate P         share (0..1) of requests answered 5xx before handling
  --reset-before-rate P  share of connections destroyed before handling
  --reset-after-rate P   share of connections destroyed after handling (the call took effect)
  --truncate-rate P      share of JSON answers cut short
  --malformed-rate P     share of JSON answers made malformed
  --burst-429 N          every Nth request answered 429 rate_limited
  --chaos-seed N         PRNG seed of the chaos modes (default 1)
  --help                 this text`;

class UsageError extends Error {}

function number(
  name: string,
  value: string | undefined,
  check: (n: number) => boolean,
  rule: string,
) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) {
    throw new UsageError(`--${name} must be ${rule} (got "${value}")`);
  }
  return n;
}

function usd(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isUsd(value) || value.trim().startsWith('-')) {
    throw new UsageError(`--${name} must be a dollar amount like 25.00 (got "${value}")`);
  }
  return value;
}

const rate = (name: string, value: string | undefined) =>
  number(name, value, (n) => n >= 0 && n <= 1, 'a share from 0 to 1');
const whole = (name: string, value: string | undefined, min = 0) =>
  number(name, value, (n) => Number.isInteger(n) && n >= min, `a whole number ≥ ${min}`);
const seconds = (name: string, value: string | undefined) =>
  number(name, value, (n) => n >= 0, 'a number of seconds ≥ 0');

/** `rig=1,retopo=0.5` → the build-failure trigger's shares. */
function failBuilds(value: string | undefined): BuildFailureShares | undefined {
  if (value === undefined) return undefined;
  const shares: BuildFailureShares = {};
  for (const pair of value.split(',')) {
    const [kind, share] = pair.split('=').map((s) => s.trim());
    if (!kind || !(BUILD_KINDS as readonly string[]).includes(kind)) {
      throw new UsageError(
        `--fail-builds takes kind=share pairs with kinds ${BUILD_KINDS.join(', ')} (got "${pair}")`,
      );
    }
    shares[kind as BuildKind] = rate('fail-builds', share ?? '');
  }
  return shares;
}

/** Parses the command line into sandbox and server options. */
export function parseCli(argv: string[]): {
  options: SandboxOptions;
  port: number;
  host: string;
  help: boolean;
} {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        key: { type: 'string', multiple: true },
        balance: { type: 'string' },
        'monthly-limit': { type: 'string' },
        'key-limit': { type: 'string' },
        'task-seconds': { type: 'string' },
        'job-seconds': { type: 'string' },
        'link-seconds': { type: 'string' },
        'data-dir': { type: 'string' },
        'website-models': { type: 'string' },
        'seed-models': { type: 'string' },
        'base-url': { type: 'string' },
        'rate-limit': { type: 'string' },
        'fail-builds': { type: 'string' },
        'latency-ms': { type: 'string' },
        'error-rate': { type: 'string' },
        'reset-before-rate': { type: 'string' },
        'reset-after-rate': { type: 'string' },
        'truncate-rate': { type: 'string' },
        'malformed-rate': { type: 'string' },
        'burst-429': { type: 'string' },
        'chaos-seed': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const keys = values.key;
  if (keys && keys.length > 10) throw new UsageError('--key may be given at most 10 times');
  if (keys?.some((k) => !/^\S+$/.test(k)))
    throw new UsageError('--key must not be empty or contain spaces');
  const chaos: ChaosOptions = {};
  const set = <K extends keyof ChaosOptions>(k: K, v: ChaosOptions[K] | undefined) => {
    if (v !== undefined) chaos[k] = v;
  };
  set('latencyMs', whole('latency-ms', values['latency-ms']));
  set('errorRate', rate('error-rate', values['error-rate']));
  set('resetBeforeRate', rate('reset-before-rate', values['reset-before-rate']));
  set('resetAfterRate', rate('reset-after-rate', values['reset-after-rate']));
  set('truncateRate', rate('truncate-rate', values['truncate-rate']));
  set('malformedRate', rate('malformed-rate', values['malformed-rate']));
  set('burst429Every', whole('burst-429', values['burst-429'], 1));
  set('seed', whole('chaos-seed', values['chaos-seed']));
  if (values['base-url'] !== undefined && !URL.canParse(values['base-url'])) {
    throw new UsageError(`--base-url must be an absolute URL (got "${values['base-url']}")`);
  }

  const options: SandboxOptions = {};
  const put = <K extends keyof SandboxOptions>(k: K, v: SandboxOptions[K] | undefined) => {
    if (v !== undefined) options[k] = v;
  };
  put('keys', keys);
  put('balanceUsd', usd('balance', values.balance));
  put('monthlyLimitUsd', usd('monthly-limit', values['monthly-limit']));
  put('keyLimitUsd', usd('key-limit', values['key-limit']));
  put('taskSeconds', seconds('task-seconds', values['task-seconds']));
  put('jobSeconds', seconds('job-seconds', values['job-seconds']));
  put('linkSeconds', seconds('link-seconds', values['link-seconds']));
  put('dataDir', values['data-dir']);
  put('websiteModels', whole('website-models', values['website-models']));
  put('seedModels', whole('seed-models', values['seed-models']));
  put('baseUrl', values['base-url']);
  put('requestsPerMinute', whole('rate-limit', values['rate-limit'], 1));
  put('buildFailures', failBuilds(values['fail-builds']));
  if (Object.keys(chaos).length > 0) options.chaos = chaos;
  return {
    options,
    port:
      number(
        'port',
        values.port,
        (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
        'a port number from 0 to 65535',
      ) ?? 8787,
    host: values.host ?? '127.0.0.1',
    help: values.help ?? false,
  };
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`sandbox: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const sandbox = createSandbox(parsed.options);
  await sandbox.ready();
  const server = await serveSandbox(sandbox, { port: parsed.port, host: parsed.host });
  console.log(`sandbox listening on ${server.url}`);
  const stop = async () => {
    await server.close();
    await sandbox.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

// Run only as a program, not when a test imports parseCli.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error('sandbox:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
