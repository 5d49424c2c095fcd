// Learner page load in Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) for `npm run bench:compare`:
// the time from navigation start to the content type having rendered inside the player's frame(s), each load in
// a fresh browser context (a first visit: empty HTTP cache).
import { chromium, type Browser } from 'playwright-core';

export interface PageLoadTarget {
  label: string;
  url: () => Promise<string>;
  /** cookies for the context (our learner's session) */
  cookies?: { name: string; value: string; url: string }[];
  /** what must exist in some frame once the content has rendered */
  selector: string;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** One load; milliseconds from navigation start until `selector` exists in any frame of the page. */
export async function pageLoad(browser: Browser, t: PageLoadTarget, timeoutMs = 30_000): Promise<number> {
  const url = await t.url();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (t.cookies?.length) await context.addCookies(t.cookies);
    const page = await context.newPage();
    const t0 = performance.now();
    const nav = page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    for (;;) {
      for (const frame of page.frames()) {
        const found = await frame.$(t.selector).catch(() => null);
        if (found) {
          const ms = performance.now() - t0;
          if (process.env.BENCH_PAGELOAD_TRACE) {
            // where the time went: each frame's navigation and resources (start, duration, bytes)
            for (const f of page.frames()) {
              const entries = await f
                .evaluate(() =>
                  performance.getEntries().map((e) => {
                    const r = e as PerformanceResourceTiming;
                    const ttfb = r.responseStart ? ` ttfb ${Math.round(r.responseStart - r.startTime)} end ${Math.round(r.responseEnd - r.startTime)}` : '';
                    return `${Math.round(e.startTime)}+${Math.round(e.duration)}${ttfb} ${r.transferSize ?? ''} ${e.name.slice(0, 120)}`;
                  }),
                )
                .catch(() => []);
              console.log(`[pageload] ${t.label} frame ${f.url().slice(0, 100)}\n  ${entries.join('\n  ')}`);
            }
          }
          await nav.catch(() => undefined);
          return ms;
        }
      }
      if (performance.now() - t0 > timeoutMs) {
        const frames = page.frames().map((f) => f.url());
        throw new Error(`${t.label}: "${t.selector}" did not appear in ${timeoutMs} ms (frames: ${frames.join(', ')})`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await context.close();
  }
}
