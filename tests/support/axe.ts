/**
 * Accessibility checks with axe-core: the serious and critical violations on the page as it is
 * now, each with the elements it was found on, so a failing test says what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** A violation as the test reports it. */
export interface Violation {
  readonly id: string;
  readonly impact: string | null | undefined;
  readonly help: string;
  /** CSS selectors of the first elements it was found on. */
  readonly nodes: readonly string[];
}

/**
 * Every rule of the WCAG 2.x A/AA levels and axe's best practices, and the experimental ones
 * (label-content-name-mismatch, "the visible label is part of the accessible name", is one).
 */
const TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
  'experimental',
];

/**
 * The serious and critical axe violations of the page as it is now; with `within` (a CSS
 * selector), of that part of it only. A screen is swept whole once; the states reached inside it
 * afterwards (a panel's tab, a selection) change only their part, and sweeping that part alone is
 * the same check at a fraction of the cost (axe's colour-contrast rule walks every text node).
 */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 6).map((n) => n.target.join(' ')),
    }));
}
