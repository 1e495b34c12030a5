/**
 * Which files a launch asks Kiln to open: Windows and Linux pass them on the command line (first
 * start, or a second launch forwarded to the running Kiln); macOS sends `open-file` events instead.
 */
import path from 'node:path';

/** File types Kiln opens. */
export const OPENABLE = /\.(glb|gltf)$/i;

/**
 * The model files named in `argv`, made absolute against `cwd`. Flags (`--x`, `-x`) and anything
 * that is not a .glb/.gltf (the executable, the app folder in development) are skipped. `p` is
 * the platform's path rules (tests pass `path.win32` and `path.posix`).
 */
export function filesFromArgv(
  argv: readonly string[],
  cwd: string,
  p: path.PlatformPath = path,
): string[] {
  return argv
    .filter((arg) => !arg.startsWith('-') && OPENABLE.test(arg))
    .map((arg) => p.resolve(cwd, arg));
}
