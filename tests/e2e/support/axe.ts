// axe-core on a page: no serious or critical violation (issue 8 item 8), the H5P frames excluded (their content is
// the content author's, and the H5P editor's forms are h5p-editor-php-library's).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page, path: string) {
  // after a client-side navigation Next streams the new page's <title> in after its content: the old title is gone
  // before the new one is in (CI caught axe in that gap), so wait for the page's own title first
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).exclude('iframe[data-testid="h5p-player"]').exclude('[data-testid="h5p-editor"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious, `axe on ${path}`).toEqual([]);
}
