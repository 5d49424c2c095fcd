import { randomUUID } from 'node:crypto';
import { expect, hydrated, test } from './support/test';
import { createAuthor, createContent, userIdByEmail } from './support/content';
import { seedFramework } from './support/curriculum';
import { demoAccount, signIn, sql } from './support/fixtures';

test("a teacher builds a collection, reorders and removes items, and sees the Bloom's analysis with suggestions", async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const tag = randomUUID().slice(0, 6);
  const fw = `C${tag.toUpperCase()}`;
  await seedFramework(fw);
  await createContent({ ownerId: me, title: `Cells true or false ${tag}`, mainLibrary: 'H5P.TrueFalse' });
  await createContent({ ownerId: me, title: `Cells quiz ${tag}`, mainLibrary: 'H5P.QuestionSet' });
  const author = await createAuthor();
  await createContent({ ownerId: author, title: `Cells essay ${tag}`, visibility: 'public', mainLibrary: 'H5P.Essay', curriculum: { frameworkCode: fw, frameworkName: `Framework ${fw}`, subjectCode: 'SCI', subjectName: 'Science' } });
  // public content of another subject is not suggested while something matches
  await createContent({ ownerId: author, title: `Maths essay ${tag}`, visibility: 'public', mainLibrary: 'H5P.Essay', curriculum: { frameworkCode: fw, subjectCode: 'MAT' } });

  await page.goto('/workspace');
  await page.getByTestId('link-collections').click();
  await expect(page).toHaveURL(/\/collections$/);
  await hydrated(page);
  await page.getByTestId('new-title').fill(`Cells unit ${tag}`);
  // framework, grade and subject come from the synced curriculum: searchable, labelled selects
  await expect(page.getByTestId('curriculum-empty')).toHaveCount(0);
  await expect(page.getByTestId('new-subject')).toBeDisabled();
  await expect(page.getByTestId('new-subject-reason')).toHaveText('Choose a framework first.');
  if (await page.getByTestId('new-framework-filter').count()) await page.getByTestId('new-framework-filter').fill(fw);
  await page.getByTestId('new-framework').selectOption(fw);
  await page.getByTestId('new-grade').selectOption({ label: 'Year 5 (Primary)' });
  await page.getByTestId('new-subject').selectOption({ label: 'Science' });
  await page.getByTestId('new-language').selectOption('en');
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Collection created' })).toBeVisible();
  await expect(page.getByTestId('collection-title')).toHaveText(`Cells unit ${tag}`);
  await expect(page.getByTestId('collection-curriculum')).toContainText(`Framework ${fw} · Year 5 · Science · en`);

  // add two of my contents
  for (const title of [`Cells true or false ${tag}`, `Cells quiz ${tag}`]) {
    await page.getByTestId('my-content').selectOption({ label: `${title} (${title.includes('quiz') ? 'H5P.QuestionSet' : 'H5P.TrueFalse'})` });
    await page.getByTestId('add-mine').click();
    await expect(page.getByTestId('items')).toContainText(title);
  }
  await expect(page.getByTestId('item')).toHaveCount(2);

  // the analysis: remember 50 %, apply 50 %, score 33, against the target markers
  await expect(page.getByTestId('blooms-chart')).toBeVisible();
  await expect(page.getByTestId('blooms-score')).toHaveText('33');
  await expect(page.getByTestId('blooms-remember')).toContainText('50%');
  await expect(page.getByTestId('blooms-apply')).toContainText('50% (+20)');
  await expect(page.getByTestId('blooms-create')).toContainText('0% (-11.66)');
  // the score and the bracketed numbers explained in words (issue 23, item 5)
  await expect(page.getByTestId('blooms-explanation')).toContainText('2 of the six levels have at least one item: each level covered adds one sixth (about 17 points) to the coverage score.');
  await expect(page.getByTestId('blooms-explanation')).toContainText('The number in brackets compares a level');

  // a suggestion that fills the create gap, added from the suggestions
  const suggestion = page.getByTestId('suggestion').filter({ hasText: `Cells essay ${tag}` });
  await expect(suggestion).toContainText('fills a gap');
  await expect(page.getByTestId('suggestion').filter({ hasText: `Maths essay ${tag}` })).toHaveCount(0);
  await suggestion.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('item')).toHaveCount(3);
  await expect(page.getByTestId('toast').filter({ hasText: 'Added to the collection' }).first()).toBeVisible();
  await expect(page.getByTestId('blooms-score')).toHaveText('50');

  // drag the essay (last) onto the first item: the HTML5 drag-and-drop events a browser fires
  const items = page.getByTestId('item');
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await items.nth(2).dispatchEvent('dragstart', { dataTransfer });
  await items.nth(0).dispatchEvent('dragenter', { dataTransfer });
  await items.nth(0).dispatchEvent('dragover', { dataTransfer });
  await items.nth(0).dispatchEvent('drop', { dataTransfer });
  await items.nth(2).dispatchEvent('dragend', { dataTransfer });
  await expect(items.nth(0)).toContainText(`Cells essay ${tag}`);
  await expect(items.nth(1)).toContainText(`Cells true or false ${tag}`);
  // and move it back down one step with the button
  await items.nth(0).getByRole('button', { name: 'Move down' }).click();
  await expect(items.nth(1)).toContainText(`Cells essay ${tag}`);

  // remove an item, after a confirmation (Cancel keeps it): positions stay contiguous
  await items.nth(0).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('remove-item-dialog')).toContainText(`Cells true or false ${tag}`);
  await page.getByTestId('remove-item-dialog-cancel').click();
  await expect(page.getByTestId('remove-item-dialog')).toHaveCount(0);
  await expect(page.getByTestId('item')).toHaveCount(3);
  await items.nth(0).getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('remove-item-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Removed from the collection' })).toBeVisible();
  await expect(page.getByTestId('item')).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`1. Cells essay ${tag}`);
  await expect(items.nth(1)).toContainText(`2. Cells quiz ${tag}`);
});

