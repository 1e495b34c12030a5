/**
 * Packaging, checked as far as this machine allows.
 *
 * `electron-builder.yml` itself: electron-builder's own schema validation, release fuses, native
 * modules unpacked from asar, every target OS with its assets, file associations, the updater's
 * feed.
 *
 * Then a real `electron-builder --dir` build for Linux. Electron's binary cannot be downloaded
 * here (and since Electron 42 `npm ci` installs none), so the build packs a stand-in
 * executable that carries Electron's fuse sentinel and default fuse wire: electron-builder then does
 * everything it does for a release — collects the files and the production node_modules, writes
 * and unpacks the asar, writes app-update.yml, flips the fuses in the executable — and the test
 * reads the result. Only Electron's own files are missing from that output. The build runs on
 * Linux hosts (the stand-in is a Linux layout); macOS and Windows packages are built for real by
 * the release workflow.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'app-builder-lib';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { parse } from 'yaml';
import { MODEL_FORMATS } from '../../shared/model-formats';
import { CHROMIUM_LOCALES, LOCALES } from '../../shared/locale';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../testing/fake-electron')).fakeElectron);
const { openKilnUrl } = await import('./app-protocol');

const root = path.resolve(import.meta.dirname, '..', '..');
const text = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
const config = parse(text) as Configuration & Record<string, never>;
const raw = parse(text) as Record<
  string,
  { target?: unknown; icon?: string; entitlements?: string; entitlementsInherit?: string }
>;

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema validation', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('locks release builds with Electron fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('unpacks the native modules from asar', () => {
    const unpack = config.asarUnpack as string[];
    const natives = [
      'node_modules/@napi-rs/keyring',
      ...readdirSync(path.join(root, 'node_modules/@napi-rs'))
        .filter((d) => d.startsWith('keyring-'))
        .map((d) => `node_modules/@napi-rs/${d}`),
      'node_modules/sharp',
      ...readdirSync(path.join(root, 'node_modules/@img')).map((d) => `node_modules/@img/${d}`),
    ];
    for (const dir of natives) {
      expect(
        unpack.some((glob) => path.matchesGlob(`${dir}/index.js`, glob)),
        dir,
      ).toBe(true);
    }
  });

  it('builds for Linux, macOS (hardened runtime, Intel and Apple silicon) and Windows, with assets that exist', () => {
    expect(raw['linux']?.target).toEqual(['AppImage', 'deb']);
    expect(raw['mac']).toMatchObject({
      hardenedRuntime: true,
      // The zip is what the updater downloads on macOS.
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] },
      ],
    });
    expect(raw['win']?.target).toBe('nsis');
    for (const file of [
      raw['linux']?.icon,
      raw['mac']?.entitlements,
      raw['mac']?.entitlementsInherit,
    ]) {
      expect(file && existsSync(path.join(root, file)), file).toBe(true);
    }
    expect(config.files).toEqual(
      expect.arrayContaining(['dist/**', 'dist-electron/**', 'package.json']),
    );
  });

  it('gives the .deb Kiln’s AppArmor profile', () => {
    const deb = (config as { deb?: { appArmorProfile?: string } }).deb;
    expect(deb?.appArmorProfile).toBe('build/linux/apparmor-profile.tpl');
    expect(existsSync(path.join(root, deb!.appArmorProfile!))).toBe(true);
  });

  it('keeps only the Chromium locales of the languages Kiln speaks (shared/locale.ts)', () => {
    expect(config.electronLanguages).toEqual(SHIPPED_PAKS);
  });

  it('opens every model format Kiln opens with Kiln, as shared/model-formats.ts names them', () => {
    const associations = config.fileAssociations as Array<{
      ext: string;
      name: string;
      mimeType: string;
      role: string;
    }>;
    expect(associations).toEqual(
      MODEL_FORMATS.map((f) => ({ ext: f.ext, name: f.name, mimeType: f.mime, role: 'Viewer' })),
    );
  });
});

describe('the update feed', () => {
  it('publishes to a draft GitHub release, with release notes beside the build assets', () => {
    expect(config.publish).toEqual({ provider: 'github', releaseType: 'draft' });
    expect(existsSync(path.join(root, 'build', 'release-notes.md'))).toBe(true);
  });
});

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  productName: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('the production dependencies', () => {
  it('are what the main process loads; the renderer’s libraries are bundled, not packaged', () => {
    for (const ui of ['react', 'react-dom', 'three', 'zustand', '@react-three/fiber']) {
      expect(pkg.dependencies[ui], ui).toBeUndefined();
      expect(pkg.devDependencies[ui], ui).toBeDefined();
    }
    for (const needed of ['@napi-rs/keyring', 'sharp', 'electron-updater', 'electron-store']) {
      expect(pkg.dependencies[needed], needed).toBeDefined();
    }
  });
});

/**
 * Electron's fuse sentinel and its default wire as in Electron 45's binary (version 1, 9 fuses:
 * Electron's `build/fuses/fuses.json5`, the ninth being `wasm_trap_handlers`, on).
 */
