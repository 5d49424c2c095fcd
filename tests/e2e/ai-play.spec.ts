// Issue 13, "Done when": with the stand-in provider every flag's route produces content that plays in the player.
// The demo admin (premium: every AI feature) generates through the API — a Question Set from a topic, a Branching
// Scenario (branching-scenario), Image Hotspots from an uploaded image (image-hotspot), an Interactive Video from
// a YouTube link and its captions (video-to-h5p, a job) — and each item is played in Chromium on its page, through
// the sandboxed player, with the project's own test libraries (tests/fixtures/h5p-libraries-ai).
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { randomUUID } from 'node:crypto';
import { seedFramework } from './support/curriculum';
import { demoAccount, signIn, sql } from './support/fixtures';
import { startAiStandin, type AiStandin } from '../support/ai-standin';
import { aiLibrariesPackage, contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';
import { pngOf } from '../support/images';

let ai: AiStandin | undefined;
let token = '';

async function importPackage(pkg: Buffer, name: string) {
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), name);
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status, name).toBe(201);
}

test.beforeAll(async () => {
  ai = await startAiStandin({ port: Number(new URL(E2E.aiUrl).port) });
  ai.answer = 'auto';
  const a = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  // the sub-content types first (as private imports of the admin), then the containers
  for (const machineName of ['H5P.MultiChoice', 'H5P.TrueFalse']) {
    await importPackage(contentPackage({ machineName, params: SAMPLE_PARAMS[machineName], title: `AI play: ${machineName}` }), `${machineName}.h5p`);
  }
  await importPackage(aiLibrariesPackage(), 'ai-libraries.h5p');
});

test.afterAll(async () => {
  await ai?.close();
});

/** POSTs to an AI route as the demo admin; the saved item's id (a job is waited for). */
async function generate(path: string, body: Record<string, unknown> | FormData): Promise<string> {
  const json = !(body instanceof FormData);
  const res = await fetch(`${E2E.appUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  const data = ((await res.json()) as { data: { contentId?: string; id?: string } }).data;
  expect(res.status, path).toBeLessThan(300);
  if (res.status !== 202) return data.contentId!;
  let job: { status: string; results: { contentId?: string; error?: string }[] } | undefined;
  await expect
    .poll(async () => {
      job = ((await (await fetch(`${E2E.appUrl}/api/ai/jobs/${data.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: typeof job }).data;
      return job!.status;
    }, { timeout: 30_000 })
    .toBe('completed');
  return job!.results[0]!.contentId!;
}

async function player(page: Page, contentId: string): Promise<FrameLocator> {
  await page.goto(`/content/${contentId}`);
  return page.frameLocator('[data-testid="h5p-player"]');
}

test('a generated Question Set plays: start, answer the first question, and it is right', async ({ page }) => {
  const id = await generate('/api/ai/generate', { contentType: 'H5P.QuestionSet', topic: 'Volcanoes', questionCount: 2 });
  await signIn(page, demoAccount('super_admin'));
  const frame = await player(page, id);
  await expect(frame.locator('.h5p-qs-introduction')).toHaveText('A short quiz about Volcanoes.');
  await frame.locator('.h5p-qs-start').click();
  const first = frame.locator('.h5p-qs-question').first();
  await first.locator('label', { hasText: 'Volcanoes fact 1' }).locator('input').check();
  await first.getByRole('button', { name: 'Check' }).click();
  await expect(first.locator('.h5p-mc-result')).toHaveText('Correct!');
});

test('a generated Branching Scenario plays: the good choices lead through every step to the ending and its score', async ({ page }) => {
  const id = await generate('/api/ai/generate/branching-scenario', { topic: 'Fire safety', questionCount: 2 });
  await signIn(page, demoAccount('super_admin'));
  const frame = await player(page, id);
  await expect(frame.locator('.h5p-bs-title')).toHaveText('Scenario: Fire safety');
  await frame.locator('.h5p-bs-start-button').click();
  for (const step of [1, 2]) {
    await expect(frame.getByText(`Situation ${step} in Fire safety.`)).toBeVisible();
    await frame.locator('.h5p-bs-proceed').click();
    await expect(frame.getByText(`What do you do at step ${step}?`)).toBeVisible();
    await frame.getByRole('button', { name: `Good choice ${step}` }).click();
    // a choice that goes on shows its feedback first
    if (step === 1) {
      await expect(frame.locator('.h5p-bs-title')).toHaveText('That works.');
      await frame.locator('.h5p-bs-proceed').click();
    }
  }
  await expect(frame.locator('.h5p-bs-title')).toHaveText('You made it through Fire safety.');
  await expect(frame.locator('.h5p-bs-score')).toContainText('Your score: 10');
});

test('generated Image Hotspots play: the uploaded image with a button per hotspot that opens its text', async ({ page }) => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pngOf(320, 200))], { type: 'image/png' }), 'harbour.png');
  form.append('topic', 'the harbour');
  form.append('questionCount', '3');
  const id = await generate('/api/ai/generate/image-hotspots', form);
  await signIn(page, demoAccount('super_admin'));
  const frame = await player(page, id);
  const image = frame.locator('.h5p-ih-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(frame.locator('.h5p-ih-hotspot')).toHaveCount(3);
  await frame.locator('.h5p-ih-hotspot').nth(1).click();
  await expect(frame.locator('.h5p-ih-popup')).toContainText('Spot 2');
  await expect(frame.locator('.h5p-ih-popup')).toContainText('What spot 2 shows.');
});

