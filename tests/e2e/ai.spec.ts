// Issue 13 item 6 in the browser: "Create with AI". A teacher generates a quiz from a topic (through the stand-in
// OpenAI-compatible provider of tests/support/ai-standin.ts, answering schema-shaped JSON from the prompt), reviews
// the preview (the question, the answers with the right one marked, the credits left), edits the title, saves it
// into the editor and plays it. A failing provider's error is shown and the form keeps what was typed; a student
// is told that creating needs a teacher account. The AI tools on an item (critique, differentiate, remix) and on a
// collection (recommendations added to it; a lesson bundle made, watched and stopped as a new collection), with the
// upgrade prompts of a plan without them.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { expectNoSeriousViolations } from './support/axe';
import { demoAccount, signIn, sql } from './support/fixtures';
import { createAuthor, createContent } from './support/content';
import { startAiStandin, type AiStandin } from '../support/ai-standin';
import { aiLibrariesPackage, contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';
import { pngOf } from '../support/images';

let ai: AiStandin | undefined;

/** A bearer token of the demo admin (premium), for setting up through the API. */
async function adminToken(): Promise<string> {
  const a = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: a.email, password: a.password }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** Imports an item of a content type (with its library) as private content of the demo admin; its id. */
async function importItem(token: string, machineName: string, title = `AI spec: ${machineName}`): Promise<string> {
  const form = new FormData();
  const pkg = contentPackage({ machineName, params: SAMPLE_PARAMS[machineName], title, withLibrary: true });
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'library.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(imported.status, machineName).toBe(201);
  return ((await imported.json()) as { data: { contentId: string } }).data.contentId;
}

/** Installs content types (each with a private import by the demo admin) when this spec runs alone. */
async function install(...machineNames: string[]) {
  const token = await adminToken();
  for (const machineName of machineNames) await importItem(token, machineName);
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
  // the alert takes the focus
  await expect(page.getByTestId('ai-error')).toBeFocused();

  // the provider answers again: the statement and its answer
  await page.getByTestId('ai-generate').click();
  await expect(page.getByTestId('ai-preview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ai-error')).toHaveCount(0);
  await expect(page.getByTestId('ai-question')).toHaveText('Volcanoes is worth learning.');
  await expect(page.getByTestId('ai-truefalse')).toHaveText('True');
  await expect(page.getByTestId('ai-title')).toHaveValue('True or false: Volcanoes');
});

/** Installs the AI container libraries (Question Set, Image Hotspots … with their sub-libraries) through one package import by the demo admin. */
async function installAiLibraries() {
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(aiLibrariesPackage())], { type: 'application/zip' }), 'ai-libraries.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${await adminToken()}` }, body: form });
  expect(imported.status).toBe(201);
}

/** the id in the editor's address after saving a draft, with the saved item's type */
async function savedItem(page: Page): Promise<{ id: string; mainLibrary: string }> {
  await expect(page).toHaveURL(/\/content\/[^/]+\/edit$/, { timeout: 20_000 });
  const id = decodeURIComponent(/\/content\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname)![1]!);
  const [row] = await sql<{ main_library: string }>('SELECT main_library FROM h5p_contents WHERE id = $1', [id]);
  return { id, mainLibrary: row!.main_library };
}

