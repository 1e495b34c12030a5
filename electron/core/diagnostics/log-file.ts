/**
 * Kiln's log: one line per message in `kiln.log`, rotated by size (the newest older file is
 * `kiln.1.log`), so the folder never holds more than `maxBytes × (keep + 1)`. Every line is
 * redacted first ({@link Redactor}). The last warnings and errors are also kept in memory for
 * Help → Copy diagnostics.
 *
 * Lines are appended synchronously: the line written just before a crash is the one a support
 * request needs, and a burst of lines cannot overshoot the cap while a buffer drains.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Clock, Logger } from '../ports';
import type { Redactor } from './redact';

/** Name of the current log file; older ones are `kiln.1.log` … `kiln.<keep>.log`. */
export const LOG_FILE = 'kiln.log';
/** One remembered warning or error. */
export type LogEntry = Readonly<{
  at: string;
  level: 'warn' | 'error';
  message: string;
  data?: unknown;
}>;

/** Options of {@link openLogFile}. */
export type LogFileOptions = Readonly<{
  /** The logs folder (created if missing). */
  dir: string;
  redactor: Redactor;
  clock: Pick<Clock, 'now'>;
  /** Size at which `kiln.log` is rotated; default 2 MiB. */
  maxBytes?: number;
  /** Rotated files kept; default 4. */
  keep?: number;
  /** Also writes each (redacted) line here, e.g. the terminal in development. */
  echo?: (line: string) => void;
  /** Warnings and errors remembered for diagnostics; default 20. */
  remember?: number;
}>;

/** A {@link Logger} that writes to rotating files. */
export interface LogFile extends Logger {
  readonly dir: string;
  /** The last warnings and errors, oldest first, already redacted. */
  recent(): readonly LogEntry[];
  /** Stops writing: later lines only reach `echo` (after quit, or in tests). */
  close(): void;
}

/** Opens the log in `dir`. */
export function openLogFile(o: LogFileOptions): LogFile {
  mkdirSync(o.dir, { recursive: true });
  const keep = o.keep ?? 4;
  const maxBytes = o.maxBytes ?? 2 * 1024 * 1024;
  const file = path.join(o.dir, LOG_FILE);
  const rotated = (i: number) => path.join(o.dir, `kiln.${i}.log`);
  let size = sizeOf(file);
  const recent: LogEntry[] = [];
  const remember = o.remember ?? 20;
  let closed = false;

  const rotate = () => {
    rmSync(rotated(keep), { force: true });
    for (let i = keep - 1; i >= 1; i--) renameIfThere(rotated(i), rotated(i + 1));
    renameIfThere(file, rotated(1));
    size = 0;
  };
  const append = (text: string) => {
    const bytes = Buffer.byteLength(text);
    try {
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(file, text);
      size += bytes;
    } catch {
      // A log that cannot be written (disk full, folder removed) must never take Kiln down.
    }
  };

  const write = (level: 'info' | 'warn' | 'error', message: string, data?: unknown) => {
    const at = new Date(o.clock.now()).toISOString();
    const safeMessage = o.redactor.text(message);
    const safeData = data === undefined ? undefined : o.redactor.value(data);
    const json = safeData === undefined ? '' : ` ${JSON.stringify(safeData)}`;
    const line = `${at} ${level.toUpperCase()} ${safeMessage}${json}`;
    if (level !== 'info') {
      recent.push({
        at,
        level,
        message: safeMessage,
        ...(safeData === undefined ? {} : { data: safeData }),
      });
      if (recent.length > remember) recent.shift();
    }
    o.echo?.(line);
    if (!closed) append(`${line}\n`);
  };

  return {
    dir: o.dir,
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    recent: () => [...recent],
    close: () => {
      closed = true;
    },
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    // Not there yet: nothing to move.
  }
}
