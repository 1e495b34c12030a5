/**
 * Launching the built Kiln in real Electron for the smoke suite: Playwright's `_electron` starts
 * `electron .` from the project root (package.json `main`: the Vite build) on a user-data folder of
 * the test, with the settings of development builds that keep a run away from the user's own Kiln
 * (a keychain service of the test; electron/main/index.ts `devSetting`).
 */
import { _electron, expect, type ElectronApplication, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { KeyringSecretStore } from '../../electron/core/secrets/keyring-store';
import { findElectronBinary } from '../../tools/electron-binary';
import { KilnPage } from '../support/kiln-page';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Chromium's software GL, as the e2e suite uses it: CI machines (and xvfb) have no GPU, and
 * Chromium keeps WebGL off on SwiftShader unless told. Never `--no-sandbox`.
 */
const GL_SWITCHES = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** A running Kiln and its window. */
export interface RunningKiln {
  readonly app: ElectronApplication;
  readonly page: Page;
  readonly kiln: KilnPage;
}

/**
 * One user's Kiln across starts: its user-data folder (Kiln's data folder too: journal, ledger,
 * settings, the sandbox's state) and its keychain service.
 */
export class KilnProfile {
  private constructor(
    readonly userData: string,
    readonly keychainService: string,
  ) {}

  /** A fresh profile: an empty user-data folder, a keychain service of this test only. */
  static async create(): Promise<KilnProfile> {
    const userData = await mkdtemp(path.join(os.tmpdir(), 'kiln-electron-'));
    return new KilnProfile(userData, `dev.kiln.test.electron-${randomUUID()}`);
  }

  /**
   * Starts Kiln on this profile, with `files` on its command line (as a file manager opens them)
   * and `env` added to the environment, and waits until its window has its first data.
   */
  async launch(
    o: Readonly<{ files?: string[]; env?: Record<string, string> }> = {},
  ): Promise<RunningKiln> {
    const electron = findElectronBinary();
    if ('missing' in electron) throw new Error(`no Electron binary: ${electron.missing}`);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    const app = await _electron.launch({
      executablePath: electron.path,
      // Playwright adds --no-sandbox on Linux unless told: Kiln is tested as it ships, sandboxed.
      chromiumSandbox: true,
      cwd: root,
      args: [...GL_SWITCHES, '.', `--user-data-dir=${this.userData}`, ...(o.files ?? [])],
      env: { ...env, KILN_KEYCHAIN_SERVICE: this.keychainService, ...o.env },
    });
    const page = await app.firstWindow();
    const kiln = new KilnPage(page);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible({ timeout: 60_000 });
    // The header's commands and shortcut keys are a chunk of their own (App.tsx).
    await expect(page.getByTestId('open-settings')).toBeVisible();
    return { app, page, kiln };
  }

  /**
   * Deletes the profile's folder and whatever a failed test left under its keychain service
   * (not on macOS, where only Kiln may touch its Keychain items without a prompt: the key test
   * removes its key through Kiln).
   */
  async remove(): Promise<void> {
    if (process.platform !== 'darwin') {
      for (const { account } of await findCredentialsAsync(this.keychainService)) {
        await new KeyringSecretStore(account, this.keychainService).delete();
      }
    }
    await rm(this.userData, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** Leaves the first-run welcome for the sandbox (what most tests start from). */
export async function trySandbox(page: Page): Promise<void> {
  await page.getByTestId('welcome-sandbox').click();
  await expect(page.getByTestId('welcome')).toBeHidden();
}