test('a teacher generates a question set from a topic, reviews the questions and saves it into the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await installAiLibraries();
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/content/ai');
  // the sources, and the types a topic offers (with the branching scenario)
  for (const s of ['topic', 'text', 'url', 'pdf', 'image', 'video']) await expect(page.getByTestId(`ai-source-${s}`)).toBeVisible();
  await expect(page.getByTestId('ai-type').locator('option')).toHaveCount(12);
  await page.getByTestId('ai-type').selectOption('H5P.QuestionSet');
  await expect(page.getByTestId('ai-count-hint')).toHaveText('How many questions in the quiz (1 to 20).');
  await page.getByTestId('ai-count').fill('3');
  await page.getByTestId('ai-topic').fill('Plate tectonics');
  await page.getByTestId('ai-generate').click();

  const preview = page.getByTestId('ai-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('heading', { name: 'Preview' })).toBeFocused();
  await expect(preview.getByTestId('ai-preview-type')).toHaveText('Question set (quiz)');
  const items = preview.getByTestId('ai-item');
  await expect(items).toHaveCount(3);
  await expect(items.first().getByTestId('ai-item-question')).toHaveText('Question 1: which statement about Plate tectonics is correct?');
  await expect(items.first().getByTestId('ai-answer').filter({ hasText: 'Plate tectonics fact 1' })).toHaveAttribute('data-correct', 'true');
  await expect(page.getByTestId('ai-title')).toHaveValue('Question set: Plate tectonics');
  expect(generations().at(-1)!.body.response_format.json_schema.name).toBe('H5P_QuestionSet');
  await expectNoSeriousViolations(page, '/content/ai');
  await fitsPhone(page);

  await page.getByTestId('ai-save').click();
  const saved = await savedItem(page);
  expect(saved.mainLibrary).toBe('H5P.QuestionSet');
  await page.goto(`/content/${saved.id}`);
  await expect(page.getByTestId('content-title')).toHaveText('Question set: Plate tectonics');
});

test('a teacher uploads an image, reviews the hotspots on it and saves an Image Hotspots item', async ({ page }) => {
  test.setTimeout(120_000);
  await installAiLibraries();
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/content/ai');
  await page.getByTestId('ai-source-image').check();
  await expect(page.getByTestId('ai-type')).toHaveCount(0);
  await expect(page.getByTestId('ai-fixed-type')).toHaveText('Content type: Image hotspots');
  await expect(page.getByTestId('ai-count-hint')).toHaveText('How many hotspots on the image (1 to 12).');
  // nothing chosen: the alert says so and the file field takes the focus
  await page.getByTestId('ai-generate').click();
  await expect(page.getByTestId('ai-error')).toHaveText('Choose an image.');
  await expect(page.getByTestId('ai-image')).toBeFocused();
  await page.getByTestId('ai-image').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: pngOf(64, 48) });
  await page.getByTestId('ai-image-topic').fill('A map');
  await page.getByTestId('ai-count').fill('2');
  await expectNoSeriousViolations(page, '/content/ai');
  await fitsPhone(page);
  await page.getByTestId('ai-generate').click();

  const preview = page.getByTestId('ai-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByTestId('ai-preview-type')).toHaveText('Image hotspots');
  await expect(preview.getByTestId('ai-item')).toHaveCount(2);
  await expect(preview.getByTestId('ai-item').first()).toContainText('Spot 1');
  await expect(preview.getByTestId('ai-hotspot-marker')).toHaveCount(2);
  // the uploaded image is shown (loaded from the temporary upload)
  const img = preview.getByTestId('ai-hotspot-image').locator('img');
  await expect(img).toHaveAttribute('alt', 'The picture to explore');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(64);
  await expectNoSeriousViolations(page, '/content/ai');
  await fitsPhone(page);

  await page.getByTestId('ai-save').click();
  const saved = await savedItem(page);
  expect(saved.mainLibrary).toBe('H5P.ImageHotspots');
});

/** the requests the stand-in received for one JSON schema (blooms_critique, H5P_TrueFalse …) */
const asked = (schema: string) => ai!.requests.filter((r) => r.body?.response_format?.json_schema?.name === schema);

/** Scrolls to a control below the player and lets two frames pass: right after a scroll, Chromium can still route a
 * click at the place the player's (out-of-process, sandboxed) frame had before the scroll into that frame. */
async function scrolledTo(locator: Locator): Promise<Locator> {
  await locator.scrollIntoViewIfNeeded();
  await locator.page().evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return locator;
}

/** the id in an editor link or address (/content/<id>/edit) */
const editedId = (href: string) => decodeURIComponent(/\/content\/([^/]+)\/edit$/.exec(new URL(href, E2E.appUrl).pathname)![1]!);

