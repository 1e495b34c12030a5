/**
 * Which files a launch asks Kiln to open: Windows and Linux pass them on the command line (first
 * start, or a second launch forwarded to the running Kiln); macOS sends `open-file` events instead.
 */
import path from 'node:path';
import { modelExtensionOf } from '../../../shared/model-formats';

/** Whether a file name is of a type Kiln opens (`shared/model-formats.ts`). */
export const isOpenable = (name: string): boolean => modelExtensionOf(name) !== undefined;

/**
 * The model files named in `argv`, made absolute against `cwd`. Flags (`--x`, `-x`) and anything
 * that is not a model file Kiln opens (the executable, the app folder in development) are skipped. `p` is
 * the platform's path rules (tests pass `path.win32` and `path.posix`).
 */
export function filesFromArgv(
  argv: readonly string[],
  cwd: string,
  p: path.PlatformPath = path,
): string[] {
  return argv
    .filter((arg) => !arg.startsWith('-') && isOpenable(arg))
    .map((arg) => p.resolve(cwd, arg));
}