test('a generated Interactive Video plays: its questions at the captions\' times open and can be answered', async ({ page }) => {
  const form = new FormData();
  form.append('videoUrl', 'https://www.youtube.com/watch?v=lumen-e2e');
  form.append('captions', new Blob(['WEBVTT\n\n00:00:05.000 --> 00:00:09.000\nMagma rises through the crust.\n\n00:00:30.000 --> 00:00:34.000\nLava cools into rock.\n'], { type: 'text/vtt' }), 'talk.vtt');
  form.append('questionCount', '2');
  const id = await generate('/api/ai/jobs/video', form);
  await signIn(page, demoAccount('super_admin'));
  const frame = await player(page, id);
  const list = frame.locator('.h5p-iv-list');
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list.getByRole('button').first()).toHaveText(/^0:07 – /);
  await expect(list.getByRole('button').nth(1)).toHaveText(/^0:32 – /);
  await list.getByRole('button').first().click();
  const question = frame.locator('.h5p-iv-interaction').first();
  await question.locator('label', { hasText: 'fact 1' }).locator('input').check();
  await question.getByRole('button', { name: 'Check' }).click();
  await expect(question.locator('.h5p-mc-result')).toHaveText('Correct!');
});

test('on Create with AI a video link with its captions becomes an Interactive Video: progress, then the new item opens and plays', async ({ page }) => {
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/content/ai');
  await page.getByTestId('ai-source-video').check();
  await page.getByTestId('ai-video-from-url').check();
  await page.getByTestId('ai-video-url').fill('https://youtu.be/lumen-page');
  await page.getByTestId('ai-captions').setInputFiles({
    name: 'talk.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00:10.000 --> 00:00:14.000\nRivers carry water to the sea.\n'),
  });
  await page.getByTestId('ai-generate').click();
  const job = page.getByTestId('ai-job');
  await expect(job).toBeVisible();
  await expect(page.getByTestId('ai-job-status')).toContainText('Done: the new item is saved as your private content.', { timeout: 30_000 });
  await expect(page.getByTestId('ai-job-progress')).toHaveText('1 of 1 done');
  await page.getByTestId('ai-job-view').click();
  await expect(page).toHaveURL(/\/content\/[^/]+$/);
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await expect(frame.locator('.h5p-iv-list').getByRole('button').first()).toHaveText(/^0:12 – /);
});

test('on Create with AI a curriculum objective is the learning goal, and the saved item carries it', async ({ page }) => {
  const fw = `F${randomUUID().slice(0, 6).toUpperCase()}`;
  await seedFramework(fw);
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/content/ai');
  await page.getByTestId('ai-topic').fill('Volcanoes');
  await page.getByTestId('ai-curriculum').locator('summary').click();
  if (await page.getByTestId('ai-curriculum-framework-filter').count()) await page.getByTestId('ai-curriculum-framework-filter').fill(fw);
  await page.getByTestId('ai-curriculum-framework').selectOption(fw);
  await page.getByTestId('ai-curriculum-stage').selectOption('S1');
  await page.getByTestId('ai-curriculum-grade').selectOption('Y5');
  await page.getByTestId('ai-curriculum-subject').selectOption('SCI');
  await page.getByTestId('ai-curriculum-unit').selectOption('U1');
  await page.getByTestId('ai-curriculum-topic').selectOption('T1');
  await page.getByTestId('ai-curriculum-objectives').getByLabel('Compare eruption types').check();
  await expect(page.getByTestId('ai-curriculum-chosen')).toContainText('Year 5');
  await page.getByTestId('ai-generate').click();
  await expect(page.getByTestId('ai-preview')).toBeVisible({ timeout: 30_000 });
  const prompt = ai!.requests.filter((r) => String(r.body?.response_format?.json_schema?.name ?? '').startsWith('H5P_')).at(-1)!.body.messages.at(-1).content as string;
  expect(prompt).toContain('Learning objectives: Compare eruption types');
  await page.getByTestId('ai-save').click();
  await expect(page).toHaveURL(/\/content\/[^/]+\/edit$/, { timeout: 20_000 });
  const id = decodeURIComponent(/\/content\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname)![1]!);
  await expect
    .poll(async () => (await sql<{ framework_code: string; objective_codes: string[] }>('SELECT framework_code, objective_codes FROM content_curriculum_metadata WHERE content_id = $1', [id]))[0])
    .toMatchObject({ framework_code: fw, objective_codes: [expect.any(String)] });
  // Clear starts the choice afresh
  await page.goto('/content/ai');
  await page.getByTestId('ai-curriculum').locator('summary').click();
  await page.getByTestId('ai-curriculum-framework').selectOption(fw);
  await page.getByTestId('ai-curriculum-clear').click();
  await expect(page.getByTestId('ai-curriculum-framework')).toHaveValue('');
  await expect(page.getByTestId('ai-curriculum-chosen')).toHaveCount(0);
});
