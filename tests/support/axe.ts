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

/** The serious and critical axe violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 6).map((n) => n.target.join(' ')),
    }));
}
