// Embed tokens: the iframe snippet's ?token= plays one content item and reports its result, nothing else.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
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

  it('keep each anonymous viewer’s saved state their own (by the id their browser keeps), and none for a viewer who names no id', async () => {
    const { t, id, embed } = await setup();
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const [ada, bob] = [randomUUID(), randomUUID()];
    const state = (learner?: string) => `/h5p/contentUserData/${id}/state/0?token=${embed}${learner ? `&learner=${learner}` : ''}`;
    expect((await api('POST', state(ada), { body: 'data=%7B%22a%22%3A1%7D&preload=1&invalidate=0', headers })).status).toBe(200);
    expect((await api('GET', state(ada))).body).toEqual({ success: true, data: '{"a":1}' });
    expect((await api('GET', state(bob))).body).toEqual({ success: true, data: false });
    // no id named: nothing kept, nothing read — and never the author's state
    expect((await api('POST', state(), { body: 'data=%7B%22b%22%3A2%7D&preload=1&invalidate=0', headers })).status).toBe(200);
    expect((await api('GET', state())).body).toEqual({ success: true, data: false });
    expect((await api('GET', `${state()}&learner=not-a-uuid`)).body).toEqual({ success: true, data: false });
    expect(await db().h5pContentUserData.count({ where: { contentId: id, userId: t.user.id } })).toBe(0);
    expect(await db().h5pContentUserData.count({ where: { contentId: id, userId: `anon:${ada}` } })).toBe(1);
    // the player page opened for that viewer starts from their state and saves under their id
    const page = await (await fetch(`${inject('appUrl')}/h5p/embed/${id}?token=${embed}&learner=${ada}`)).text();
    expect(page).toMatch(/"contentUserData":\[\{"state":"\{\\"a\\":1\}"\}\]/);
    expect(page).toMatch(new RegExp(`"contentUserData":"[^"]*learner=${ada}"`));
    expect((await fetch(`${inject('appUrl')}/h5p/embed/${id}?token=${embed}&learner=nope`)).status).toBe(400);
    // the author's own saved state (their workspace player) never reaches an anonymous viewer's page
    const player = await issuePlayerToken(t.user.id, id);
    expect((await api('POST', `/h5p/contentUserData/${id}/state/0?token=${player}`, { body: 'data=%7B%22zq9mark%22%3A1%7D&preload=1&invalidate=0', headers })).status).toBe(200);
    for (const url of [`/h5p/embed/${id}?token=${embed}`, `/h5p/play/${id}?token=${embed}`, `/h5p/embed/${id}?token=${embed}&learner=${bob}`]) {
      expect(await (await fetch(`${inject('appUrl')}${url}`)).text(), url).not.toContain('zq9mark');
    }
  });

  it('are refused when expired or signed with another key', async () => {
    const { t, id } = await setup();
    const expired = await issueEmbedToken(t.user.id, id, -10);
    expect((await api('GET', `/h5p/embed/${id}?token=${expired}`)).body.error).toBe('Invalid or expired token');
    const forged = `${expired.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await api('GET', `/h5p/embed/${id}?token=${forged}`)).status).toBe(401);
  });
});
