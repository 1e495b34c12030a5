/**
 * The electron-store adapter with the schema and migrations derived from shared/settings.ts, on
 * `conf` (the store electron-store is: it only adds Electron's user-data folder and app version,
 * which plain Node lacks) over a temporary folder.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const dir = vi.hoisted(() => ({ userData: '' }));
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return {
    default: class extends Conf<Record<string, unknown>> {
      constructor({ name, ...options }: Record<string, unknown> & { name: string }) {
        super({ ...options, configName: name, cwd: dir.userData, projectVersion: '1.2.3' });
      }
    },
  };
});

const { ElectronSettingsStore } = await import('./settings-store');

function freshFolder(): string {
  dir.userData = mkdtempSync(path.join(os.tmpdir(), 'kiln-settings-store-'));
  return path.join(dir.userData, 'settings.json');
}

describe('ElectronSettingsStore', () => {
  it('keeps what the service saves, and electron-store’s migration mark out of it', async () => {
    const file = freshFolder();
    const store = new ElectronSettingsStore();
    await store.save({ requestBudget: 40, units: 'in', keyIndex: { keys: [] } });
    expect(await store.load()).toEqual({ requestBudget: 40, units: 'in', keyIndex: { keys: [] } });
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(onDisk['__internal__']).toBeDefined();
    expect(await new ElectronSettingsStore().load()).toEqual({
      requestBudget: 40,
      units: 'in',
      keyIndex: { keys: [] },
    });
  });

  it('refuses to write a value outside its declared range', async () => {
    freshFolder();
    const store = new ElectronSettingsStore();
    await expect(store.save({ requestBudget: 500 })).rejects.toThrow(/schema violation/);
  });

  it('drops a damaged value from the file and keeps the others', async () => {
    const file = freshFolder();
    writeFileSync(
      file,
      JSON.stringify({ requestBudget: 9999, units: 'furlongs', cacheMaxMb: 4096 }),
    );
    expect(await new ElectronSettingsStore().load()).toEqual({ cacheMaxMb: 4096 });
  });
});