test("on an item of their own a teacher critiques it by Bloom's level, remixes it into true or false and makes an easier variant", async ({ page }) => {
  // an item the demo admin owns (the specs after this one count the demo teacher's content)
  const id = await importItem(await adminToken(), 'H5P.MultiChoice', 'AI tools: adding up');
  await signIn(page, demoAccount('super_admin'));
  await page.goto(`/content/${id}`);
  const tools = page.getByTestId('ai-tools');
  await expect(tools.getByRole('heading', { level: 2, name: 'AI tools' })).toBeVisible();
  await expect(page.getByTestId('ai-tools-credits')).toHaveText('Unlimited AI generations. Each action uses one.');
  await expect(tools.getByTestId('ai-upgrade')).toHaveCount(0);
  // the remix offers the other types, not the item's own
  await expect(page.getByTestId('ai-remix-type').locator('option')).toHaveText([
    'True or false',
    'Fill in the blanks',
    'Drag the words',
    'Mark the words',
    'Single choice set',
    'Question set (quiz)',
    'Dialog cards',
    'Summary',
    'Accordion',
    'Course presentation',
  ]);
  await expectNoSeriousViolations(page, `/content/${id}`);
  await fitsPhone(page);

  // 1. critique, aiming at a level: the level, why, and the rewrite
  const critique = page.getByTestId('ai-critique');
  await critique.getByLabel('Target level (optional)').selectOption({ label: 'Understand' });
  const before = asked('blooms_critique').length;
  // from the keyboard
  await page.getByTestId('ai-critique-run').press('Enter');
  const result = page.getByTestId('ai-critique-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('ai-critique-level')).toHaveText('Remember');
  await expect(result.getByTestId('ai-critique-explanation')).toHaveText('The question asks learners to recall a fact.');
  const suggestion = result.getByTestId('ai-critique-suggestion');
  await expect(suggestion).toHaveCount(1);
  await expect(suggestion.getByTestId('ai-critique-issue')).toHaveText('Recall only');
  await expect(suggestion.getByTestId('ai-critique-rewrite')).toHaveText('Explain why the right answer is right.');
  await expect(suggestion).toContainText('This rewrite reaches the Understand level.');
  await expect(critique.getByRole('status')).toHaveText("Critique ready: Bloom's level Remember, 1 suggestion.");
  await expect(critique.getByTestId('ai-action-error')).toHaveCount(0);
  // the button keeps the keyboard focus; what went to the provider: the item as data and the target level
  await expect(page.getByTestId('ai-critique-run')).toBeFocused();
  expect(asked('blooms_critique').length - before).toBe(1);
  const prompt = JSON.stringify(asked('blooms_critique').at(-1)!.body.messages);
  expect(prompt).toContain('\\"understand\\" level');
  expect(prompt).toContain('What is 2 + 2?');
  await expect(page.getByTestId('ai-tools-credits')).toHaveText('Unlimited AI generations. Each action uses one.');
  await expectNoSeriousViolations(page, `/content/${id}`);
  await fitsPhone(page);

  // 2. remix into true or false, then into the editor
  const remix = page.getByTestId('ai-remix');
  await page.getByTestId('ai-remix-type').selectOption({ label: 'True or false' });
  await (await scrolledTo(page.getByTestId('ai-remix-run'))).click();
  const remixed = remix.getByTestId('ai-action-result');
  await expect(remixed).toBeVisible({ timeout: 30_000 });
  await expect(remixed).toContainText('as a new private item.');
  expect(asked('H5P_TrueFalse').at(-1)!.body.messages.at(-1).content).toContain('What is 2 + 2?');
  const remixLink = remixed.getByRole('link', { name: 'Open the new item in the editor' });
  const remixId = editedId((await remixLink.getAttribute('href'))!);
  expect(remixId).not.toBe(id);
  const [made] = await sql<{ main_library: string; visibility: string; email: string }>(
    'SELECT c.main_library, o.visibility, u.email FROM h5p_contents c JOIN content_ownership o ON o.content_id = c.id JOIN users u ON u.id = o.user_id WHERE c.id = $1',
    [remixId],
  );
  expect(made).toEqual({ main_library: 'H5P.TrueFalse', visibility: 'private', email: demoAccount('super_admin').email });
  await (await scrolledTo(remixLink)).click();
  await expect(page).toHaveURL(new RegExp(`/content/${remixId}/edit$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // 3. an easier variant (the same type); a reading-level variant needs its level first
  await page.goto(`/content/${id}`);
  const differentiate = page.getByTestId('ai-differentiate');
  await (await scrolledTo(page.getByTestId('ai-variant-reading-level'))).check();
  await (await scrolledTo(page.getByTestId('ai-differentiate-run'))).click();
  await expect(differentiate.getByTestId('ai-action-error')).toHaveText('Enter a reading level, for example “age 9” or “CEFR A2”.');
  await expect(differentiate.getByLabel('Reading level of the learners')).toBeFocused();
  await (await scrolledTo(page.getByTestId('ai-variant-easier'))).check();
  await expect(differentiate.getByTestId('ai-action-error')).toHaveCount(0);
  await expect(differentiate.getByLabel('Reading level of the learners')).toHaveCount(0);
  await (await scrolledTo(page.getByTestId('ai-differentiate-run'))).click();
  const variant = differentiate.getByTestId('ai-action-result');
  await expect(variant).toBeVisible({ timeout: 30_000 });
  const variantLink = variant.getByRole('link', { name: 'Open the new item in the editor' });
  await expect(variantLink).toHaveAttribute('href', /^\/content\/[^/]+\/edit$/);
  const variantId = editedId((await variantLink.getAttribute('href'))!);
  expect([id, remixId]).not.toContain(variantId);
  const [easier] = await sql<{ main_library: string; visibility: string }>(
    'SELECT c.main_library, o.visibility FROM h5p_contents c JOIN content_ownership o ON o.content_id = c.id WHERE c.id = $1',
    [variantId],
  );
  expect(easier).toEqual({ main_library: 'H5P.MultiChoice', visibility: 'private' });
  expect(asked('H5P_MultiChoice').at(-1)!.body.messages.at(-1).content).toContain('Make an easier variant');
  await expect(differentiate.getByTestId('ai-action-error')).toHaveCount(0);
  await fitsPhone(page);
});

test('a plan without the AI tools shows an upgrade prompt instead of each button', async ({ page }) => {
  const admin = demoAccount('super_admin');
  const id = await importItem(await adminToken(), 'H5P.TrueFalse', 'AI tools: free plan');
  await sql(`UPDATE users SET plan = 'free' WHERE email = $1`, [admin.email]);
  try {
    await signIn(page, admin);
    await page.goto(`/content/${id}`);
    await expect(page.getByTestId('ai-tools')).toBeVisible();
    await expect(page.getByTestId('ai-tools-credits')).toBeVisible();
    for (const action of ['ai-critique', 'ai-differentiate', 'ai-remix']) {
      const section = page.getByTestId(action);
      await expect(section.getByTestId('ai-upgrade')).toContainText('Pro plan');
      await expect(section.getByTestId('ai-upgrade').getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/plans');
      await expect(section.getByRole('button')).toHaveCount(0);
    }
    await expectNoSeriousViolations(page, `/content/${id}`);
    // and on a collection: recommendations and the lesson bundle
    const created = await fetch(`${E2E.appUrl}/api/collections`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ title: 'AI spec: free plan' }),
    });
    const collectionId = ((await created.json()) as { data: { id: string } }).data.id;
    await page.goto(`/collections/${collectionId}`);
    for (const action of ['ai-recommend', 'ai-bundle']) {
      const section = page.getByTestId(action);
      await expect(section.getByTestId('ai-upgrade')).toContainText('Premium plan');
      await expect(section.getByRole('button')).toHaveCount(0);
    }
    await expectNoSeriousViolations(page, `/collections/${collectionId}`);
  } finally {
    await sql(`UPDATE users SET plan = 'premium' WHERE email = $1`, [admin.email]);
  }
});

test("on a collection of their own a teacher adds a recommended public item and makes a lesson bundle as a new collection", async ({ page }) => {
  test.setTimeout(180_000);
  // the bundle's three items are true or false, drag the words and mark the words
  await install('H5P.DragText', 'H5P.MarkTheWords');
  const token = await adminToken();
  const created = await fetch(`${E2E.appUrl}/api/collections`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'AI spec: weather' }),
  });
  expect(created.status).toBe(201);
  const collectionId = ((await created.json()) as { data: { id: string } }).data.id;
  // a public item by another author (recommendations leave out the caller's own), ranked first among the candidates
  const title = `Rain and clouds ${Date.now()}`;
  const publicId = await createContent({ ownerId: await createAuthor('Rita Rain'), title, visibility: 'public', quality: 100 });

  await signIn(page, demoAccount('super_admin'));
  await page.goto(`/collections/${collectionId}`);
  const tools = page.getByTestId('ai-collection-tools');
  await expect(tools.getByRole('heading', { level: 2, name: 'AI tools' })).toBeVisible();
  await expect(page.getByTestId('ai-collection-credits')).toHaveText('Unlimited AI generations. Recommendations use one; a lesson bundle uses one per item.');
  await expect(tools.getByTestId('ai-upgrade')).toHaveCount(0);
  await expect(page.getByTestId('items').getByTestId('item')).toHaveCount(0);
  await expectNoSeriousViolations(page, `/collections/${collectionId}`);
  await fitsPhone(page);

  // 1. recommendations: the missing levels, then the ranked items with the stand-in's reasons
  const before = asked('recommendations').length;
  await page.getByTestId('ai-recommend-run').click();
  const recommendations = page.getByTestId('ai-recommendations');
  await expect(recommendations).toBeVisible({ timeout: 30_000 });
  expect(asked('recommendations').length - before).toBe(1);
  await expect(page.getByTestId('ai-recommendation-gaps')).toHaveText("Missing Bloom's levels: Remember, Understand, Apply, Analyze, Evaluate, Create");
  const all = recommendations.getByTestId('ai-recommendation');
  expect(await all.count()).toBeGreaterThanOrEqual(1);
  expect(await all.count()).toBeLessThanOrEqual(3);
  await expect(all.getByTestId('ai-recommendation-reason').first()).toHaveText(/^Fits: /);
  const ours = all.filter({ hasText: title });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole('link', { name: title })).toHaveAttribute('href', `/marketplace/${publicId}`);
  await expect(ours.getByTestId('ai-recommendation-reason')).toHaveText(`Fits: ${title}`);
  await expect(ours).toContainText('Multiple choice');
  await expect(ours).toContainText("Bloom's level Understand");
  await expect(ours.getByTestId('ai-recommendation-gap')).toHaveText('Fills a gap');
  await expect(tools.getByRole('status').first()).toContainText(/items? recommended/);
  await expectNoSeriousViolations(page, `/collections/${collectionId}`);
  await fitsPhone(page);

  // added to the collection: the page's list shows it
  await ours.getByTestId('ai-recommendation-add').click();
  await expect(ours.getByTestId('ai-recommendation-added')).toHaveText('Added to the collection.');
  await expect(page.getByTestId('items').getByTestId('item').filter({ hasText: title })).toHaveCount(1, { timeout: 15_000 });
  const [row] = await sql<{ n: string }>('SELECT count(*) AS n FROM collection_items WHERE collection_id = $1 AND content_id = $2', [collectionId, publicId]);
  expect(Number(row!.n)).toBe(1);
  await expect(page.getByTestId('ai-collection-error')).toHaveCount(0);

  // 2. a lesson bundle of three items, which becomes a new collection
  await page.getByTestId('ai-bundle-run').click();
  await expect(page.getByTestId('ai-collection-error')).toHaveText('Enter a learning objective.');
  await expect(page.getByTestId('ai-bundle-objective')).toBeFocused();
  await page.getByTestId('ai-bundle-objective').fill('The water cycle');
  await page.getByTestId('ai-bundle-count').selectOption('3');
  await expect(page.getByTestId('ai-bundle-language')).toHaveValue('en');
  await page.getByTestId('ai-bundle-run').click();
  await expect(page.getByTestId('ai-collection-error')).toHaveCount(0);
  await expect(page.getByTestId('ai-bundle-progress')).toHaveText(/^[0-3] of 3 items$/, { timeout: 15_000 });
  await expect(page.getByTestId('ai-bundle-progress')).toHaveText('3 of 3 items', { timeout: 120_000 });
  const results = page.getByTestId('ai-bundle-result');
  await expect(results).toHaveCount(3);
  for (const link of await results.getByRole('link').all()) await expect(link).toHaveAttribute('href', /^\/content\/[^/]+\/edit$/);
  await expect(page.getByTestId('ai-bundle-stop')).toHaveCount(0);
  const open = page.getByTestId('ai-bundle-open');
  await expect(open).toHaveText('Open the new collection');
  await expectNoSeriousViolations(page, `/collections/${collectionId}`);
  await fitsPhone(page);
  const href = (await open.getAttribute('href'))!;
  const bundleId = /^\/collections\/([^/]+)$/.exec(href)![1]!;
  expect(bundleId).not.toBe(collectionId);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/collections/${bundleId}$`));
  await expect(page.getByTestId('items').getByTestId('item')).toHaveCount(3, { timeout: 15_000 });
  // the collection it was started from keeps its one item
  const [kept] = await sql<{ n: string }>('SELECT count(*) AS n FROM collection_items WHERE collection_id = $1', [collectionId]);
  expect(Number(kept!.n)).toBe(1);
});

test('a lesson bundle can be stopped between items: what was made stays, and the focus moves to the outcome', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await adminToken();
  const created = await fetch(`${E2E.appUrl}/api/collections`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'AI spec: stopped bundle' }),
  });
  const collectionId = ((await created.json()) as { data: { id: string } }).data.id;
  await signIn(page, demoAccount('super_admin'));
  await page.goto(`/collections/${collectionId}`);
  ai!.delayMs = 1500;
  try {
    await page.getByTestId('ai-bundle-objective').fill('Volcanoes');
    await page.getByTestId('ai-bundle-count').selectOption('6');
    await page.getByTestId('ai-bundle-run').click();
    const stop = page.getByTestId('ai-bundle-stop');
    await expect(stop).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('ai-bundle-run')).toHaveAttribute('aria-disabled', 'true');
    await stop.click();
    const outcome = page.getByTestId('ai-bundle-outcome');
    await expect(outcome).toContainText('Stopped. The items made so far stay.', { timeout: 60_000 });
    await expect(outcome).toBeFocused();
    await expect(stop).toHaveCount(0);
    const done = Number(/^(\d) of 6 items$/.exec((await page.getByTestId('ai-bundle-progress').textContent())!)![1]);
    expect(done).toBeLessThan(6);
    await expect(page.getByTestId('ai-bundle-result')).toHaveCount(done);
  } finally {
    ai!.delayMs = 0;
  }
});

