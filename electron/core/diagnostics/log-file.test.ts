import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_FILE, openLogFile } from './log-file';
import { Redactor } from './redact';

const clock = { now: () => Date.UTC(2026, 10, 25, 9, 0, 0) };

describe('the rotating log file', () => {
  it('writes redacted lines and remembers the last warnings and errors', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-log-'));
    const redactor = new Redactor();
    redactor.add('sk-live-abcdefgh');
    const echoed: string[] = [];
    const log = openLogFile({ dir, redactor, clock, remember: 2, echo: (l) => echoed.push(l) });
    log.info('started', { version: '1.0.0' });
    log.warn('balance refresh failed', { code: 'network' });
    log.error('probe failed with sk-live-abcdefgh', { authorization: 'Bearer sk-live-abcdefgh' });
    log.error('third');
    const text = await readFile(path.join(dir, LOG_FILE), 'utf8');
    expect(text.split('\n')).toEqual([
      '2026-11-25T09:00:00.000Z INFO started {"version":"1.0.0"}',
      '2026-11-25T09:00:00.000Z WARN balance refresh failed {"code":"network"}',
      '2026-11-25T09:00:00.000Z ERROR probe failed with [redacted] {"authorization":"[redacted]"}',
      '2026-11-25T09:00:00.000Z ERROR third',
      '',
    ]);
    expect(echoed).toHaveLength(4);
    expect(log.recent().map((e) => e.message)).toEqual(['probe failed with [redacted]', 'third']);
  });

  it('rotates at the size cap and keeps a bounded number of files, even in a burst', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-log-'));
    const log = openLogFile({ dir, redactor: new Redactor(), clock, maxBytes: 4096, keep: 3 });
    for (let i = 0; i < 2000; i++) log.info(`line ${i}`, { filler: 'x'.repeat(40) });
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['kiln.1.log', 'kiln.2.log', 'kiln.3.log', 'kiln.log']);
    for (const name of names)
      expect((await stat(path.join(dir, name))).size).toBeLessThanOrEqual(4096);
    // The newest lines are in kiln.log, the ones just before in kiln.1.log.
    expect(await readFile(path.join(dir, 'kiln.log'), 'utf8')).toContain('line 1999 ');
    const previous = await readFile(path.join(dir, 'kiln.1.log'), 'utf8');
    const first = Number(
      /line (\d+) /.exec(await readFile(path.join(dir, 'kiln.log'), 'utf8'))![1],
    );
    expect(previous).toContain(`line ${first - 1} `);

    // A restart appends to the same file and keeps counting its size.
    const again = openLogFile({ dir, redactor: new Redactor(), clock, maxBytes: 4096, keep: 3 });
    for (let i = 0; i < 200; i++) again.info(`after restart ${i}`);
    for (const name of await readdir(dir))
      expect((await stat(path.join(dir, name))).size).toBeLessThanOrEqual(4096);
  });

  it('never throws when the folder is gone, and drops lines after close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-log-'));
    const log = openLogFile({ dir: path.join(dir, 'logs'), redactor: new Redactor(), clock });
    const { rm } = await import('node:fs/promises');
    await rm(path.join(dir, 'logs'), { recursive: true });
    expect(() => log.error('disk gone')).not.toThrow();
    log.close();
    log.error('after close');
    expect(log.recent().map((e) => e.message)).toEqual(['disk gone', 'after close']);
  });
});
