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

/** What a rendered player shows (see inspect). */
export interface Rendered {
  /** Course Presentation: slides (the summary slide included) and elements */
  slides: number;
  elements: number;
  /** Interactive Video: interaction panels */
  interactions: number;
  /** <img> elements loaded (complete, with a size) of all of them */
  imagesLoaded: number;
  images: number;
  /** generated support libraries whose script ran (H5PBench.loaded) */
  supports: number;
  /** the video element once it has its metadata (or failed) */
  video: { readyState: number; error: number | null; duration: number; width: number; height: number; tracks: number } | null;
}

// a string, not a function: tsx's transform would name helpers the page does not have
const PROBE = `(async () => {
  const root = document.querySelector('.h5p-cp, .h5p-iv, .h5p-mc, .h5p-benchslides');
  if (!root) return null;
  const until = async (ok, ms) => { const t0 = Date.now(); while (!ok() && Date.now() - t0 < ms) await new Promise((r) => setTimeout(r, 50)); };
  await until(() => [...document.images].every((i) => i.complete), 10000);
  const v = document.querySelector('.h5p-iv video');
  let video = null;
  if (v) {
    await until(() => v.readyState >= 1 || v.error, 10000);
    video = { readyState: v.readyState, error: v.error ? v.error.code : null, duration: v.duration, width: v.videoWidth, height: v.videoHeight, tracks: v.textTracks.length };
  }
  return {
    slides: document.querySelectorAll('.h5p-cp-slide').length,
    elements: document.querySelectorAll('.h5p-cp-element').length,
    interactions: document.querySelectorAll('.h5p-iv-interaction').length,
    imagesLoaded: [...document.images].filter((i) => i.complete && i.naturalWidth > 0).length,
    images: document.images.length,
    supports: ((window.H5PBench && window.H5PBench.loaded) || []).length,
    video,
  };
})()`;

/** One load as pageLoad does it, then what the player rendered (in the frame that holds `selector`). */
export async function inspect(browser: Browser, t: PageLoadTarget, timeoutMs = 30_000): Promise<Rendered> {
  const url = await t.url();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (t.cookies?.length) await context.addCookies(t.cookies);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const t0 = performance.now();
    for (;;) {
      for (const frame of page.frames()) {
        if (await frame.$(t.selector).catch(() => null)) {
          const r = await frame.evaluate<Rendered | null>(PROBE);
          if (!r) throw new Error(`${t.label}: rendered, but no player root in the frame`);
          if (errors.length) throw new Error(`${t.label}: script errors in the page: ${errors.join('; ')}`);
          return r;
        }
      }
      if (performance.now() - t0 > timeoutMs) throw new Error(`${t.label}: "${t.selector}" did not appear in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await context.close();
  }
}
