/**
 * B10 — time from "task done" on the server to the model on screen.
 *
 * Kiln: one window of a host whose embedded sandbox finishes tasks after 4 s; for each sample a
 * real photo (coffee.png and chelsea.png in turn, so that each new model differs from the one on
 * screen) is dropped in Create, "fast" chosen and Generate clicked; Kiln polls,
 * downloads the model into its cache, opens it, and the viewer shows it. The end is the frame of
 * that model executed by the GPU. The server's "done" instant is the task's `readyAt` in the
 * sandbox's state. A jump of the sandbox clock 1 s after each start (0–2.7 s, a different amount
 * per sample) makes the tasks end at different phases of Kiln's poll schedule, as real tasks of
 * unknown length do.
 *
 * Baseline, the minimum: a bare client in Node on the same sandbox starts the same generation,
 * polls every second (the service's rate limit allows one request a second), downloads the GLB
 * when done, and a warm bare page opens it (fetch, parse, render, GPU done).
 *
 * Kiln's time is also split, from its own `jobs.updated` events (WebSocket bridge): done → Kiln
 * saw it (`downloading`), → model cached (`done`), → on screen.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WebSocket } from 'ws';
import { EMBEDDED_SANDBOX_KEY } from '../../../electron/sandbox';
import {
  BRIDGE_PROTOCOL,
  TOKEN_FRAGMENT,
  TOKEN_PROTOCOL_PREFIX,
} from '../../../shared/ipc/host-auth';
import type { KilnHost } from '../lib/app';
import {
  newPage,
  openBare,
  type OpenPage,
  startKiln,
  waitQuiet,
  type BenchContext,
  type BenchResult,
} from '../lib/context';
import { FIXTURE_DIR, sharedPhoto } from '../lib/fixtures';

const TASK_SECONDS = 4;
const POLL_MS = 1000;

interface SandboxState {
  tasks: Record<string, { createdAt: number; outcome?: { ok: boolean; modelId?: string } }>;
  models: Record<string, { readyAt: number }>;
}

/** The real-time instant the task ended, from the sandbox's persisted state. */
async function doneAt(kiln: KilnHost, taskOrNewest: string | null, skew: number): Promise<number> {
  const file = path.join(kiln.dataDir, 'sandbox', 'state.json');
  for (let i = 0; i < 100; i++) {
    const state = JSON.parse(await readFile(file, 'utf8')) as SandboxState;
    const tasks = Object.entries(state.tasks).sort((a, b) => b[1].createdAt - a[1].createdAt);
    const task = taskOrNewest ? state.tasks[taskOrNewest] : tasks[0]?.[1];
    const modelId = task?.outcome?.modelId;
    if (modelId && state.models[modelId]) return state.models[modelId].readyAt - skew;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the sandbox state never showed the finished task');
}

/** Listens to Kiln's `jobs.updated` events, keeping when each job reached each state. */
function watchJobs(kiln: KilnHost): { states: Map<string, Record<string, number>>; close(): void } {
  // As the page does: its own Origin, and the start token proved in the handshake.
  const url = new URL(kiln.url);
  const token = new URLSearchParams(url.hash.slice(1)).get(TOKEN_FRAGMENT)!;
  const ws = new WebSocket(
    `ws://${url.host}/bridge`,
    [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`],
    { origin: url.origin },
  );
  const states = new Map<string, Record<string, number>>();
  // A socket that fails (or is closed before it opened, when the bench fails first) only leaves
  // states unseen, which the samples show as NaN; unhandled, its error would end the process.
  ws.on('error', () => undefined);
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      event?: string;
      payload?: { id: string; state: string };
    };
    if (message.event !== 'jobs.updated' || !message.payload) return;
    const seen = states.get(message.payload.id) ?? {};
    seen[message.payload.state] ??= Date.now();
    states.set(message.payload.id, seen);
  });
  return { states, close: () => ws.close() };
}

export async function b10(ctx: BenchContext): Promise<BenchResult> {
  let skew = 0;
  const kiln = await startKiln({
    sandbox: {
      taskSeconds: TASK_SECONDS,
      clock: { now: () => Date.now() + skew },
      // Kiln and the bare client share the sandbox's one key here; at one poll a second the
      // bare client alone uses the whole 60/min, so together they would be throttled (429),
      // which a real second user with a key of their own never is. Kiln's core keeps its own
      // 55/min budget regardless.
      requestsPerMinute: 1_000_000,
    },
  });
  // Everything opened from here on is closed in the finally below, also when opening the next
  // thing fails: a host or socket left open kept the whole run alive after its results (issue 29).
  const opened: { jobs?: ReturnType<typeof watchJobs>; app?: OpenPage; bare?: OpenPage } = {};
  const jumps = Array.from({ length: ctx.options.samples + 1 }, (_, i) => (i * 1700) % 2800);
  const appSamples: Array<{
    total: number;
    seen: number;
    cached: number;
    shown: number;
    opened: number;
    parsed: number;
    drawn: number;
  }> = [];
  const bareSamples: Array<{ total: number; seen: number; shown: number }> = [];
  try {
    const photos = [await sharedPhoto('coffee.png'), await sharedPhoto('chelsea.png')];
    const photoBytes = await Promise.all(photos.map((p) => readFile(p.path)));
    const jobs = (opened.jobs = watchJobs(kiln));
    const app = (opened.app = await newPage(ctx));
    const bare = (opened.bare = await openBare(ctx));
    await app.page.goto(kiln.url);
    await app.page.locator('[data-app-state="ready"]').waitFor();
    for (const photo of photos) {
      const photoUrl = await kiln.publish(photo);
      await app.page.evaluate(
        ([u, n]) => window.__bench!.fetchFile(u!, n!, 'image/png'),
        [photoUrl, photo.name],
      );
    }

    const appSample = async (jump: number, which: number) => {
      const { page } = app;
      await page.evaluate((name) => {
        const file = window.__bench!.files.get(name)!;
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(file);
        document
          .querySelector('[data-testid="drop-zone"]')!
          .dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
      }, photos[which]!.name);
      await page.getByTestId('photo-preview').waitFor();
      await page.getByTestId('tier').selectOption('fast');
      const since = await page.evaluate(() => performance.now());
      const before = new Set(jobs.states.keys());
      // The viewer's own steps, in real time: it starts loading (the event reached the page and
      // the model was opened), it is ready (frame submitted), the GPU has done that frame.
      const shown = page.evaluate(async (t) => {
        const b = window.__bench!;
        const ready = await b.waitViewer('ready', null, t);
        b.drain();
        const loading = b.viewer.find((e) => e.t >= t && e.state === 'loading');
        const at = (ms: number | undefined) =>
          ms === undefined ? NaN : performance.timeOrigin + ms;
        return { loading: at(loading?.t), ready: at(ready.t), gpu: at(performance.now()) };
      }, since);
      // Read below; if the click fails first, the page closes under it and it must not take
      // the whole run down as an unhandled rejection.
      shown.catch(() => {});
      await page.getByTestId('generate').click();
      await page.waitForTimeout(1000);
      skew += jump;
      const steps = await shown.catch(async (error: unknown) => {
        const id = [...jobs.states.keys()].find((k) => !before.has(k));
        const viewer = await page.evaluate(() => window.__bench!.viewer.slice(-4));
        throw new Error(
          `${(error as Error).message}; job ${id ?? '(none started)'} ${JSON.stringify(id ? jobs.states.get(id) : null)}; viewer ${JSON.stringify(viewer)}`,
        );
      });
      const done = await doneAt(kiln, null, skew);
      const id = [...jobs.states.keys()].find((k) => !before.has(k));
      const states = (id && jobs.states.get(id)) || {};
      await waitQuiet(page, 300);
      return {
        total: steps.gpu - done,
        seen: (states['downloading'] ?? NaN) - done,
        cached: (states['done'] ?? NaN) - (states['downloading'] ?? NaN),
        shown: steps.gpu - (states['done'] ?? NaN),
        opened: steps.loading - (states['done'] ?? NaN),
        parsed: steps.ready - steps.loading,
        drawn: steps.gpu - steps.ready,
      };
    };

    const bareSample = async (jump: number, which: number) => {
      const api = async (p: string, init: RequestInit = {}) => {
        const res = await kiln.host.sandbox!.fetch(
          new Request(`https://sandbox.kiln.invalid${p}`, {
            ...init,
            headers: { authorization: `Bearer ${EMBEDDED_SANDBOX_KEY}` },
          }),
        );
        if (!res.ok)
          throw new Error(`bare client: ${p} answered ${res.status} ${await res.text()}`);
        return res;
      };
      const form = new FormData();
      form.append(
        'file',
        new Blob([photoBytes[which]!], { type: 'image/png' }),
        photos[which]!.name,
      );
      const start = (await (
        await api('/generate/cloud/fast', { method: 'POST', body: form })
      ).json()) as {
        task_id: string;
      };
      skew += jump;
      let status: { status: string; model_id?: string };
      do {
        await new Promise((r) => setTimeout(r, POLL_MS));
        status = (await (await api(`/task/${start.task_id}/status`)).json()) as typeof status;
      } while (status.status !== 'done' && status.status !== 'error');
      const seenAt = Date.now();
      if (!status.model_id) throw new Error(`bare generation ended ${status.status}`);
      const model = (await (await api(`/model/${status.model_id}`)).json()) as { url: string };
      const glb = new Uint8Array(await (await api(new URL(model.url).pathname)).arrayBuffer());
      const name = `b10-${status.model_id}.glb`;
      await writeFile(path.join(FIXTURE_DIR, name), glb);
      try {
        const shownAt = await bare.page.evaluate(async (u) => {
          await window.bare.open(u);
          window.__bench!.drain();
          return performance.timeOrigin + performance.now();
        }, `/fixtures/${name}`);
        const done = await doneAt(kiln, start.task_id, skew);
        return { total: shownAt - done, seen: seenAt - done, shown: shownAt - seenAt };
      } finally {
        await rm(path.join(FIXTURE_DIR, name), { force: true });
      }
    };

    // Untimed: the generator's cache, Kiln's viewer (lighting, shaders) and the bare page warm.
    await appSample(0, 0);
    await appSample(0, 1);
    await bareSample(0, 0);
    for (let i = 0; i < ctx.options.samples; i++) {
      const jump = jumps[i + 1]!;
      if (i % 2 === 0) {
        appSamples.push(await appSample(jump, i % 2));
        bareSamples.push(await bareSample(jump, i % 2));
      } else {
        bareSamples.push(await bareSample(jump, i % 2));
        appSamples.push(await appSample(jump, i % 2));
      }
    }
  } finally {
    opened.jobs?.close();
    await opened.app?.close().catch(() => undefined);
    await opened.bare?.close().catch(() => undefined);
    await kiln.close();
  }
  const part = (
    k: 'seen' | 'cached' | 'shown' | 'opened' | 'parsed' | 'drawn',
    metric: string,
  ) => ({
    bench: 'B10',
    metric,
    unit: 'ms',
    app: appSamples.map((x) => x[k]),
    baseline: k === 'seen' || k === 'shown' ? bareSamples.map((x) => x[k]) : null,
    target: '—',
    check: { kind: 'info' } as const,
  });
  return {
    rows: [
      {
        bench: 'B10',
        metric: 'task done on the server → model on screen (fast tier, real photos)',
        unit: 'ms',
        app: appSamples.map((x) => x.total),
        baseline: bareSamples.map((x) => x.total),
        baselineLabel: '1 s polls + download + parse',
        target: '≤ 1.25×',
        check: { kind: 'ratio', max: 1.25 },
      },
      part('seen', '  done → a poll saw it'),
      part('cached', '  Kiln: → model downloaded into its cache'),
      part('shown', '  → (event, open,) download/parse, frame on screen'),
      part('opened', '    Kiln: done → the viewer loads it (event, open)'),
      part('parsed', '    Kiln: → frame submitted (download, parse, upload, draw)'),
      part('drawn', '    Kiln: → the GPU has done that frame'),
    ],
    details: { taskSeconds: TASK_SECONDS, jumps, app: appSamples, bare: bareSamples },
  };
}