const STAND_IN_ELECTRON = Buffer.concat([
  Buffer.from('#!/bin/sh\n# stand-in for Electron: '),
  Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
  Buffer.from([1, 9]),
  Buffer.from('101100011\n'),
]);
/** Chromium's locale paks of the languages Kiln speaks. */
const SHIPPED_PAKS = LOCALES.map((l) => CHROMIUM_LOCALES[l]);

/** The ninth fuse (WebAssembly trap handlers), which @electron/fuses 1.x does not name yet. */
const WASM_TRAP_HANDLERS = 8;

describe.runIf(process.platform === 'linux')('the packaged app (electron-builder --dir)', () => {
  let work = '';
  let resources = '';
  let archive = '';
  let files: string[] = [];

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'kiln-package-'));
    const electronDist = path.join(work, 'electron');
    execFileSync('mkdir', ['-p', electronDist]);
    writeFileSync(path.join(electronDist, 'electron'), STAND_IN_ELECTRON, { mode: 0o755 });
    // Chromium's locale paks, as Electron ships them (some of its 55): electronLanguages keeps ours.
    execFileSync('mkdir', ['-p', path.join(electronDist, 'locales')]);
    for (const pak of [...SHIPPED_PAKS, 'it', 'ko', 'pt-BR', 'ru', 'zh-TW']) {
      writeFileSync(path.join(electronDist, 'locales', `${pak}.pak`), pak);
    }
    const node = process.execPath;
    execFileSync(node, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    execFileSync(
      node,
      [
        path.join(root, 'node_modules/electron-builder/cli.js'),
        '--dir',
        '--linux',
        '--publish',
        'never',
        `-c.electronDist=${electronDist}`,
        `-c.directories.output=${path.join(work, 'out')}`,
        '-c.publish.owner=kiln-test-owner',
        '-c.publish.repo=kiln',
      ],
      { cwd: root, stdio: 'pipe' },
    );
    resources = path.join(work, 'out', 'linux-unpacked', 'resources');
    archive = path.join(resources, 'app.asar');
    files = asar.listPackage(archive, { isPack: false }).map((f) => f.split(path.sep).join('/'));
  }, 300_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("keeps Chromium's locale paks of Kiln's six languages only", () => {
    const paks = readdirSync(path.join(work, 'out', 'linux-unpacked', 'locales')).sort();
    expect(paks).toEqual(SHIPPED_PAKS.map((p) => `${p}.pak`).sort());
  });

  it('holds the built app and package.json, and no source maps, sources or tests', () => {
    for (const file of [
      '/package.json',
      `/${pkg.main}`,
      // The compatible-GLB conversion's worker thread, loaded by path beside the main bundle.
      '/dist-electron/main/convert-worker.js',
      // The built-in sandbox's model generator, a worker thread beside the main bundle too.
      '/dist-electron/main/generate-worker.js',
      '/dist-electron/preload/index.cjs',
      '/dist/renderer/index.html',
    ]) {
      expect(files, file).toContain(file);
    }
    const own = files.filter((f) => !/^\/node_modules(\/|$)/.test(f));
    expect(own.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(own.filter((f) => /\.(tsx?)$/.test(f) || f.includes('.test.'))).toEqual([]);
    expect(
      own.every((f) => /^\/(dist|dist-electron|package\.json)(\/|$)/.test(f)),
      own.join(),
    ).toBe(true);
  });

  it('holds the production node_modules and none of the development ones', () => {
    const packaged = new Set(
      files
        .map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1])
        .filter((n): n is string => !!n),
    );
    for (const dep of Object.keys(pkg.dependencies)) expect(packaged, dep).toContain(dep);
    for (const dev of ['electron', 'electron-builder', 'vitest', 'typescript', 'react', 'three']) {
      expect(packaged, dev).not.toContain(dev);
    }
  });

  it("holds React's production build, as a release does, whatever NODE_ENV the tests run with", () => {
    // Vitest sets NODE_ENV=test, and Vite builds React's development build under any NODE_ENV but
    // production: the app this suite packs once held it (a 611 kB shell chunk, ~25 % slower
    // starts), so the build it makes says production, as `npm run dist` does.
    const scripts = files.filter((f) => /^\/dist\/renderer\/assets\/.+\.js$/.test(f));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((f) =>
      asar.extractFile(archive, f.slice(1)).toString('utf8').includes('jsxDEV'),
    );
    expect(development).toEqual([]);
  });

  it('unpacks the native modules from the asar, with their binaries', () => {
    const unpacked = path.join(resources, 'app.asar.unpacked', 'node_modules');
    const natives = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.node'));
    expect(natives(path.join(unpacked, '@napi-rs')).length).toBeGreaterThan(0);
    expect(natives(path.join(unpacked, '@img')).length).toBeGreaterThan(0);
    expect(existsSync(path.join(unpacked, 'sharp', 'package.json'))).toBe(true);
    // Inside the archive they are only entries that point outside it.
    const keyring = files.find((f) =>
      /^\/node_modules\/@napi-rs\/keyring-[^/]+\/.+\.node$/.test(f),
    )!;
    expect(asar.statFile(archive, keyring.slice(1))).toMatchObject({ unpacked: true });
  });

  it('flips the release fuses in the executable', async () => {
    const wire = await getCurrentFuseWire(path.join(work, 'out', 'linux-unpacked', 'kiln'));
    const on = (fuse: FuseV1Options) => String.fromCharCode(wire[fuse] as number);
    expect(on(FuseV1Options.RunAsNode)).toBe('0');
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe('1');
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('0');
    // Electron's hardening default stays: electron-builder flips only the fuses it is given.
    expect(Object.keys(wire).filter((k) => k !== 'version')).toHaveLength(9);
    expect(on(WASM_TRAP_HANDLERS as FuseV1Options)).toBe('1');
  });

  it('has the .deb install an AppArmor profile that lets the installed executable make its sandbox (Ubuntu 24.04+)', () => {
    // The .deb installs the unpacked app under /opt/<productName>/ (electron-builder's layout).
    const executable = 'kiln';
    expect(existsSync(path.join(work, 'out', 'linux-unpacked', executable))).toBe(true);
    const installed = `/opt/${pkg.productName}/${executable}`;
    const macros = { executable, sanitizedProductName: pkg.productName };
    const profile = renderDebTemplate(path.join(root, 'build/linux/apparmor-profile.tpl'), macros);
    expect(appArmorProfile(profile)).toEqual({
      abi: '4.0',
      name: executable,
      attachment: installed,
      flags: 'unconfined',
      rules: ['userns', `include if exists <local/${executable}>`],
    });
    // Where AppArmor 4 is installed (Ubuntu 24.04+), its own parser checks the text too.
    const parser = ['/usr/sbin/apparmor_parser', '/sbin/apparmor_parser'].find(existsSync);
    if (parser && existsSync('/etc/apparmor.d/abi/4.0')) {
      const file = path.join(work, 'apparmor-profile');
      writeFileSync(file, profile);
      const parsed = spawnSync(parser, ['--skip-kernel-load', '--debug', file]);
      expect(parsed.status, String(parsed.stderr)).toBe(0);
    }

    // electron-builder's maintainer scripts (Kiln keeps its defaults): install and load the
    // profile after install, unload and delete it after removal; both are valid bash.
    const templates = path.join(root, 'node_modules/app-builder-lib/templates/linux');
    const debOptions = (config as { deb?: Record<string, unknown> }).deb ?? {};
    expect(debOptions['afterInstall']).toBeUndefined();
    expect(debOptions['afterRemove']).toBeUndefined();
    const afterInstall = renderDebTemplate(path.join(templates, 'after-install.tpl'), macros);
    expect(afterInstall).toContain(
      `APPARMOR_PROFILE_SOURCE='/opt/${pkg.productName}/resources/apparmor-profile'`,
    );
    expect(afterInstall).toContain(`APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'`);
    expect(afterInstall).toMatch(/apparmor_parser --replace [^\n]*"\$APPARMOR_PROFILE_TARGET"/);
    const afterRemove = renderDebTemplate(path.join(templates, 'after-remove.tpl'), macros);
    expect(afterRemove).toContain(`APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'`);
    expect(afterRemove).toMatch(/apparmor_parser --remove "\$APPARMOR_PROFILE_DEST"/);
    for (const script of [afterInstall, afterRemove]) {
      expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
    }
    // …and the profile lands where the after-install script takes it from.
    const fpm = readFileSync(
      path.join(root, 'node_modules/app-builder-lib/out/targets/FpmTarget.js'),
      'utf8',
    );
    expect(fpm).toMatch(
      /copyFile\)\(scripts\.appArmor, path\.join\(resourceDir, "apparmor-profile"\)\)/,
    );
  });

  it('writes the updater’s feed: the GitHub releases of the repository it was built for', () => {
    const feed = parse(readFileSync(path.join(resources, 'app-update.yml'), 'utf8')) as object;
    expect(feed).toMatchObject({
      provider: 'github',
      owner: 'kiln-test-owner',
      repo: 'kiln',
      updaterCacheDirName: 'kiln-updater',
    });
  });

  it('serves every file the packaged page loads through the kiln: protocol', async () => {
    // Main resolves the renderer beside its bundle (dist-electron/main → dist/renderer); the
    // protocol opens real files, so the archive is unpacked to a scratch folder first.
    const extracted = mkdtempSync(path.join(os.tmpdir(), 'kiln-asar-'));
    try {
      asar.extractAll(archive, extracted);
      const mainDir = path.dirname(path.join(extracted, pkg.main));
      const renderer = path.join(mainDir, '..', '..', 'dist', 'renderer');
      const html = readFileSync(path.join(renderer, 'index.html'), 'utf8');
      const refs = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
      expect(refs.length).toBeGreaterThan(1);
      for (const ref of ['index.html', ...refs]) {
        const file = await openKilnUrl(`kiln://app/${ref}`, { renderer, cache: extracted });
        expect(file?.size, ref).toBeGreaterThan(0);
        await file?.close();
      }
    } finally {
      rmSync(extracted, { recursive: true, force: true });
    }
  });
});

