// The specs' `test`: Playwright's, with a page whose goto() waits, on the app's own pages, until React has
// hydrated the document (html[data-hydrated], set by components/shell/Hydrated.tsx). Without it a click or a
// keystroke can land on server-rendered HTML that is not interactive yet and be lost on a slow machine.
import { test as base, expect, type Page } from '@playwright/test';
import { E2E } from './env';

const appPage = (url: string) => {
  try {
    const u = new URL(url);
    return u.port === String(E2E.port) && (u.hostname === 'localhost' || u.hostname.endsWith('.localhost')) && !/^\/(h5p|api|lti)\//.test(u.pathname);
  } catch {
    return false;
  }
};

/** After a click that may have loaded a page in full (a link followed before hydration), wait as goto() does. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))).catch(() => undefined);
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response && response.ok() && (response.headers()['content-type'] ?? '').includes('text/html') && appPage(page.url())) {
        // the root can commit while a page's client components still wait for their chunks: let the network
        // settle (bounded: a page may poll) and two frames pass so those subtrees hydrate too
        await hydrated(page);
      }
      return response;
    };
    await use(page);
  },
});

export { expect };
