import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DesktopFiles } from '../desktop/desktop-files';
import { Recordings } from './recordings';
import { systemClock } from '../ports';

let dir: string;
let recordings: Recordings;
const paths = () => ({
  data: path.join(dir, 'data'),
  cache: path.join(dir, 'cache'),
  temp: path.join(dir, 'temp'),
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-recordings-'));
  recordings = new Recordings({ paths: paths(), clock: systemClock, maxBytes: 64 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('Recordings', () => {
  it('writes the pieces in order and saves under a name that replaces nothing', async () => {
    const out = path.join(dir, 'Videos');
    await writeFile(path.join(dir, 'exists'), '');
    const first = await recordings.start('kiln-cup-turntable.webm', out);
    expect(await recordings.append(first.recordingId, b64('abc'))).toEqual({ bytes: 3 });
    expect(await recordings.append(first.recordingId, b64('defg'))).toEqual({ bytes: 7 });
    const saved = await recordings.finish(first.recordingId);
    expect(saved).toEqual({
      recordingId: first.recordingId,
      name: 'kiln-cup-turntable.webm',
      path: path.join(out, 'kiln-cup-turntable.webm'),
      bytes: 7,
    });
    expect(await readFile(saved.path, 'utf8')).toBe('abcdefg');

    const second = await recordings.start('kiln-cup-turntable.webm', out);
    await recordings.append(second.recordingId, b64('x'));
    expect((await recordings.finish(second.recordingId)).name).toBe('kiln-cup-turntable (2).webm');
    // Nothing left in the scratch folder.
    expect(await readdir(paths().temp)).toEqual([]);
  });

  it('keeps the extension to a video or GIF, and the name to the folder', async () => {
    const { recordingId } = await recordings.start('../../evil.exe', path.join(dir, 'out'));
    await recordings.append(recordingId, b64('x'));
    const saved = await recordings.finish(recordingId);
    expect(saved.path).toBe(path.join(dir, 'out', 'evil.webm'));
  });

  it('refuses a relative folder, an unknown recording, and one larger than the limit', async () => {
    await expect(recordings.start('a.gif', 'Videos')).rejects.toMatchObject({ code: 'bad_folder' });
    await expect(recordings.append('nope', b64('x'))).rejects.toMatchObject({
      code: 'unknown_recording',
    });
    const { recordingId } = await recordings.start('a.gif', path.join(dir, 'out'));
    await recordings.append(recordingId, b64('x'.repeat(60)));
    await expect(recordings.append(recordingId, b64('x'.repeat(10)))).rejects.toMatchObject({
      code: 'too_large',
    });
    // The too-large recording was dropped, scratch file and all.
    await expect(recordings.finish(recordingId)).rejects.toMatchObject({
      code: 'unknown_recording',
    });
    expect(await readdir(paths().temp)).toEqual([]);
  });

  it('refuses at the start a folder with a file in the way, pointing at the panel’s own field', async () => {
    const blocker = path.join(dir, 'clips');
    await writeFile(blocker, 'not a folder');
    const refusal = recordings.start('a.webm', path.join(blocker, 'today'));
    await expect(refusal).rejects.toMatchObject({ code: 'bad_folder' });
    await expect(refusal).rejects.toThrow(
      `“${blocker}” is a file, not a folder: type another folder in “Save in”`,
    );
    await expect(refusal).rejects.not.toThrow(/Settings/);
    expect(await readdir(paths().temp).catch(() => [])).toEqual([]);
  });

  it('cancels a recording without leaving a file', async () => {
    const { recordingId } = await recordings.start('a.mp4', path.join(dir, 'out'));
    await recordings.append(recordingId, b64('abc'));
    await recordings.cancel(recordingId);
    expect(await readdir(paths().temp)).toEqual([]);
    await expect(readdir(path.join(dir, 'out'))).rejects.toThrow();
  });

  it('lets the desktop features find a saved recording by id', async () => {
    const { recordingId } = await recordings.start('spin.gif', path.join(dir, 'out'));
    await recordings.append(recordingId, b64('GIF89a'));
    const saved = await recordings.finish(recordingId);
    const desktop = new DesktopFiles({
      recordings,
      jobs: { list: () => [] },
      cache: { ensure: () => Promise.reject(new Error('unused')) },
      local: {} as never,
      recent: {} as never,
      paths: paths(),
      emit: () => {},
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    expect(await desktop.resolve({ recordingId })).toEqual({
      path: saved.path,
      name: 'spin.gif',
      mime: 'image/gif',
    });
    await expect(desktop.resolve({ recordingId: 'other' })).rejects.toMatchObject({
      code: 'file_gone',
    });
  });
});
