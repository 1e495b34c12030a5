/**
 * The real Kiln in real Electron: what no other suite can show, because everywhere else the shell
 * is a stand-in (unit tests) or the page runs in a browser against the host (e2e). Each test starts
 * the built app on a fresh profile. Runs where an Electron binary exists (tests/electron/run.ts).
 */
import { readFile, readdir, rm, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { expect, test } from '@playwright/test';
import { AccountModule, serveLive } from '../support/account-page';
import { coffeeModel } from '../support/fixture-models';
import { PHOTOS } from '../support/kiln-page';
import { KilnProfile, trySandbox, type RunningKiln } from './kiln-electron';

let profile: KilnProfile;
let running: RunningKiln | undefined;
test.beforeEach(async () => {
  profile = await KilnProfile.create();
});
test.afterEach(async () => {
  await running?.app.close();
  running = undefined;
  await profile.remove();
});

/** Chooses a photo in Create's file picker: a real file, so Electron hands main its real path. */
async function choosePhoto({ page }: RunningKiln, name: string): Promise<void> {
  await page.getByTestId('drop-zone-input').setInputFiles(path.join(PHOTOS, name));
  await page.getByTestId('tier').selectOption('fast');
}

test('opens one window, sandboxed, with no Node in the page', async () => {
  running = await profile.launch();
  const { app, page } = running;
  const shell = await app.evaluate(({ app, BrowserWindow }) => {
    const windows = BrowserWindow.getAllWindows();
    const contents = windows[0]!.webContents;
    const renderer = app.getAppMetrics().find((m) => m.pid === contents.getOSProcessId());
    return {
      windows: windows.length,
      url: contents.getURL(),
      rendererPid: contents.getOSProcessId(),
      // macOS and Windows report the OS-level sandbox of each process.
      sandboxed: renderer?.sandboxed,
      noSandboxSwitch: app.commandLine.hasSwitch('no-sandbox'),
    };
  });
  expect(shell.windows).toBe(1);
  expect(shell.url).toBe('kiln://app/index.html');
  expect(shell.noSandboxSwitch).toBe(false);
  if (process.platform === 'linux') {
    // Linux: a sandboxed renderer runs under a seccomp-bpf filter (mode 2).
    const status = await readFile(`/proc/${shell.rendererPid}/status`, 'utf8');
    expect(status).toMatch(/^Seccomp:\s+2$/m);
  } else {
    expect(shell.sandboxed).toBe(true);
  }
  // Context isolation, no Node: the page sees window.kiln and nothing of Node or Electron.
  expect(
    await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      kiln: typeof (globalThis as { kiln?: unknown }).kiln,
    })),
  ).toEqual({ require: 'undefined', process: 'undefined', kiln: 'object' });
});

test('the sandbox makes a model from a photo, and it shows in the viewer', async () => {
  running = await profile.launch();
  const { page, kiln } = running;
  await trySandbox(page);
  await choosePhoto(running, 'coffee.png');
  await kiln.generate();
  await expect(kiln.jobs.first()).toHaveAttribute('data-job-state', 'done', { timeout: 90_000 });
  expect(await kiln.waitForModel()).toBeGreaterThan(100);
});

/**
 * The keychain as the test process sees it. macOS lets only the app that wrote a Keychain item read
 * it without asking (a prompt no CI machine can answer), so there Kiln's own restart is the proof;
 * the Secret Service and the Credential Manager answer any process of the user.
 */
const readsKeychain = process.platform !== 'darwin';
const keychainHas = async (service: string, key: string): Promise<boolean> =>
  (await findCredentialsAsync(service)).some((c) => c.password === key);

