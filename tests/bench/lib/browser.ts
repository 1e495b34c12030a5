/**
 * One Debian Chromium for the whole bench (SwiftShader WebGL, no background networking), with
 * every way out of 127.0.0.1 watched (B12):
 *
 * - every request of every page and worker, as Playwright reports it;
 * - a trap proxy: Chromium is started with `--proxy-server` pointing at a local server that
 *   records and refuses whatever reaches it. Loopback is never proxied, so only traffic bound
 *   elsewhere (including the browser's own background requests) lands there;
 * - the bench's own Node process: every TCP connection it opens (`net.client.socket`).
 */
import { subscribe } from 'node:diagnostics_channel';
import { createServer, type Server, type Socket } from 'node:net';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { installProbe, NAME_SHIM, type BenchProbe } from './probe';

/** The viewport of every page: the e2e tests' window size. */
export const VIEWPORT = { width: 1280, height: 800 };

/** Requests that stay on the machine: loopback, and in-page data/blob URLs. */
export function isLocal(url: string): boolean {
  return (
    /^(data|blob|about|chrome-error):/.test(url) ||
    /^(http|ws)s?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url)
  );
}

/** Everything that tried to leave 127.0.0.1 during the run. */
export class LeakLog {
  readonly pageRequests: string[] = [];
  readonly trapped: string[] = [];
  readonly nodeSockets: string[] = [];
  /** Requests seen in pages, local or not. */
  pageRequestCount = 0;

  get leaks(): string[] {
    return [...this.pageRequests, ...this.trapped, ...this.nodeSockets];
  }
}

