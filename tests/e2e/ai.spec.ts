// Issue 13 item 6 in the browser: "Create with AI". A teacher generates a quiz from a topic (through the stand-in
// OpenAI-compatible provider of tests/support/ai-standin.ts, answering schema-shaped JSON from the prompt), reviews
// the preview (the question, the answers with the right one marked, the credits left), edits the title, saves it
// into the editor and plays it. A failing provider's error is shown and the form keeps what was typed; a student
// is told that creating needs a teacher account.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { expectNoSeriousViolations } from './support/axe';
import { demoAccount, signIn, sql } from './support/fixtures';
import { startAiStandin, type AiStandin } from '../support/ai-standin';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

let ai: AiStandin | undefined;

/** Installs content types (each with a private import by the demo admin) when this spec runs alone. */
async function install(...machineNames: string[]) {
  const a = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: a.email, password: a.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  for (const machineName of machineNames) {
    const form = new FormData();
    const pkg = contentPackage({ machineName, params: SAMPLE_PARAMS[machineName], title: `AI spec: ${machineName}`, withLibrary: true });
    form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'library.h5p');
    const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(imported.status, machineName).toBe(201);
  }
}

test.beforeAll(async () => {
  ai = await startAiStandin({ port: Number(new URL(E2E.aiUrl).port) });
  ai.answer = 'auto';
  await install('H5P.MultiChoice', 'H5P.TrueFalse');
});

test.afterAll(async () => {
  await ai?.close();
});

