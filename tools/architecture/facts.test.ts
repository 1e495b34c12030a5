/**
 * One home for every fact (design.md §9): the words that name a tool are written in
 * `shared/tools.ts` and nowhere else in production code, so a place that lists tools derives
 * its list (and its labels) from `TOOLS`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../shared/tools';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOME = 'shared/tools.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Production modules of the app (the sandbox's own service words aside: it plays the service). */
const files = ['renderer/src', 'electron/core', 'electron/main', 'electron/host', 'shared']
  .flatMap((dir) => sources(join(ROOT, dir)))
  .map((file) => relative(ROOT, file).split(sep).join('/'))
  .filter((file) => file !== HOME);

/**
 * The labels only a tool uses: one-word ones such as "Rig" or "Parts" also name other things
 * (a viewer panel, a kind of version), so the words of a tool and its jobs are checked.
 */
const TOOL_WORDS = [
  ...new Set(
    Object.values(TOOLS)
      .flatMap((tool) => [tool.label.message, tool.summary.message])
      .concat(['Print file', 'Split into parts'])
      .filter((words) => words.includes(' ')),
  ),
];

describe('where facts live', () => {
  it('reads the app’s sources', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(TOOL_WORDS).toContain('Quad remesh');
  });

  it('writes a tool’s words only in shared/tools.ts', () => {
    const copies = files.flatMap((file) => {
      // Comments may name a tool; code may not.
      const text = readFileSync(join(ROOT, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return TOOL_WORDS.filter((words) =>
        new RegExp(`['"\`]${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`(]`).test(text),
      ).map((words) => `${file}: ${words}`);
    });
    expect(copies).toEqual([]);
  });
});