test('a pasted key goes to the OS keychain and never to the page', async () => {
  const KEY = 'sk-live-electron-smoke-0001';
  const live = await serveLive([KEY], '7.50');
  const env = { KILN_BASE_URL: live.url };
  try {
    running = await profile.launch({ env });
    const { app, page } = running;
    // Everything main sends the page from now on, recorded in main.
    await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      const sent: string[] = [];
      (globalThis as { kilnSent?: string[] }).kilnSent = sent;
      const send = contents.send.bind(contents);
      contents.send = (channel: string, ...args: unknown[]) => {
        sent.push(JSON.stringify([channel, ...args]));
        send(channel, ...args);
      };
    });
    await page.getByTestId('welcome-paste-key').click();
    await page.getByTestId('welcome-key-form-key').fill(KEY);
    await page.getByTestId('welcome-key-form-save').click();
    await expect(page.getByTestId('welcome')).toBeHidden();
    const account = new AccountModule(page);
    await expect(account.badge).toContainText('Live');
    await account.expectBalance('7.50');
    if (readsKeychain) expect(await keychainHas(profile.keychainService, KEY)).toBe(true);

    // Nowhere the page can see: not its DOM, its inputs, its storage, or a message main sent it.
    const seen = await page.evaluate(() =>
      [
        document.documentElement.outerHTML,
        ...[...document.querySelectorAll('input')].map((i) => i.value),
        JSON.stringify({ ...localStorage }),
        JSON.stringify({ ...sessionStorage }),
      ].join('\n'),
    );
    expect(seen).not.toContain(KEY);
    const sent = await app.evaluate(() => (globalThis as { kilnSent?: string[] }).kilnSent ?? []);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((m) => m.includes(KEY))).toEqual([]);
    await app.close();
    running = undefined;

    // Nor in any file Kiln wrote (settings, journal, ledger, logs)…
    for (const entry of await readdir(profile.userData, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      expect((await readFile(file)).includes(KEY), file).toBe(false);
    }
    // …yet Kiln has it after a restart: from the keychain.
    running = await profile.launch({ env });
    const again = new AccountModule(running.page);
    await expect(again.badge).toContainText('Live');
    await again.expectBalance('7.50');

    // Removing the key removes its keychain entry.
    await again.open('keys');
    await running.page.getByTestId('key-row').first().getByTestId('key-remove').click();
    await running.page.getByTestId('key-row').first().getByTestId('key-remove-confirm').click();
    await expect(running.page.getByTestId('key-row')).toHaveCount(0);
    if (readsKeychain) expect(await keychainHas(profile.keychainService, KEY)).toBe(false);
  } finally {
    await running?.app.close();
    running = undefined;
    await live.close();
  }
});

test('a model file on the command line opens, and dragging it out offers the file', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-electron-open-'));
  try {
    const model = await coffeeModel();
    const file = path.join(dir, 'Coffee cup.glb');
    await writeFile(file, model.bytes);
    running = await profile.launch({ files: [file] });
    const { app, page, kiln } = running;
    await trySandbox(page);
    await expect(page.getByTestId('model-name')).toHaveText('Coffee cup');
    expect(await kiln.waitForModel()).toBeGreaterThan(0);

    // The OS drag itself cannot be watched from here: record what main hands to startDrag
    // instead of starting one (every WebContents shares the prototype's method).
    await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      const drags: string[] = [];
      (globalThis as { kilnDrags?: string[] }).kilnDrags = drags;
      Object.getPrototypeOf(contents).startDrag = (item: { file: string }) => {
        drags.push(item.file);
      };
    });
    await expect(page.getByTestId('drag-out')).toHaveAttribute('data-ready', 'true');
    await kiln.dragOut();
    let dragged: string[] = [];
    await expect
      .poll(async () => {
        dragged = await app.evaluate(() => (globalThis as { kilnDrags?: string[] }).kilnDrags!);
        return dragged.length;
      })
      .toBe(1);
    expect(dragged[0]!.endsWith('.glb')).toBe(true);
    expect(new Uint8Array(await readFile(dragged[0]!))).toEqual(model.bytes);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('quitting during a build and starting again resumes the job', async () => {
  // A slow sandbox (development builds only), so the quit lands while the model is being built.
  const env = { KILN_SANDBOX_TASK_SECONDS: '20' };
  running = await profile.launch({ env });
  await trySandbox(running.page);
  await choosePhoto(running, 'chelsea.png');
  await running.kiln.generate();
  const job = running.kiln.jobs.first();
  await expect(job).toHaveAttribute('data-job-state', /queued|processing/);
  await running.app.close();
  running = undefined;

  // The journal on disk holds the job as still moving: the restart has something to resume.
  const journal = JSON.parse(await readFile(path.join(profile.userData, 'jobs.json'), 'utf8')) as {
    jobs: Array<{ view: { state: string } }>;
  };
  expect(journal.jobs).toHaveLength(1);
  expect(['done', 'failed', 'cancelled']).not.toContain(journal.jobs[0]!.view.state);

  // Started again, Kiln carries the job on from its journal (no second paid start) to the model.
  running = await profile.launch({ env });
  await expect(running.kiln.jobs).toHaveCount(1);
  await expect(running.kiln.jobs.first()).toHaveAttribute('data-job-state', 'done', {
    timeout: 120_000,
  });
});
