// Issue 23, item 3 in the browser: a Single Choice Set saved without sub-content ids gets one per question from the
// semantics filter; a student plays it in the workspace's sandboxed player (the project's test library, which reports
// each question as H5P.SingleChoiceSet does: object id …?subContentId=<the question's id>), and the teacher's item
// analysis shows its three questions as three items.
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { aiLibrariesPackage, contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

async function tokenOf(role: 'super_admin' | 'teacher'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test.beforeAll(async () => {
  // the test content types (the sub-content types first), imported by the super admin
  const admin = await tokenOf('super_admin');
  const pkgs: [Buffer, string][] = [
    ...['H5P.MultiChoice', 'H5P.TrueFalse'].map((m): [Buffer, string] => [contentPackage({ machineName: m, params: SAMPLE_PARAMS[m], title: `Sub ids: ${m}` }), `${m}.h5p`]),
    [aiLibrariesPackage(), 'ai-libraries.h5p'],
  ];
  for (const [pkg, name] of pkgs) {
    const form = new FormData();
    form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), name);
    const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    expect(res.status, name).toBe(201);
  }
});

test('three questions of a Single Choice Set reach item analysis as three items', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await sql(`UPDATE users SET plan = 'pro' WHERE email = $1`, [teacher.email]);
  const token = await tokenOf('teacher');
  const [lib] = await sql<{ major_version: number; minor_version: number }>(
    `SELECT major_version, minor_version FROM h5p_libraries WHERE machine_name = 'H5P.SingleChoiceSet' ORDER BY major_version DESC, minor_version DESC LIMIT 1`,
  );
  const params = {
    // no subContentId: as an API client (or main before the fix) sends it
    choices: [1, 2, 3].map((i) => ({ question: `<p>Question ${i}</p>`, answers: [`<p>Right ${i}</p>`, `<p>Wrong ${i}</p>`] })),
    behaviour: { autoContinue: false, timeoutCorrect: 0, timeoutWrong: 0, soundEffectsEnabled: false, enableRetry: true, enableSolutionsButton: true, passPercentage: 100 },
  };
  const created = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ library: `H5P.SingleChoiceSet ${lib!.major_version}.${lib!.minor_version}`, params, metadata: { title: 'Three questions' } }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { data: { contentId: string } }).data.contentId;
  const shared = await fetch(`${E2E.appUrl}/h5p/content/${id}/visibility`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ visibility: 'public' }) });
  expect(shared.status).toBe(200);
  const [row] = await sql<{ parameters: { choices: { subContentId?: string }[] } }>('SELECT parameters FROM h5p_contents WHERE id = $1', [id]);
  const ids = row!.parameters.choices.map((c) => c.subContentId);
  for (const x of ids) expect(x).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(3);

  // a student answers: right, wrong, right
  await signIn(page, demoAccount('student'));
  await page.goto(`/content/${id}`);
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  for (const [i, pick] of [[1, 'Right 1'], [2, 'Wrong 2'], [3, 'Right 3']] as const) {
    await expect(frame.locator('.h5p-scs-question')).toHaveText(`Question ${i}`);
    await frame.locator('.h5p-scs-alternative', { hasText: pick }).click();
    await frame.getByRole('button', { name: i === 3 ? 'Show results' : 'Next question' }).click();
  }
  await expect(frame.locator('.h5p-scs-total')).toHaveText('2 of 3 correct');

  // one answer per question, each under the question's own id (the set's own total statement is the content's, '')
  const questionItems = async () =>
    (await sql<{ item_id: string }>(`SELECT DISTINCT item_id FROM attempt_responses WHERE content_id = $1 AND item_id <> ''`, [id])).map((r) => r.item_id).sort();
  await expect.poll(questionItems, { timeout: 20_000 }).toEqual([...ids].sort());
  const res = await fetch(`${E2E.appUrl}/api/results/content/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const items = ((await res.json()) as { data: { items: { itemId: string; answers: number; correct: number }[] } }).data.items;
  const questions = items.filter((i) => i.itemId !== '');
  expect(questions.map((i) => [i.itemId, i.answers, i.correct])).toEqual(expect.arrayContaining([[ids[0], 1, 1], [ids[1], 1, 0], [ids[2], 1, 1]]));
  expect(questions).toHaveLength(3);
});
