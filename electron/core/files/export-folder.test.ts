import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KilnError } from '../../../shared/ipc/errors';
import { exportFolder } from './export-folder';

describe('exportFolder', () => {
  const home = path.resolve('/home/ana/Kiln');

  it('takes the chosen folder, else the settings’ one', () => {
    const chosen = path.resolve('/tmp/out');
    expect(exportFolder(chosen, home)).toBe(chosen);
    expect(exportFolder(undefined, home)).toBe(home);
  });

  it('refuses a relative or empty path with one sentence on the folder field', () => {
    for (const bad of ['out', '', './x']) {
      let thrown: unknown;
      try {
        exportFolder(bad, home);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(KilnError);
      expect(thrown).toMatchObject({
        code: 'invalid_folder',
        message: 'Choose the folder to save in with its full path.',
        field: 'folder',
      });
    }
  });
});