test('a collection with a curriculum no public content matches still suggests gap fillers, and its items open in the player page', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const tag = randomUUID().slice(0, 6);
  const fw = `D${tag.toUpperCase()}`;
  await seedFramework(fw);
  const mine = `Rocks quiz ${tag}`;
  const contentId = await createContent({ ownerId: me, title: mine, mainLibrary: 'H5P.TrueFalse' });
  const author = await createAuthor();
  await createContent({ ownerId: author, title: `Rocks scenario ${tag}`, visibility: 'public', mainLibrary: 'H5P.BranchingScenario', quality: 100 });

  await page.goto('/collections');
  await page.getByTestId('new-title').fill(`Rocks ${tag}`);
  await page.getByTestId('new-framework').selectOption(fw);
  await page.getByTestId('new-subject').selectOption({ label: 'Mathematics' });
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  await page.getByTestId('my-content').selectOption({ label: `${mine} (H5P.TrueFalse)` });
  await page.getByTestId('add-mine').click();
  await expect(page.getByTestId('item')).toHaveCount(1);

  // nothing public is tagged with this framework: the Bloom's gap levels' public content is offered instead
  await expect(page.getByTestId('suggestions-fallback')).toBeVisible();
  await expect(page.getByTestId('suggestion').filter({ hasText: `Rocks scenario ${tag}` })).toContainText('fills a gap');

  // settings: the subject can be changed and cleared from the same pickers
  await page.getByTestId('edit-settings').click();
  await page.getByTestId('edit-collection').getByTestId('new-subject').selectOption('');
  await page.getByTestId('save-collection').click();
  await expect(page.getByTestId('collection-curriculum')).toContainText(`Framework ${fw}`);
  await expect(page.getByTestId('collection-curriculum')).not.toContainText('Mathematics');

  // an available item opens its content page, which plays it
  await page.getByTestId('item-open').click();
  await expect(page).toHaveURL(new RegExp(`/content/${contentId}$`));
});

test('a teacher deletes a collection after confirming it, and the list says so', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const tag = randomUUID().slice(0, 6);
  await page.goto('/collections');
  await page.getByTestId('new-title').fill(`Throwaway ${tag}`);
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;

  // Cancel keeps it; confirming deletes it and returns to the list with a toast
  await page.getByTestId('delete-collection').click();
  await expect(page.getByTestId('delete-collection-dialog')).toContainText(`Throwaway ${tag}`);
  await page.getByTestId('delete-collection-dialog-cancel').click();
  await expect(page.getByTestId('collection-title')).toHaveText(`Throwaway ${tag}`);
  await page.getByTestId('delete-collection').click();
  await page.getByTestId('delete-collection-dialog-confirm').click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Collection deleted' })).toContainText(`Throwaway ${tag}`);
  await expect(page.getByTestId('collections')).not.toContainText(`Throwaway ${tag}`);
  expect(await sql('SELECT 1 FROM collections WHERE id = $1', [id])).toHaveLength(0);
});