test("the top bar's AI credits drop when a generation ends, without a reload", async ({ page }) => {
  // the second demo teacher (a limited plan; the first one's usage is counted by other specs)
  await signIn(page, demoAccount('teacher2'));
  await page.goto('/content/ai');
  const credits = page.getByTestId('shell-credits');
  await expect(credits).toHaveText(/^\d+ AI credits? left$/);
  const before = Number(/\d+/.exec((await credits.textContent()) ?? '')![0]);
  // a mark on the page's window: a reload would drop it
  await page.evaluate(() => Object.assign(window, { lumenNoReload: true }));
  await page.getByTestId('ai-topic').fill('Tides');
  await page.getByTestId('ai-generate').click();
  await expect(page.getByTestId('ai-preview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ai-credits')).toContainText(`${before - 1} of`);
  await expect(credits).toHaveText(`${before - 1} AI credits left`);
  expect(await page.evaluate(() => (window as unknown as { lumenNoReload?: boolean }).lumenNoReload)).toBe(true);
});

test('a student is told that creating with AI needs a teacher account', async ({ page }) => {
  await signIn(page, demoAccount('student'));
  await page.goto('/content/ai');
  await expect(page.getByTestId('create-gate')).toContainText('needs a teacher account');
  await expect(page.getByTestId('ai-form')).toHaveCount(0);
});
