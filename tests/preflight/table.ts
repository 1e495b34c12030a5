/**
 * Prints the preflight's scores on its test set as the README's Markdown table:
 * `npx tsx tests/preflight/table.ts`.
 */
import { THRESHOLDS } from '../../shared/preflight/verdict';
import { evaluate } from './evaluate';

const scores = await evaluate();
const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)} %` : '—');
console.log('| warning | flagged right | flagged wrongly | missed | precision | recall |');
console.log('| --- | --: | --: | --: | --: | --: |');
for (const w of scores.perWarning) {
  if (!w.tp && !w.fp && !w.fn) continue;
  console.log(
    `| ${w.kind} | ${w.tp} | ${w.fp} | ${w.fn} | ${pct(w.tp, w.tp + w.fp)} | ${pct(w.tp, w.tp + w.fn)} |`,
  );
}
const { degradedCaught: c, goodFlagged: g } = scores;
console.log(
  `\nDegraded or defective photos and view sets flagged with the right reason: ${c.hit} of ${c.of} (${pct(c.hit, c.of)}). Good photos and view sets flagged at all: ${g.hit} of ${g.of} (${pct(g.hit, g.of)}).`,
);
const missed = scores.outcomes.filter(
  (o) => o.sample.expect.length && !o.sample.expect.some((k) => o.got.includes(k)),
);
console.log(
  `Missed: ${missed.map((o) => `${o.sample.name} (got: ${o.got.join(', ') || 'nothing'})`).join('; ')}`,
);
const ms = scores.outcomes
  .filter((o) => o.ms)
  .map((o) => o.ms)
  .sort((a, b) => a - b);
console.log(
  `Analysis time per photo (Node, decoded input): median ${ms[ms.length >> 1]!.toFixed(0)} ms`,
);
console.log(`Thresholds: ${JSON.stringify(THRESHOLDS)}`);