test("a German-speaking teacher sees the collections pages and the Bloom's chart in German", async ({ page }) => {
  const teacher = demoAccount('teacher');
  const [before] = await sql<{ locale: string | null }>('SELECT locale FROM users WHERE email = $1', [teacher.email]);
  await signIn(page, teacher);
  await sql("UPDATE users SET locale = 'de' WHERE email = $1", [teacher.email]);
  try {
    const tag = randomUUID().slice(0, 6);
    await page.goto('/collections');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Sammlungen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Neue Sammlung' })).toBeVisible();
    await expect(page.getByText('Rahmenlehrplan', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Sammlungen · /);
    await page.getByTestId('new-title').fill(`Vulkane ${tag}`);
    await page.getByRole('button', { name: 'Sammlung erstellen' }).click();
    await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('toast').filter({ hasText: 'Sammlung erstellt' })).toBeVisible();
    await expect(page.getByTestId('collection-title')).toHaveText(`Vulkane ${tag}`);
    await expect(page.getByText('0 Elemente · privat')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Analyse nach Bloom' })).toBeVisible();

    // the chart's levels and texts in German
    const chart = page.getByTestId('blooms-chart');
    await expect(chart).toContainText('Abdeckungswert:');
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', 'Verteilung nach Bloom im Vergleich zum Ziel');
    const levels: [string, string][] = [['remember', 'Erinnern'], ['understand', 'Verstehen'], ['apply', 'Anwenden'], ['analyze', 'Analysieren'], ['evaluate', 'Bewerten'], ['create', 'Erschaffen']];
    for (const [level, name] of levels) await expect(page.getByTestId(`blooms-${level}`)).toContainText(name);
    await expect(chart).toContainText('Balken: Anteil der Elemente je Stufe');
    await expect(page.getByTestId('blooms-explanation')).toContainText('Noch keine der sechs Stufen hat ein Element: Jede abgedeckte Stufe bringt ein Sechstel (etwa 17 Punkte) zum Abdeckungswert.');
    await expect(chart).not.toContainText('remember');
    await expect(page.getByRole('button', { name: 'Öffentlich machen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vorschläge' })).toBeVisible();
  } finally {
    await sql('UPDATE users SET locale = $1 WHERE email = $2', [before?.locale ?? null, teacher.email]);
  }
});

test("an item its author deleted reads 'Removed by its author', and a bad or foreign collection URL is the branded 404", async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const tag = randomUUID().slice(0, 6);
  const author = await createAuthor('Gone Author');
  const gone = await createContent({ ownerId: author, title: `Soon gone ${tag}`, visibility: 'public', mainLibrary: 'H5P.TrueFalse' });
  await page.goto('/collections');
  await page.getByTestId('new-title').fill(`Leftovers ${tag}`);
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const res = await page.request.post(`/api/collections/${id}/items`, { data: { contentId: gone }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(201);

  // the author deletes it: the item keeps its place, named for what happened, never by its raw id
  await sql('DELETE FROM h5p_contents WHERE id = $1', [gone]);
  await page.reload();
  const item = page.getByTestId('item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('item-removed')).toHaveText('Removed by its author');
  await expect(item).not.toContainText(gone);
  await expect(item).not.toContainText('unknown');

  // a bad id, an unknown one, and another teacher's private collection: the branded 404
  const owner = await createAuthor('Private Owner');
  const [foreign] = await sql<{ id: string }>(`INSERT INTO collections (id, user_id, title, updated_at) VALUES (gen_random_uuid(), $1, 'Private', now()) RETURNING id`, [owner]);
  for (const bad of ['not-a-collection', '00000000-0000-4000-8000-000000000000', foreign!.id]) {
    const r = await page.goto(`/collections/${bad}`);
    expect([bad, r?.status()]).toEqual([bad, 404]);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('Collection not found')).toHaveCount(0);
  }
});

test('German: a suggestion that fills a Bloom gap reads as a missing level, not a literal gap', async ({ page }) => {
  const teacher = demoAccount('teacher');
  const [before] = await sql<{ locale: string | null }>('SELECT locale FROM users WHERE email = $1', [teacher.email]);
  await signIn(page, teacher);
  await sql("UPDATE users SET locale = 'de' WHERE email = $1", [teacher.email]);
  try {
    const tag = randomUUID().slice(0, 6);
    const author = await createAuthor();
    await createContent({ ownerId: author, title: `Lücke ${tag}`, visibility: 'public', mainLibrary: 'H5P.Essay', quality: 100 });
    await page.goto('/collections');
    await page.getByTestId('new-title').fill(`Stufen ${tag}`);
    await page.getByRole('button', { name: 'Sammlung erstellen' }).click();
    await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
    const suggestion = page.getByTestId('suggestion').filter({ hasText: `Lücke ${tag}` });
    await expect(suggestion).toContainText('ergänzt eine fehlende Stufe');
    await expect(page.locator('main')).not.toContainText('schließt eine Lücke');
  } finally {
    await sql('UPDATE users SET locale = $1 WHERE email = $2', [before?.locale ?? null, teacher.email]);
  }
});
