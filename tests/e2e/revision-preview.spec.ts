// Issue 27 item 3: a revision previews with its own files. An item's picture is removed and the item saved again;
// the History's preview of the first revision still shows the picture, loaded from that revision's files
// (GET /h5p/content/:id/revisions/:revisionId/files/<path>), not from the item's files, in one player.
import fs from 'node:fs';
import path from 'node:path';
import { expect, hydrated, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { publicItem } from './support/public-item';
import { SAMPLE_PARAMS, contentPackage, libraryString } from '../support/h5p-packages';
import { pngOf } from '../support/images';

const teacher = demoAccount('teacher');

test('the preview of an old revision shows the picture the item no longer has', async ({ page }) => {
  await publicItem('Revision preview library'); // installs the content type when this spec runs alone
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: teacher.email, password: teacher.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  await sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [teacher.email.toLowerCase()]);

  // an item with a 40 × 30 picture
  const withPicture = { ...(SAMPLE_PARAMS['H5P.MultiChoice'] as Record<string, unknown>), image: { path: 'images/pic.png', alt: 'A grey picture' } };
  const form = new FormData();
  const pkg = contentPackage({ machineName: 'H5P.MultiChoice', params: withPicture, title: 'Picture quiz', media: { 'images/pic.png': pngOf(40, 30) } });
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'picture.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: auth, body: form });
  expect(imported.status).toBe(201);
  const id = ((await imported.json()) as { data: { contentId: string } }).data.contentId;

  // the picture leaves the item (as an editor's removal does) and the item is saved without it
  fs.rmSync(path.join(E2E.dataDir, 'h5p', 'content', id, 'images', 'pic.png'));
  const saved = await fetch(`${E2E.appUrl}/h5p/content/${id}`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Picture quiz' } }),
  });
  expect(saved.status).toBe(200);
  const [first] = await sql<{ id: string }>('SELECT id FROM content_revisions WHERE content_id = $1 ORDER BY number ASC LIMIT 1', [id]);

  await signIn(page, teacher);
  await page.goto(`/content/${id}/revisions/${first!.id}`);
  await hydrated(page);
  const picture = page.getByTestId('revision-player').getByRole('img', { name: 'A grey picture' });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  // one player (the element once rendered the revision twice, one under the other)
  await expect(page.getByTestId('revision-player').locator('.h5p-content')).toHaveCount(1);
  await expect(page.getByTestId('revision-player').getByRole('button', { name: 'Check' })).toHaveCount(1);
  await expect(picture).toHaveAttribute('src', new RegExp(`/h5p/content/${id}/revisions/${first!.id}/files/images/pic\\.png$`));
  // loaded, with its size: the revision's blob, not the item's (gone) file
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : 'loading')), { timeout: 15_000 }).toBe('40x30');
});