/** the page has no horizontal overflow on a 390 px phone (checked at that width, then back to the default) */
async function fitsPhone(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

/** the generation requests the stand-in received (the quality critic asks it too) */
const generations = () => ai!.requests.filter((r) => String(r.body?.response_format?.json_schema?.name ?? '').startsWith('H5P_'));

test('a teacher generates a multiple-choice quiz from a topic, reviews it, saves it with a new title and plays it', async ({ page }) => {
  // the demo admin (premium: unlimited AI generations and content); the specs after this one count the demo teacher's content
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/content/new');
  await expect(page.getByTestId('create-with-ai')).toHaveAttribute('href', '/content/ai');

  await page.goto('/content/ai');
  await expect(page.getByRole('heading', { level: 1, name: 'Create with AI' })).toBeVisible();
  const form = page.getByTestId('ai-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('ai-not-configured')).toHaveCount(0);
  await expect(page.getByTestId('ai-source-topic')).toBeChecked();
  await expect(page.getByTestId('ai-language')).toHaveValue('en');
  await expect(page.getByTestId('ai-credits')).toHaveText('Unlimited AI generations. Each preview uses one.');
  // the number of items only for the types that use it
  await page.getByTestId('ai-type').selectOption({ label: 'Fill in the blanks' });
  await expect(page.getByTestId('ai-count')).toHaveValue('5');
  await expect(page.getByLabel('Number of items')).toBeVisible();
  // pasted text instead of a topic: a textarea
  await page.getByTestId('ai-source-text').check();
  await expect(page.getByTestId('ai-text')).toBeVisible();
  await expect(page.getByTestId('ai-topic')).toHaveCount(0);
  await page.getByTestId('ai-source-topic').check();
  await page.getByTestId('ai-type').selectOption({ label: 'Multiple choice' });
  await expect(page.getByTestId('ai-count')).toHaveCount(0);
  await expectNoSeriousViolations(page, '/content/ai');
  await fitsPhone(page);

  await page.getByTestId('ai-topic').fill('Photosynthesis');
  await page.getByTestId('ai-difficulty').selectOption('easy');
  await page.getByTestId('ai-blooms').selectOption('understand');
  await page.getByTestId('ai-generate').click();

  const preview = page.getByTestId('ai-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('heading', { name: 'Preview' })).toBeFocused();
  await expect(preview.getByTestId('ai-question')).toHaveText('Which statement about Photosynthesis is correct?');
  const answers = preview.getByTestId('ai-answer');
  await expect(answers).toHaveCount(3);
  const right = answers.filter({ hasText: 'Photosynthesis is the right answer' });
  await expect(right).toHaveAttribute('data-correct', 'true');
  await expect(right).toContainText('Correct');
  for (const wrong of ['Photosynthesis is a wrong answer', 'Neither']) {
    const row = answers.filter({ hasText: wrong });
    await expect(row).toHaveAttribute('data-correct', 'false');
    await expect(row).not.toContainText('Correct');
  }
  await expect(page.getByTestId('ai-title')).toHaveValue('Quiz: Photosynthesis');
  await expect(page.getByTestId('ai-credits')).toHaveText('Unlimited AI generations. Each preview uses one.');
  await expect(page.getByTestId('ai-progress')).toHaveText('');
  // what went to the provider: the type's schema, the topic and the options chosen
  const sent = generations().at(-1)!.body;
  expect(sent.response_format.json_schema.name).toBe('H5P_MultiChoice');
  expect(sent.messages.at(-1).content).toContain('Topic: Photosynthesis');
  expect(sent.messages.at(-1).content).toContain("Language: en. Difficulty: easy. Bloom's level: understand.");
  await expectNoSeriousViolations(page, '/content/ai');
  await fitsPhone(page);

  // saved with the edited title, into the editor
  await page.getByTestId('ai-title').fill('Photosynthesis check');
  await page.getByTestId('ai-save').click();
  await expect(page).toHaveURL(/\/content\/[^/]+\/edit$/, { timeout: 20_000 });
  const id = decodeURIComponent(/\/content\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname)![1]!);
  const [saved] = await sql<{ title: string; main_library: string; visibility: string }>(
    'SELECT c.title, c.main_library, o.visibility FROM h5p_contents c JOIN content_ownership o ON o.content_id = c.id WHERE c.id = $1',
    [id],
  );
  expect(saved).toEqual({ title: 'Photosynthesis check', main_library: 'H5P.MultiChoice', visibility: 'private' });

  // and it plays: the right answer is correct
  await page.goto(`/content/${id}`);
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await frame.locator('.h5p-mc label', { hasText: 'Photosynthesis is the right answer' }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toHaveText('Correct!');
});

test('when the AI provider fails, the error is shown, the form keeps the topic, and generating again works', async ({ page }) => {
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/content/ai');
  await page.getByTestId('ai-topic').fill('Volcanoes');
  await page.getByTestId('ai-type').selectOption({ label: 'True or false' });
  const before = generations().length;
  // every try the client makes answers 500: 502 AI provider is unavailable
  ai!.failNext(500, 3);
  await page.getByTestId('ai-generate').click();
  await expect(page.getByTestId('ai-error')).toContainText('The AI service did not answer', { timeout: 30_000 });
  await expect(page.getByTestId('ai-error')).toHaveAttribute('role', 'alert');
  expect(generations().length - before).toBe(3);
  await expect(page.getByTestId('ai-topic')).toHaveValue('Volcanoes');
  await expect(page.getByTestId('ai-type')).toHaveValue('H5P.TrueFalse');
  await expect(page.getByTestId('ai-preview')).toHaveCount(0);
  await expect(page.getByTestId('ai-generate')).toBeEnabled();
  await expect(page.getByTestId('ai-generate')).toBeFocused();

  // the provider answers again: the statement and its answer
  await page.getByTestId('ai-generate').click();
  await expect(page.getByTestId('ai-preview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ai-error')).toHaveCount(0);
  await expect(page.getByTestId('ai-question')).toHaveText('Volcanoes is worth learning.');
  await expect(page.getByTestId('ai-truefalse')).toHaveText('True');
  await expect(page.getByTestId('ai-title')).toHaveValue('True or false: Volcanoes');
});

test('a student is told that creating with AI needs a teacher account', async ({ page }) => {
  await signIn(page, demoAccount('student'));
  await page.goto('/content/ai');
  await expect(page.getByTestId('create-gate')).toContainText('needs a teacher account');
  await expect(page.getByTestId('ai-form')).toHaveCount(0);
});
