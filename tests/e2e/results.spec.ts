// Issue 11 in the browser: the players send their xAPI statements to the service, every learner has their own
// attempt — a signed-in student in the workspace, an anonymous viewer in an embed on another origin — and the
// teacher's results page shows exactly those two: summary, histogram, item analysis, attempts. The author's own play
// is a preview, counted apart (issue 23 item 1); a play without an interaction is a view, never an attempt.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FrameLocator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { expectNoSeriousViolations } from './support/axe';
import { demoAccount, signIn, sql } from './support/fixtures';
import { publicItem } from './support/public-item';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';

const servers: http.Server[] = [];
test.afterAll(() => {
  for (const s of servers) s.close();
});

/** A page on another origin (127.0.0.1 on its own port) that embeds the snippet. */
async function hostPage(html: string): Promise<string> {
  const server = http.createServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function teacherToken(): Promise<string> {
  const a = demoAccount('teacher');
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function answer(frame: FrameLocator, choice: string, verdict: 'Correct!' | 'Wrong') {
  await frame.locator('.h5p-mc label', { hasText: choice }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toHaveText(verdict);
}

/** The plays that are not mere views (attempts and the author's previews). */
async function attemptsOf(contentId: string) {
  return sql<{ learner_key: string; scaled: number | null; source: string; kind: string }>(
    "SELECT learner_key, scaled, source, kind FROM learning_attempts WHERE content_id = $1 AND kind <> 'view' ORDER BY learner_key",
    [contentId],
  );
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test('a student and an anonymous embed viewer each have their own attempt, the author’s play is a preview, and the teacher sees exactly the two attempts', async ({ page }) => {
  await publicItem('Results library'); // installs the content type when this spec runs alone
  const teacher = demoAccount('teacher');
  await sql(`UPDATE users SET plan = 'pro' WHERE email = $1`, [teacher.email]);
  const token = await teacherToken();
  const created = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Results quiz' } }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { data: { contentId: string } }).data.contentId;
  const shared = await fetch(`${E2E.appUrl}/h5p/content/${id}/visibility`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ visibility: 'public' }) });
  expect(shared.status).toBe(200);

  // the author answers correctly in the workspace, and copies the embed snippet
  await signIn(page, teacher);
  await page.goto(`/content/${id}`);
  await answer(page.frameLocator('[data-testid="h5p-player"]'), '4', 'Correct!');
  // the embed asks its anonymous viewers for a name (the Share & embed tab, issue 25)
  await page.getByRole('tab', { name: 'Share & embed' }).click();
  await expect(async () => {
    await page.getByTestId('embed-ask-name').check();
    await expect(page.getByTestId('toast').filter({ hasText: 'Viewers of the embed are asked for their name' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  await expect.poll(async () => (await attemptsOf(id)).length, { timeout: 15_000 }).toBe(1);
  await signOut(page);

  // a student answers wrongly in the workspace
  await signIn(page, demoAccount('student'));
  await page.goto(`/content/${id}`);
  await answer(page.frameLocator('[data-testid="h5p-player"]'), '5', 'Wrong');
  await expect.poll(async () => (await attemptsOf(id)).length, { timeout: 15_000 }).toBe(2);
  await signOut(page);

  // an anonymous viewer answers correctly in the embed on another site; the site's resizer keeps their id
  const host = await hostPage(`<!doctype html><html><body><h1>A school site</h1>${snippet.replace('<iframe ', '<iframe id="embed" ')}</body></html>`);
  expect(new URL(host).origin).not.toBe(new URL(E2E.appUrl).origin);
  await page.goto(host);
  const embed = page.frameLocator('#embed');
  await embed.getByTestId('learner-name').fill('Ada Viewer');
  await embed.getByRole('button', { name: 'Start' }).click();
  await expect(embed.getByTestId('learner-name-form')).toBeHidden();
  await answer(embed, '4', 'Correct!');
  await expect.poll(async () => (await attemptsOf(id)).length, { timeout: 15_000 }).toBe(3);
  const anonymousId = await page.evaluate(() => window.localStorage.getItem('lumen-learner-id'));
  expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
  // the site keeps the name for the next visit
  expect(await page.evaluate(() => window.localStorage.getItem('lumen-learner-name'))).toBe('Ada Viewer');
  // …and the viewer's saved state is their own: H5P saves it within its interval (10 s), and a return visit starts from it
  await expect
    .poll(async () => (await sql<{ user_state: string }>(`SELECT user_state FROM h5p_content_user_data WHERE content_id = $1 AND user_id = $2 AND data_type = 'state'`, [id, `anon:${anonymousId}`]))[0]?.user_state ?? null, { timeout: 30_000 })
    .toContain('selected');
  await page.goto(host);
  await expect(page.frameLocator('#embed').locator('.h5p-mc label', { hasText: '4' }).locator('input')).toBeChecked({ timeout: 15_000 });
  await expect(page.frameLocator('#embed').getByTestId('learner-name-form')).toBeHidden();

  const attempts = await attemptsOf(id);
  const [studentRow] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [demoAccount('student').email]);
  const [teacherRow] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [teacher.email]);
  expect(attempts.map((a) => [a.learner_key, a.scaled, a.source, a.kind]).sort()).toEqual(
    [
      [`anon:${anonymousId}`, 1, 'embed', 'attempt'],
      [`user:${studentRow!.id}`, 0, 'workspace', 'attempt'],
      [`user:${teacherRow!.id}`, 1, 'workspace', 'preview'],
    ].sort(),
  );

  // the teacher's results page: exactly the two attempts; the author's own play shown only as a preview
  await signIn(page, teacher);
  await page.goto(`/content/${id}`);
  await page.getByTestId('content-results-link').click();
  await expect(page.getByTestId('results-title')).toHaveText('Results: Results quiz');
  await expect(page.getByTestId('stat-attempts').locator('dd')).toHaveText('2');
  await expect(page.getByTestId('stat-learners').locator('dd')).toHaveText('2');
  await expect(page.getByTestId('stat-average')).toContainText('50%');
  await expect(page.getByTestId('stat-previews')).toContainText('1');
  await expect(page.getByTestId('score-histogram')).toHaveAttribute('data-buckets', '1,0,0,0,0,0,0,0,0,1');
  await expect(page.getByTestId('score-histogram').locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('results-attempt-row')).toHaveCount(2);
  await expect(page.getByTestId('results-attempts')).toContainText('Ada Viewer');
  await expect(page.getByTestId('results-attempts')).not.toContainText(teacher.name);
  await expect(page.getByTestId('results-attempts')).toContainText(demoAccount('student').name);
  // item analysis: one question, in its own words, answered twice (the preview not counted), one correct
  const item = page.getByTestId('results-item-row');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('50%');
  await expect(item.locator('td').nth(1)).toHaveText('2');
  await expect(item.locator('td').first()).toHaveText('What is 2 + 2?');

  // the page passes axe and fits a phone; the histogram is drawn
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByTestId('score-histogram').locator('svg .recharts-bar-rectangle').first()).toBeVisible();
    await expectNoSeriousViolations(page, `/results/content/${id} at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // one learner across the teacher's content, from the attempts table
  await page.getByTestId('results-attempts').getByRole('link', { name: demoAccount('student').name }).click();
  await expect(page.getByTestId('results-title')).toHaveText(`Results of ${demoAccount('student').name}`);
  await expect(page.getByTestId('results-learner-row')).toHaveCount(1);
  await expect(page.getByTestId('results-learner-row')).toContainText('Results quiz');

  // the learner × item grid of a collection holding the item
  const collection = await fetch(`${E2E.appUrl}/api/collections`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Results collection' }) });
  const collectionId = ((await collection.json()) as { data: { id: string } }).data.id;
  expect((await fetch(`${E2E.appUrl}/api/collections/${collectionId}/items`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ contentId: id }) })).status).toBe(201);
  await page.goto(`/collections/${collectionId}`);
  await page.getByTestId('collection-results-link').click();
  await expect(page.getByTestId('results-title')).toHaveText('Results: Results collection');
  await expect(page.getByTestId('results-grid-row')).toHaveCount(2);
  await expect(page.getByTestId('results-grid')).toContainText('Ada Viewer');
  await expectNoSeriousViolations(page, `/results/collections/${collectionId}`);

  // the student sees their own attempt on My results
  await signOut(page);
  await signIn(page, demoAccount('student'));
  await page.goto('/results');
  await expect(page.getByTestId('results-mine-row').filter({ hasText: 'Results quiz' })).toHaveCount(1);
});

test('opening the player is no attempt; a wrong answer, a retry and a right answer keep both answers; the author’s play is a preview (issue 23)', async ({ page }) => {
  await publicItem('Results library');
  const teacher = demoAccount('teacher');
  const student = demoAccount('student');
  await sql(`UPDATE users SET plan = 'pro' WHERE email = $1`, [teacher.email]);
  const token = await teacherToken();
  // a title of its own, so that a retry does not meet the rows of the first try
  const title = `Retry quiz ${Date.now().toString(36)}`;
  const created = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title } }),
  });
  const id = ((await created.json()) as { data: { contentId: string } }).data.contentId;
  await fetch(`${E2E.appUrl}/h5p/content/${id}/visibility`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ visibility: 'public' }) });
  const [studentRow] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [student.email]);
  const plays = () => sql<{ kind: string; scaled: number | null }>('SELECT kind, scaled FROM learning_attempts WHERE content_id = $1 AND learner_key = $2 ORDER BY started_at', [id, `user:${studentRow!.id}`]);

  // the student opens the item and only looks: the player reports "attempted", which is a view, not an attempt
  await signIn(page, student);
  await page.goto(`/content/${id}`);
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await expect(frame.locator('.h5p-mc')).toBeVisible();
  await expect.poll(plays, { timeout: 15_000 }).toEqual([{ kind: 'view', scaled: null }]);
  await page.goto('/results');
  await expect(page.getByTestId('results-mine-row').filter({ hasText: title })).toHaveCount(0);

  // answers wrongly, tries again and answers right: both answers are kept, the retry is an attempt of its own
  await page.goto(`/content/${id}`);
  await answer(frame, '5', 'Wrong');
  await answer(frame, '4', 'Correct!');
  await expect
    .poll(async () => (await plays()).filter((p) => p.kind === 'attempt').map((p) => p.scaled), { timeout: 15_000 })
    .toEqual([0, 1]);
  const responses = await sql<{ success: boolean }>(
    'SELECT r.success FROM attempt_responses r JOIN learning_attempts a ON a.id = r.attempt_id WHERE a.content_id = $1 AND a.learner_key = $2 ORDER BY r.answered_at',
    [id, `user:${studentRow!.id}`],
  );
  expect(responses.map((r) => r.success)).toEqual([false, true]);
  await signOut(page);

  // the author plays their own item: a preview
  await signIn(page, teacher);
  await page.goto(`/content/${id}`);
  await answer(page.frameLocator('[data-testid="h5p-player"]'), '4', 'Correct!');
  const [teacherRow] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [teacher.email]);
  await expect
    // the answer's result, not only the opening's "attempted": a preview counts once the author did something in it
    .poll(async () => (await sql<{ kind: string; finished: boolean }>('SELECT kind, finished_at IS NOT NULL AS finished FROM learning_attempts WHERE content_id = $1 AND learner_key = $2', [id, `user:${teacherRow!.id}`])), { timeout: 15_000 })
    .toEqual([{ kind: 'preview', finished: true }]);

  // the results page: the student's two attempts, the preview apart; item analysis on first answers, or on all
  await page.goto(`/results/content/${id}`);
  await expect(page.getByTestId('stat-attempts').locator('dd')).toHaveText('2');
  await expect(page.getByTestId('stat-learners').locator('dd')).toHaveText('1');
  await expect(page.getByTestId('stat-previews')).toContainText('1');
  const item = page.getByTestId('results-item-row');
  await expect(item.locator('td').first()).toHaveText('What is 2 + 2?');
  await expect(item.locator('td').nth(1)).toHaveText('1');
  await expect(item.locator('td').nth(2)).toHaveText('0%');
  await page.getByTestId('results-answers-all').click();
  await expect(page).toHaveURL(/attempts=all/);
  await expect(item.locator('td').nth(1)).toHaveText('2');
  await expect(item.locator('td').nth(2)).toHaveText('50%');
  await expectNoSeriousViolations(page, `/results/content/${id}?attempts=all`);
});
