/**
 * Settings: defaults, checked changes that persist, a damaged file read as defaults, and only
 * https (or a service on this machine) as the base URL, since the key travels with every request.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBaseUrl, SettingsService } from './settings-service';
import { JsonFileSettingsStore } from './settings-store';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-settings-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const defaults = { baseUrl: 'https://api.example.test', exportDir: '/home/me/Kiln' };

async function open(file: string): Promise<SettingsService> {
  const s = new SettingsService({ store: new JsonFileSettingsStore(file), defaults });
  await s.load();
  return s;
}

describe('SettingsService', () => {
  it('remembers how the artist left the app across restarts, forgets on null, and reads a damaged memory as none', async () => {
    const file = path.join(dir, 'memory.json');
    const s = await open(file);
    await s.set({
      viewerLook: { shading: 'clay', exposure: 1.5, grid: true },
      lastModelId: 'm-42',
      createForm: { tier: 'fast', polyCount: '30000' },
    });
    const again = await open(file);
    expect(again.get()).toMatchObject({
      viewerLook: { shading: 'clay', exposure: 1.5, grid: true },
      lastModelId: 'm-42',
      createForm: { tier: 'fast', polyCount: '30000' },
    });
    await again.set({ lastModelId: null });
    expect((await open(file)).get().lastModelId).toBeUndefined();

    // A hand-edited memory that breaks its declaration is dropped; the rest stays.
    const stored = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...stored, viewerLook: { shading: { x: 1 } } }));
    const damaged = await open(file);
    expect(damaged.get().viewerLook).toBeUndefined();
    expect(damaged.get().createForm).toEqual({ tier: 'fast', polyCount: '30000' });
  });

  it('starts from the defaults and keeps checked changes across restarts', async () => {
    const file = path.join(dir, 'a.json');
    const s = await open(file);
    expect(s.get()).toEqual({
      ...defaults,
      requestBudget: 55,
      maxConcurrentJobs: 5,
      platformUrl: 'https://platform.invalid',
      balanceRefreshSeconds: 60,
      prepareInBackground: true,
      cacheMaxMb: 2048,
      units: 'cm',
      theme: 'system',
      language: 'system',
      welcomeSeen: false,
      checkUpdatesAtStart: true,
      dragOutCompatible: false,
    });
    await s.set({
      baseUrl: 'https://eu.example.test/v1/',
      maxConcurrentJobs: 3,
      spendWarningUsd: '20',
      checkUpdatesAtStart: false,
      dragOutCompatible: true,
    });
    const again = await open(file);
    expect(again.get()).toMatchObject({
      baseUrl: 'https://eu.example.test/v1',
      maxConcurrentJobs: 3,
      spendWarningUsd: '20.00',
      checkUpdatesAtStart: false,
      dragOutCompatible: true,
    });
    // Only what differs from the defaults is stored.
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      baseUrl: 'https://eu.example.test/v1',
      maxConcurrentJobs: 3,
      spendWarningUsd: '20.00',
      checkUpdatesAtStart: false,
      dragOutCompatible: true,
    });
    await again.set({ spendWarningUsd: null, exportDir: null });
    expect(again.get().spendWarningUsd).toBeUndefined();
  });

  it('refuses a base URL that would send the key in the clear, a relative folder, and a file as the folder', async () => {
    const s = await open(path.join(dir, 'b.json'));
    await expect(s.set({ baseUrl: 'http://api.example.test' })).rejects.toMatchObject({
      code: 'invalid_setting',
      field: 'baseUrl',
    });
    await expect(s.set({ exportDir: 'Models' })).rejects.toMatchObject({ field: 'exportDir' });
    // A file where the folder (or one above it) should be: results could never be saved there.
    const file = path.join(dir, 'notes.txt');
    await writeFile(file, 'a file');
    for (const folder of [file, path.join(file, 'Models')]) {
      await expect(s.set({ exportDir: folder })).rejects.toMatchObject({
        field: 'exportDir',
        message: expect.stringContaining(`${file} is a file, not a folder`),
      });
    }
    // A folder that does not exist yet is fine: it is created with the first result.
    const later = path.join(dir, 'not-yet', 'Models');
    expect((await s.set({ exportDir: later })).exportDir).toBe(later);
    expect(checkBaseUrl('http://127.0.0.1:8787')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8787',
    });
    expect(checkBaseUrl('https://user:pw@api.example.test').ok).toBe(false);
  });

  it('reads a damaged file as the defaults, and odd fields as theirs', async () => {
    const bad = path.join(dir, 'c.json');
    await writeFile(bad, '{not json');
    expect((await open(bad)).get()).toMatchObject(defaults);
    const odd = path.join(dir, 'd.json');
    await writeFile(
      odd,
      JSON.stringify({ requestBudget: 'lots', maxConcurrentJobs: 2, apiKey: 'x' }),
    );
    const s = await open(odd);
    expect(s.get()).toMatchObject({ requestBudget: 55, maxConcurrentJobs: 2 });
    expect(s.get()).not.toHaveProperty('apiKey');
  });

  it('a platform default (the e2e host turns background preparation off) yields to the stored choice', async () => {
    const file = path.join(dir, 'prepare.json');
    const quiet = { ...defaults, prepareInBackground: false };
    const start = async () => {
      const s = new SettingsService({ store: new JsonFileSettingsStore(file), defaults: quiet });
      await s.load();
      return s;
    };
    const s = await start();
    expect(s.get().prepareInBackground).toBe(false);
    await s.set({ prepareInBackground: true });
    expect((await start()).get().prepareInBackground).toBe(true);
    expect((await open(file)).get().prepareInBackground).toBe(true);
  });

  it('keeps the account settings, and refuses each bad value with a sentence for its field', async () => {
    const file = path.join(dir, 'e.json');
    const s = await open(file);
    await s.set({
      platformUrl: 'https://platform.example.test/',
      lowBalanceUsd: '5',
      balanceRefreshSeconds: 120,
      cacheMaxMb: 500,
      units: 'in',
      welcomeSeen: true,
    });
    const again = await open(file);
    expect(again.get()).toMatchObject({
      platformUrl: 'https://platform.example.test',
      lowBalanceUsd: '5.00',
      balanceRefreshSeconds: 120,
      cacheMaxMb: 500,
      units: 'in',
      welcomeSeen: true,
    });
    await again.set({ lowBalanceUsd: null });
    expect(again.get().lowBalanceUsd).toBeUndefined();
    for (const [patch, field, sentence] of [
      [{ platformUrl: 'ftp://platform.example.test' }, 'platformUrl', /https:\/\//],
      [{ platformUrl: 'not an address' }, 'platformUrl', /not a web address/],
      [{ balanceRefreshSeconds: 5 }, 'balanceRefreshSeconds', /15 to 3600 seconds/],
      [{ cacheMaxMb: 10 }, 'cacheMaxMb', /from 100 to/],
    ] as const) {
      const error = await again.set(patch).catch((e: unknown) => e);
      expect(error, field).toMatchObject({ code: 'invalid_setting', field });
      expect((error as Error).message).toMatch(sentence);
    }
    // A refused change changes nothing.
    expect((await open(file)).get()).toMatchObject({ balanceRefreshSeconds: 120, cacheMaxMb: 500 });
  });

  it("keeps the named keys' index (names and suffixes only) beside the settings", async () => {
    const file = path.join(dir, 'f.json');
    const s = await open(file);
    const index = {
      activeId: 'k2',
      keys: [
        { id: 'k1', name: 'Client A', suffix: '…0001', addedAt: 1 },
        { id: 'k2', name: 'Client B', suffix: '…0002', addedAt: 2 },
      ],
    };
    await s.setKeyIndex(index);
    await s.set({ units: 'mm', theme: 'light' });
    const again = await open(file);
    expect(again.keyIndex()).toEqual(index);
    expect(again.get()).not.toHaveProperty('keyIndex');
    expect(again.get().units).toBe('mm');
    expect(again.get().theme).toBe('light');
  });
});
