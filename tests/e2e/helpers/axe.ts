import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Runs axe (WCAG 2.x A and AA plus best practices) over the page and its frames, ads included. */
export async function seriousViolations(page: Page, { within }: { within?: string } = {}) {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  // An open modal dialog makes the page behind it inert; axe would still measure the targets it covers.
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
}
