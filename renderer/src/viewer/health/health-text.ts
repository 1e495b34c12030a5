/**
 * The health check's words in the artist's language: the worker reports issues and stages as
 * data (it has no catalogs), and the panel writes them with these.
 */
import { plural, t } from '@lingui/core/macro';
import { formatFixed, formatNumber, numberFormat } from '../../../../shared/format';
import type { HealthIssue, HealthStage } from './health-types';

/** An area in mm², one decimal below 10 mm² ("2.5 mm²", "1,234 mm²"). */
export function areaText(mm2: number): string {
  return mm2 < 10 ? formatFixed(mm2, 1) : formatNumber(Math.round(mm2));
}

/** A measurement to `digits` significant digits, the region's way ("0.010", "1.23"). */
export function precise(value: number, digits: number): string {
  return numberFormat({
    minimumSignificantDigits: digits,
    maximumSignificantDigits: digits,
  }).format(value);
}

/** A check's stage, as the progress line names it ("Welding seams"). */
export function stageText(stage: HealthStage): string {
  switch (stage) {
    case 'copying':
      return t`Copying the model`;
    case 'reading':
      return t`Reading the model`;
    case 'welding':
      return t`Welding seams`;
    case 'topology':
      return t`Reading the topology`;
    case 'winding':
      return t`Checking the winding`;
    case 'issues':
      return t`Collecting the issues`;
    case 'done':
      return t`Done`;
    case 'indexing':
      return t`Building the ray-casting index`;
    case 'measuring':
      return t`Measuring the walls`;
  }
}

/** An issue's count of its kind ("3 flipped triangles (wound against their neighbours)"). */
function countText(issue: HealthIssue): string {
  const count = issue.count;
  switch (issue.kind) {
    case 'non-manifold-edge':
      return t`${plural(count, { one: '# non-manifold edge', other: '# non-manifold edges' })} (shared by 3+ triangles)`;
    case 'non-manifold-vertex':
      return t`${plural(count, { one: '# non-manifold vertex', other: '# non-manifold vertices' })} (solids touching at a point)`;
    case 'flipped':
      return t`${plural(count, { one: '# flipped triangle', other: '# flipped triangles' })} (wound against their neighbours)`;
    case 'inside-out':
      return t`${plural(count, { one: '# part', other: '# parts' })} inside out (normals point inward)`;
    case 'degenerate':
      return t`${plural(count, { one: '# degenerate triangle', other: '# degenerate triangles' })} (no area)`;
    case 'duplicate':
      return plural(count, { one: '# duplicate triangle', other: '# duplicate triangles' });
    default:
      return plural(count, { one: '# item', other: '# items' });
  }
}

/** An issue's label, as its button in the issue list reads ("Hole 1 · 4 open edges"). */
export function issueText(issue: HealthIssue): string {
  const label = issue.label;
  switch (label.says) {
    case 'count':
      return countText(issue);
    case 'hole': {
      const { hole, edges } = label;
      return t`Hole ${hole} · ${plural(edges, { one: '# open edge', other: '# open edges' })}`;
    }
    case 'more-holes': {
      const { holes, edges } = label;
      return t`${plural(holes, { one: '# more hole', other: '# more holes' })} · ${plural(edges, { one: '# open edge', other: '# open edges' })}`;
    }
    case 'area': {
      const area = areaText(label.areaMm2);
      const limit = formatNumber(label.limit, 2);
      return issue.kind === 'overhang'
        ? t`${area} mm² overhanging more than ${limit}°`
        : t`${area} mm² thinner than ${limit} mm`;
    }
  }
}
