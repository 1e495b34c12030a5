/**
 * File names from the service, made safe to write on the user's disk. The server's `filename` is
 * untrusted: it could climb out of the chosen folder (`../../.bashrc`), hide its real extension
 * behind Unicode direction marks (`gpj.exe` shown as `exe.jpg`), name a device on Windows (`CON`),
 * or carry an extension that runs when opened (`.desktop`, `.exe`). Only the last path segment is
 * kept, dangerous characters are replaced, and the extension must be one the operation produces.
 */

/** Extensions any Kiln result may have. */
export const SAFE_EXTENSIONS = [
  'glb',
  'gltf',
  'zip',
  'stl',
  '3mf',
  'obj',
  'usdz',
  'fbx',
  'png',
  'svg',
  'pdf',
] as const;

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
// Control characters, and Unicode marks that reorder or hide text.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const FORBIDDEN = /[<>:"/\\|?*]/g;
const MAX_STEM = 100;

/**
 * A safe file name.
 * @param name the server's file name (may be absent or hostile)
 * @param o.fallbackStem the stem when nothing usable is left ("teapot-export")
 * @param o.extensions allowed extensions, the preferred one first; another extension is replaced
 * @example sanitizeFilename('../../evil.exe', { fallbackStem: 'model', extensions: ['glb'] }) // 'evil.glb'
 */
export function sanitizeFilename(
  name: string | undefined,
  o: Readonly<{ fallbackStem: string; extensions: readonly string[] }>,
): string {
  const allowed = o.extensions.length ? o.extensions.map((e) => e.toLowerCase()) : ['bin'];
  let base = (name ?? '').normalize('NFC').replace(INVISIBLE, '');
  base = base.split(/[/\\]/).pop() ?? '';
  base = base.replace(FORBIDDEN, '_').replace(/\s+/g, ' ');
  const dot = base.lastIndexOf('.');
  let stem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  stem = cleanStem(stem);
  if (!stem) stem = cleanStem(o.fallbackStem) || 'kiln-result';
  if (WINDOWS_RESERVED.test(stem.split('.')[0] ?? '')) stem = `_${stem}`;
  const extension = allowed.includes(ext) ? ext : allowed[0]!;
  return `${stem}.${extension}`;
}

function cleanStem(stem: string): string {
  return (
    stem
      .replace(INVISIBLE, '')
      .replace(FORBIDDEN, '_')
      // Leading dots hide files; trailing dots and spaces are dropped by Windows.
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, MAX_STEM)
      .replace(/[.\s]+$/g, '')
  );
}

/** `name (2).ext`, `name (3).ext`, … */
export function numbered(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * A safe folder name for `name` (a model's name): the rules of {@link sanitizeFilename} without
 * an extension.
 */
export function sanitizeFolderName(name: string | undefined, fallback: string): string {
  return sanitizeFilename(`${name ?? ''}.dir`, {
    fallbackStem: fallback,
    extensions: ['dir'],
  }).slice(0, -'.dir'.length);
}
