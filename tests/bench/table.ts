/**
 * `npm run bench:table [FILE]`: publishes a full bench run (default
 * `tests/bench/results/latest.json`) as the table of `tests/bench/README.md` and the README's
 * Performance section, with its date, commit and load average (see `lib/published.ts`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import { ROOT } from './lib/app';
import { publish, type LatestRun } from './lib/published';
import { PUBLISHED_FILE, renderReadmes } from './lib/readme-tables';

async function main(): Promise<void> {
  const from = path.resolve(process.argv[2] ?? path.join(ROOT, 'tests/bench/results/latest.json'));
  const published = publish(JSON.parse(await readFile(from, 'utf8')) as LatestRun);
  const json = await prettier.format(JSON.stringify(published), {
    ...((await prettier.resolveConfig(PUBLISHED_FILE)) ?? {}),
    filepath: PUBLISHED_FILE,
  });
  await writeFile(PUBLISHED_FILE, json);
  for (const { file, wanted } of await renderReadmes(published)) await writeFile(file, wanted);
  console.error(
    `published the run of ${published.date} at ${published.commit} in tests/bench/published.json, tests/bench/README.md and README.md`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
