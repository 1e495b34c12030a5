/**
 * `npm run lint:security`: runs Doyensec's electronegativity over the project (the Electron shell,
 * the preload and the renderer together, so that its global checks see the whole app), and fails on any finding that is not justified by a comment next to the code:
 *
 *   // electronegativity-justified: CHECK_ID — why this is safe here
 *
 * (or the HTML comment form) on the finding's line or up to three lines above it. Runs offline:
 * the Electron version comes from node_modules instead of the release feed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Build outputs are scanned as their sources; dependencies are not ours to justify. */
const ignored = /^(dist|dist-electron|release|node_modules|test-results|playwright-report)\//;
const electronVersion = (
  JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;

interface Finding {
  check: string;
  file: string;
  line: number;
  description: string;
}

/** The parts of electronegativity's SARIF report Kiln reads. */
interface Sarif {
  runs: Array<{
    results: Array<{
      ruleId: string;
      message?: { text?: string };
      locations?: Array<{
        physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } };
      }>;
    }>;
  }>;
}

function scan(dir: string): Finding[] {
  const out = mkdtempSync(path.join(os.tmpdir(), 'kiln-en-'));
  // SARIF, not CSV: the tool's CSV writer garbles records whose sample spans several lines.
  const report = path.join(out, 'findings.sarif');
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
        ...['-i', dir, '-r', '-v', 'false', '-e', electronVersion, '-o', report],
      ],
      { cwd: root, stdio: 'ignore' },
    );
    const sarif = JSON.parse(readFileSync(report, 'utf8')) as Sarif;
    return sarif.runs.flatMap((run) =>
      run.results.map((r) => {
        const where = r.locations?.[0]?.physicalLocation;
        return {
          check: r.ruleId,
          file: path.normalize(path.join(dir, where?.artifactLocation?.uri ?? 'N/A')),
          line: where?.region?.startLine ?? 0,
          description: r.message?.text ?? '',
        };
      }),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** True when a justification for `finding` stands on its line or up to three lines above. */
function justified(finding: Finding): boolean {
  if (finding.line <= 0) return false;
  const lines = readFileSync(path.join(root, finding.file), 'utf8').split('\n');
  const window = lines.slice(Math.max(0, finding.line - 4), finding.line).join('\n');
  return new RegExp(`electronegativity-justified:\\s*${finding.check}\\b`).test(window);
}

const findings = scan('.').filter((f) => !ignored.test(f.file));
const open = findings.filter((f) => !justified(f));
for (const f of findings) {
  console.log(
    `${open.includes(f) ? 'UNJUSTIFIED' : 'justified  '}  ${f.check}  ${f.file}:${f.line}  ${f.description}`,
  );
}
console.log(`electronegativity: ${findings.length} finding(s), ${open.length} unjustified`);
process.exit(open.length ? 1 : 0);
