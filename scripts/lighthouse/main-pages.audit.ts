// Lighthouse (accessibility and best practices) on home, library, content page, create and marketplace, signed in as
// a teacher, at desktop and mobile form factors. Lighthouse is fetched by npx at run time (it is not a dependency of
// the product) and drives the same Chromium the end-to-end tier uses (CHROME_PATH, Debian's /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../tests/e2e/support/test';
import { E2E } from '../../tests/e2e/support/env';
import { demoAccount, signIn } from '../../tests/e2e/support/fixtures';
import { publicItem } from '../../tests/e2e/support/public-item';
import { SAMPLE_PARAMS, libraryString } from '../../tests/support/h5p-packages';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const TARGET = 95;
const chrome = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

function audit(url: string, cookie: string, mobile: boolean): { accessibility: number; bestPractices: number; failing: string[]; landed: string } {
  const out = execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--output=json',
      '--quiet',
      '--only-categories=accessibility,best-practices',
      ...(mobile ? [] : ['--preset=desktop']),
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) } },
  );
  const report = JSON.parse(out) as { finalDisplayedUrl?: string; categories: Record<string, { score: number; auditRefs: { id: string }[] }>; audits: Record<string, { score: number | null; title: string }> };
  const failing = (['accessibility', 'best-practices'] as const).flatMap((c) =>
    report.categories[c]!.auditRefs.map((r) => report.audits[r.id]!).filter((a) => a.score !== null && a.score < 1).map((a) => `${c}: ${a.title}`),
  );
  const landed = new URL(report.finalDisplayedUrl ?? url).pathname;
  return { accessibility: Math.round(report.categories.accessibility!.score * 100), bestPractices: Math.round(report.categories['best-practices']!.score * 100), failing, landed };
}

test('Lighthouse accessibility and best practices on the main pages', async ({ page }) => {
  await publicItem('Lighthouse marketplace item'); // installs the content type
  // the teacher's own item: the content page with its tabs, player and owner's actions
  const a = demoAccount('teacher');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Lighthouse quiz' } }),
  });
  const own = ((await created.json()) as { data: { contentId: string } }).data.contentId;
  await signIn(page, a);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const pages = [
    ['Home', '/workspace'],
    ['Library', '/content'],
    ['Content page', `/content/${own}`],
    ['Create', '/content/new'],
    ['Marketplace', '/marketplace'],
  ] as const;
  const rows: string[] = [];
  const below: string[] = [];
  for (const [name, p] of pages) {
    for (const mobile of [false, true]) {
      const r = audit(`${E2E.appUrl}${p}`, cookie, mobile);
      // the audit ran signed in, on the page asked for (not the sign-in page)
      expect(r.landed, `${name} landed on ${r.landed}`).toBe(new URL(`${E2E.appUrl}${p}`).pathname);
      rows.push(`| ${name} (\`${r.landed}\`) | ${mobile ? 'mobile' : 'desktop'} | ${r.accessibility} | ${r.bestPractices} | ${r.failing.join('; ') || '—'} |`);
      if (r.accessibility < TARGET || r.bestPractices < TARGET) below.push(`${name} (${mobile ? 'mobile' : 'desktop'}): ${r.accessibility}/${r.bestPractices}`);
    }
  }
  const doc = [
    '# Lighthouse: accessibility and best practices',
    '',
    `Measured by \`npm run docs:lighthouse\` (${LIGHTHOUSE} on Debian's Chromium, signed in as the demo teacher, the built app as the end-to-end tier runs it) on ${new Date().toISOString().slice(0, 10)}. Target: both at least ${TARGET}.`,
    '',
    '| Page | Form factor | Accessibility | Best practices | Audits not passed |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(__dirname, '..', '..', 'docs', 'lighthouse.md'), doc);
  expect(below, 'pages below the target').toEqual([]);
});
