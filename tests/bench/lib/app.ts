/**
 * Kiln under test: the browser host (`electron/host/host.ts`) started in this process, with its
 * embedded sandbox, serving the built renderer (`dist/renderer`) on 127.0.0.1, exactly as the e2e
 * tests and `npm run web` run it.
 *
 * Fixture files reach Kiln's page over the host's own HTTP: they are linked into the host's model
 * cache under their sha256 (the only names the host serves there), so the page fetches them
 * same-origin, as it fetches every model it opens, and the CSP stays untouched.
 */
import { copyFile, link, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemorySecretStore } from '../../../electron/core/secrets/secret-store';
import { startHost, type Host, type HostOptions } from '../../../electron/host/host';
import type { Fixture } from './fixtures';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** The renderer `npm run bench` builds (`vite build --mode web`). */
export const RENDERER_DIR = path.join(ROOT, 'dist', 'renderer');

/** A running Kiln host for the bench. */
export class KilnHost {
  private constructor(
    readonly host: Host,
    readonly dataDir: string,
  ) {}

  /** Starts a host on a fresh data folder. */
  static async start(
    options: Partial<Pick<HostOptions, 'sandbox' | 'services' | 'welcomeSeen'>> = {},
    rendererDir = RENDERER_DIR,
  ): Promise<KilnHost> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-host-'));
    const host = await startHost({
      rendererDir,
      dataDir,
      secrets: new MemorySecretStore(),
      logger: {
        info: () => {},
        warn: () => {},
        error: (m, d) => console.error(`[kiln] ${m}`, d ?? ''),
      },
      // A returning user: the first-run welcome would cover the window (and take the clicks).
      welcomeSeen: true,
      ...options,
    });
    return new KilnHost(host, dataDir);
  }

  get url(): string {
    return this.host.url;
  }

  get origin(): string {
    return new URL(this.host.url).origin;
  }

  /** Where the host serves model cache files (`host.cacheFileUrl(name)`) from. */
  get cacheDir(): string {
    return path.join(this.dataDir, 'cache', 'models');
  }

  /**
   * Makes a fixture fetchable by Kiln's page; returns its same-origin URL. Every file is named
   * `<sha256>.glb`, the one form every version of the host serves from its cache; the page only
   * reads the bytes (and names and types the File itself).
   */
  async publish(fixture: Fixture): Promise<string> {
    const file = `${fixture.sha256}.glb`;
    const target = path.join(this.cacheDir, file);
    await mkdir(this.cacheDir, { recursive: true });
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (!exists) await link(fixture.path, target).catch(() => copyFile(fixture.path, target));
    return `${this.origin}${this.host.cacheFileUrl(file)}`;
  }

  async close(): Promise<void> {
    await this.host.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