/** Fills a .deb template's `${name}` macros as electron-builder does (an unknown one fails). */
function renderDebTemplate(file: string, macros: Record<string, string>): string {
  return readFileSync(file, 'utf8').replace(/\$\{([a-zA-Z]+)\}/g, (_, name: string) => {
    const value = macros[name];
    if (value === undefined) throw new Error(`Macro ${name} is not defined`);
    return value;
  });
}

/**
 * Reads an AppArmor profile of the one shape Kiln ships (AppArmor's grammar, restricted to it):
 * an ABI line, the global tunables, then one profile with a quoted attachment path, flags and
 * rules, each rule ending in a comma (an `include` excepted). Anything else fails.
 */
function appArmorProfile(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean);
  const abi = /^abi <abi\/([\d.]+)>,$/.exec(lines[0] ?? '');
  expect(abi, 'abi line').not.toBeNull();
  expect(lines[1]).toBe('include <tunables/global>');
  const head = /^profile ([\w.-]+) "(\/[^"]+)" flags=\(([\w,]+)\) \{$/.exec(lines[2] ?? '');
  expect(head, `profile line: ${lines[2]}`).not.toBeNull();
  expect(lines.at(-1)).toBe('}');
  const body = lines.slice(3, -1);
  for (const rule of body) {
    expect(
      /^include if exists <[\w./-]+>$/.test(rule) || /^[a-z][\w ,/<>.-]*,$/.test(rule),
      rule,
    ).toBe(true);
  }
  expect(text).not.toContain('${');
  return {
    abi: abi![1],
    name: head![1],
    attachment: head![2],
    flags: head![3],
    rules: body.map((r) => r.replace(/,$/, '')),
  };
}
