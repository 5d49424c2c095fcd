// axe-core on a page: no serious or critical violation (issue 8 item 8), the H5P frames excluded (their content is
// the content author's, and the H5P editor's forms are h5p-editor-php-library's), and the branding page's preview.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page, path: string) {
  // after a client-side navigation Next streams the new page's <title> in after its content: the old title is gone
  // before the new one is in (CI caught axe in that gap), so wait for the page's own title first
  await expect(page).toHaveTitle(/\S/);
  // the branding page's preview is a sandboxed frame without scripts (the school's custom CSS on a sample page): axe
  // cannot run inside it, and Playwright's evaluate there never returns, which hung the scan until the test's timeout
  const results = await new AxeBuilder({ page })
    .exclude('iframe[data-testid="h5p-player"]')
    .exclude('[data-testid="h5p-editor"]')
    .exclude('iframe.brand-preview-frame')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious, `axe on ${path}`).toEqual([]);
}