/** A local proxy that records and refuses everything Chromium sends to it. */
async function startTrap(log: LeakLog): Promise<Server> {
  const server = createServer((socket: Socket) => {
    socket.once('data', (chunk) => {
      const line = chunk.toString('latin1').split('\r\n')[0] ?? '';
      log.trapped.push(`proxy: ${line.slice(0, 200)}`);
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function watchNodeSockets(log: LeakLog): void {
  const onSocket = (message: unknown) => {
    const socket = (message as { socket?: Socket }).socket;
    if (!socket) return;
    const check = () => {
      const address = socket.remoteAddress;
      if (address && !/^(127\.|::1$|::ffff:127\.)/.test(address)) {
        log.nodeSockets.push(`node: ${address}:${socket.remotePort}`);
      }
    };
    if (socket.remoteAddress) check();
    else socket.once('connect', check);
  };
  subscribe('net.client.socket', onSocket);
}

/** The bench's browser. */
/**
 * Chromium's flags: SwiftShader, as in the e2e suite, unless `BENCH_ANGLE` names another ANGLE
 * back end (`gl`, `vulkan`, `egl`) to draw on a real GPU, e.g. B14 on a machine that has one.
 */
function benchArgs(angle = process.env['BENCH_ANGLE']): string[] {
  if (!angle) return CHROMIUM_ARGS;
  return CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-swiftshader').map((a) =>
    a === '--use-angle=swiftshader' ? `--use-angle=${angle}` : a,
  );
}

export class BenchBrowser {
  private constructor(
    readonly browser: Browser,
    private readonly trap: Server,
    readonly leaks: LeakLog,
    /** The trap proxy's port: unique to this browser, so its processes can be found. */
    readonly proxyPort: number,
  ) {}

  static async launch(): Promise<BenchBrowser> {
    const log = new LeakLog();
    const trap = await startTrap(log);
    watchNodeSockets(log);
    const address = trap.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...benchArgs(), `--proxy-server=http://127.0.0.1:${port}`],
    });
    return new BenchBrowser(browser, trap, log, port);
  }

  /**
   * A fresh context with the probe installed and every request recorded.
   * @param autoOpen a model the probe fetches at navigation and drops on Kiln's viewer as soon
   *   as it exists (B1's navigation → first frame)
   */
  async context(autoOpen?: { url: string; name: string }): Promise<BrowserContext> {
    const context = await this.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await context.addInitScript({ content: NAME_SHIM });
    if (autoOpen) {
      await context.addInitScript({
        content: `window.__benchAutoOpen = ${JSON.stringify(autoOpen)};`,
      });
    }
    await context.addInitScript(installProbe);
    const record = (url: string) => {
      this.leaks.pageRequestCount++;
      if (!isLocal(url)) this.leaks.pageRequests.push(`page: ${url}`);
    };
    context.on('request', (r) => record(r.url()));
    context.on('page', (page) => {
      page.on('websocket', (ws) => record(ws.url()));
      page.on('worker', (worker) => record(worker.url()));
    });
    return context;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await new Promise<void>((resolve) => this.trap.close(() => resolve()));
  }
}

/** Main-thread counters of a page (Chromium's Performance domain). */
export interface PageMetrics {
  /** ms of JavaScript on the main thread since the session was enabled. */
  readonly scriptMs: number;
  /** ms the main thread was busy (all tasks). */
  readonly taskMs: number;
  readonly heapUsedBytes: number;
}

/** Heap-snapshot node types that are the page's own JavaScript values. */
const JS_OBJECT_TYPES = new Set([
  'object',
  'closure',
  'array',
  'string',
  'concatenated string',
  'sliced string',
  'number',
  'regexp',
  'symbol',
  'bigint',
]);

/** A CDP session on a page with the Performance domain enabled (start it before navigating). */
export class PageProbe {
  private constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page): Promise<PageProbe> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    return new PageProbe(page, cdp);
  }

  async metrics(): Promise<PageMetrics> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    return {
      scriptMs: value('ScriptDuration') * 1000,
      taskMs: value('TaskDuration') * 1000,
      heapUsedBytes: value('JSHeapUsedSize'),
    };
  }

  /** Collects garbage (twice: finalisers free more) and returns the used JS heap. */
  async heapAfterGc(): Promise<number> {
    await this.cdp.send('HeapProfiler.enable');
    for (let i = 0; i < 3; i++) await this.cdp.send('HeapProfiler.collectGarbage');
    const usage = await this.cdp.send('Runtime.getHeapUsage');
    return usage.usedSize;
  }

  /**
   * Bytes of JavaScript objects in the page's heap (strings, arrays, plain objects, closures,
   * numbers), from a heap snapshot taken after GC. Unlike {@link heapAfterGc} it leaves out
   * V8's compiled code, which keeps growing for a while as a repeated workload gets optimised,
   * and the browser's own (native) objects: what is left is what the page's code keeps alive.
   */
  async jsObjectBytes(): Promise<number> {
    await this.heapAfterGc();
    const chunks: string[] = [];
    const onChunk = (p: { chunk: string }) => chunks.push(p.chunk);
    this.cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    try {
      await this.cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    } finally {
      this.cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    }
    const snapshot = JSON.parse(chunks.join('')) as {
      snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
      nodes: number[];
    };
    const {
      node_fields: fields,
      node_types: [types],
    } = snapshot.snapshot.meta;
    const typeAt = fields.indexOf('type');
    const sizeAt = fields.indexOf('self_size');
    let bytes = 0;
    for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
      if (JS_OBJECT_TYPES.has(types[snapshot.nodes[i + typeAt]!]!)) {
        bytes += snapshot.nodes[i + sizeAt]!;
      }
    }
    return bytes;
  }

  /** Reads `window.__bench` fields in the page. */
  probe<T>(read: (b: BenchProbe) => T): Promise<T> {
    return this.page.evaluate(`(${read.toString()})(window.__bench)`) as Promise<T>;
  }
}

/** Long-task summary over a window of the page's timeline. */
export interface LongTaskSummary {
  readonly count: number;
  readonly maxMs: number;
  /** Sum over long tasks of (duration − 50 ms): Lighthouse's total blocking time. */
  readonly blockingMs: number;
}

/** Summarises long tasks that started within [from, to]. */
export function longTasks(
  tasks: ReadonlyArray<readonly [number, number]>,
  from: number,
  to: number,
): LongTaskSummary {
  const inside = tasks.filter(([start]) => start >= from - 1 && start <= to);
  return {
    count: inside.filter(([, d]) => d > 50).length,
    maxMs: inside.reduce((m, [, d]) => Math.max(m, d), 0),
    blockingMs: inside.reduce((s, [, d]) => s + Math.max(0, d - 50), 0),
  };
}
