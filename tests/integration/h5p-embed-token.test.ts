// Embed tokens: the iframe snippet's ?token= plays one content item and reports its result, nothing else.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueEmbedToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

beforeAll(async () => {
  await installTestLibraries();
});

async function setup() {
  const t = await signedIn(['teacher']);
  const id = await createContent(t.token, 'H5P.MultiChoice');
  const other = await createContent(t.token, 'H5P.MultiChoice');
  return { t, id, other, embed: await issueEmbedToken(t.user.id, id) };
}

describe('embed tokens', () => {
  it('play their own content on the embed page and the player route', async () => {
    const { id, embed } = await setup();
    const page = await api('GET', `/h5p/embed/${id}?token=${embed}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('H5PIntegration');
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const model = await api('GET', `/h5p/play/${id}?token=${embed}`);
    expect(model.status).toBe(200);
    expect(model.body.data.integration).toBeDefined();
  });

  it('refuse any other content with 401 Invalid or expired token', async () => {
    const { other, embed } = await setup();
    for (const path of [`/h5p/embed/${other}`, `/h5p/play/${other}`]) {
      const res = await api('GET', `${path}?token=${embed}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Invalid or expired token' });
    }
  });

  it('are no access token anywhere else: API, editor, content list, AJAX and export refuse them', async () => {
    const { id, embed } = await setup();
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/h5p/content'],
      ['GET', `/h5p/edit/${id}`],
      ['GET', `/h5p/content/${id}/export`],
      ['DELETE', `/h5p/content/${id}`],
      ['GET', '/h5p/ajax?action=content-type-cache'],
      ['GET', `/h5p/params/${id}`],
    ] as const) {
      const res = await api(method, `${path}${path.includes('?') ? '&' : '?'}token=${embed}`);
      expect([method, path, res.status, res.body.error]).toEqual([method, path, 401, 'Invalid or expired token']);
    }
    expect(await db().h5pContent.count({ where: { id } })).toBe(1);
  });

  it('never store a finished result as the snippet author (an anonymous viewer’s result is their attempt), and refuse other content', async () => {
    const { t, id, other, embed } = await setup();
    const form = (contentId: string) => new URLSearchParams({ contentId, score: '3', maxScore: '4', opened: '100', finished: '130' }).toString();
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const ok = await api('POST', `/h5p/finishedData?token=${embed}`, { body: form(id), headers });
    expect(ok.status).toBe(200);
    expect(await db().h5pFinishedData.count({ where: { contentId: id, userId: t.user.id } })).toBe(0);
    // the player page of an embed does not post one at all
    const page = await (await fetch(`${inject('appUrl')}/h5p/embed/${id}?token=${embed}`)).text();
    expect(page).toContain('"postUserStatistics":false');
    const refused = await api('POST', `/h5p/finishedData?token=${embed}`, { body: form(other), headers });
    expect(refused.status).toBe(401);
    expect(await db().h5pFinishedData.count({ where: { contentId: other } })).toBe(0);
  });

  it('keep no saved state between anonymous viewers', async () => {
    const { id, embed } = await setup();
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const save = await api('POST', `/h5p/contentUserData/${id}/state/0?token=${embed}`, { body: 'data=%7B%22a%22%3A1%7D&preload=1&invalidate=0', headers });
    expect(save.status).toBe(200);
    const read = await api('GET', `/h5p/contentUserData/${id}/state/0?token=${embed}`);
    expect(read.body).toEqual({ success: true, data: false });
  });

  it('are refused when expired or signed with another key', async () => {
    const { t, id } = await setup();
    const expired = await issueEmbedToken(t.user.id, id, -10);
    expect((await api('GET', `/h5p/embed/${id}?token=${expired}`)).body.error).toBe('Invalid or expired token');
    const forged = `${expired.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await api('GET', `/h5p/embed/${id}?token=${forged}`)).status).toBe(401);
  });
});
