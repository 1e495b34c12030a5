/**
 * The two READMEs that show the published bench run, and their text with the blocks rendered
 * from it, formatted as `prettier --check .` wants them (Prettier aligns Markdown tables).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import { ROOT } from './app';
import { publishedBlocks, withBlock, type Published } from './published';

/** The published run, committed beside the bench. */
export const PUBLISHED_FILE = path.join(ROOT, 'tests', 'bench', 'published.json');

/** Each README and which block it shows. */
export const README_FILES = [
  { file: path.join(ROOT, 'tests', 'bench', 'README.md'), block: 'bench' },
  { file: path.join(ROOT, 'README.md'), block: 'readme' },
] as const;

/** Reads the published run; undefined before the first is published. */
export async function readPublished(): Promise<Published | undefined> {
  const text = await readFile(PUBLISHED_FILE, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? undefined : (JSON.parse(text) as Published);
}

/** Each README's text now and as it should read for `published`. */
export async function renderReadmes(
  published: Published | undefined,
): Promise<Array<{ file: string; now: string; wanted: string }>> {
  const blocks = publishedBlocks(published);
  return Promise.all(
    README_FILES.map(async ({ file, block }) => {
      const now = await readFile(file, 'utf8');
      const options = (await prettier.resolveConfig(file)) ?? {};
      const wanted = await prettier.format(withBlock(now, blocks[block]), {
        ...options,
        filepath: file,
      });
      return { file, now, wanted };
    }),
  );
}
