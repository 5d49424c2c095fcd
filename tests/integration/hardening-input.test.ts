// Issue 7, request hardening: control characters (item 8), malformed escapes, unknown AJAX actions, over-long
// ids and unknown /api paths (item 14), local HS256 tokens without exp (item 15, first half).
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { TEST_JWT_SECRET } from '../support/env';
import { createContent as seedContent, signedIn, uniqueEmail } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const CONTROL = (field: string) => `Validation error: ${field}: control characters are not allowed`;
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

let teacher: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  teacher = await signedIn(['teacher']);
});

describe('control characters never reach the database (item 8)', () => {
  it('a NUL in a path answers 400 and does not fail 300 concurrent innocent reads', async () => {
    const { id } = await seedContent({ ownerId: teacher.user.id, visibility: 'public' });
    const innocent: Promise<{ status: number; text: string }>[] = [];
    const hostile: Promise<{ status: number; text: string; body: unknown }>[] = [];
    // four readers: each caller's API tier is 100 per window (per user since issue 22 item 13)
    const readers = [teacher, ...(await Promise.all([1, 2, 3].map(() => signedIn(['teacher']))))];
    for (let i = 0; i < 300; i++) {
      const reader = readers[i % readers.length]!;
      innocent.push(api('GET', `/h5p/content/${id}`, { token: reader.token }));
      if (i % 10 === 0) hostile.push(api('GET', `/h5p/content/${id.slice(0, 8)}%00${i}`, { token: reader.token }));
    }
    const [good, bad] = await Promise.all([Promise.all(innocent), Promise.all(hostile)]);
    const failed = good.filter((r) => r.status !== 200);
    expect(failed.length, `failed innocent reads: ${failed.slice(0, 3).map((r) => `${r.status} ${r.text}`).join(' | ')}`).toBe(0);
    for (const r of bad) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, error: CONTROL('path') });
    }
  });

  it.each([
    ['an API path parameter', 'GET', '/api/collections/abc%00def', 'path'],
    ['an API query value', 'GET', '/api/marketplace/public-contents?search=a%00b', 'search'],
    ['an API query value (unit separator)', 'GET', '/api/marketplace/public-contents?search=a%1Fb', 'search'],
    ['an API query value (DEL)', 'GET', '/api/curriculum/sync/history?limit=1%7F', 'limit'],
    ['a static content file path', 'GET', '/h5p/content/%00/file.png', 'path'],
    ['a library file path', 'GET', '/h5p/libraries/H5P.MultiChoice-1.16/multi%01choice.js', 'path'],
    ['a core file query', 'GET', '/h5p/core/js/jquery.js?version=%0A', 'version'],
    ['an AJAX query (no proxy on /h5p/ajax)', 'POST', '/h5p/ajax?action=filter%00', 'action'],
    ['a newline in an API path', 'GET', '/api/collections/a%0Ab', 'path'],
  ])('%s with a control character answers 400 JSON', async (_name, method, path, field) => {
    const res = await api(method, path, { token: teacher.token });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ success: false, error: CONTROL(field) });
  });

  it('a page path with a NUL answers 400 (never reaches the database)', async () => {
    const res = await api('GET', '/collections/abc%00def');
    expect(res.status).toBe(400);
  });

  it('a JSON body string with a control character answers 400 naming the field; nothing is created', async () => {
    const title = `nul-${randomUUID()}`;
    const res = await api('POST', '/api/collections', { token: teacher.token, body: { title: `${title}\u0000` } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: CONTROL('title') });
    expect(await db().collection.count({ where: { title: { startsWith: title } } })).toBe(0);

    const nested = await api('POST', '/api/collections', { token: teacher.token, body: { title, topicCodes: ['ok', 'bad\u0008'] } });
    expect(nested.status).toBe(400);
    expect(nested.body.error).toBe(CONTROL('topicCodes.1'));

    const key = await api('POST', '/api/collections', { token: teacher.token, body: { title, ['x\u0001']: 1 } });
    expect(key.status).toBe(400);
    expect(key.body.error).toBe(CONTROL('body'));
  });

  it('tabs, newlines and carriage returns in JSON strings are accepted', async () => {
    const res = await api('POST', '/api/collections', { token: teacher.token, body: { title: 'Lines', description: 'one\ntwo\r\nthree\tfour' } });
    expect(res.status).toBe(201);
    expect(res.body.data.description).toBe('one\ntwo\r\nthree\tfour');
  });

  it('H5P parameters with newlines still pass; a NUL in them is refused', async () => {
    await installTestLibraries();
    const params = { question: '<p>Line one\nline two</p>', answers: [{ text: '<div>4\n</div>', correct: true }, { text: '<div>5</div>', correct: false }] };
    const id = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Newlines' }, params);
    expect(id).toBeTruthy();
    const bad = await api('POST', '/h5p/content', {
      token: teacher.token,
      body: { library: 'H5P.MultiChoice 1.16', params: { ...params, question: 'a\u0000b' }, metadata: { title: 'NUL' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(CONTROL('params.question'));
  });

  it('an /h5p/ajax form or JSON body with a control character answers 400', async () => {
    const { id } = await seedContent({ ownerId: teacher.user.id });
    const state = await api('POST', `/h5p/contentUserData/${id}/state/0`, { token: teacher.token, ...form({ data: 'x\u0000y', preload: '0', invalidate: '0' }) });
    expect(state.status).toBe(400);
    expect(state.body.error).toBe(CONTROL('data'));
    const finished = await api('POST', '/h5p/finishedData', { token: teacher.token, body: { contentId: `${id}\u0000`, score: 1, maxScore: 2 } });
    expect(finished.status).toBe(400);
    expect(finished.body.error).toBe(CONTROL('contentId'));
    expect(await db().h5pContentUserData.count({ where: { contentId: id } })).toBe(0);
  });
});

describe('no 5xx from odd requests (item 14)', () => {
  it.each([
    ['GET', '/h5p/content/%E0%A4%A/x'],
    ['GET', '/api/collections/%zz'],
    ['GET', '/h5p/libraries/%E0%A4%A-1.0/x.js'],
    ['GET', '/h5p/ajax?action=%zz'],
  ])('%s %s (malformed %%-escape) answers 400', async (method, path) => {
    const res = await api(method, path, { token: teacher.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/^Validation error: /) });
  });

  it.each(['GET', 'POST'])('an unknown /h5p/ajax action (%s) answers 400 Validation error: unknown action', async (method) => {
    const res = await api(method, '/h5p/ajax?action=nope', { token: teacher.token, ...(method === 'POST' ? form({ a: '1' }) : {}) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation error: unknown action nope' });
  });

  it.each([
    ['POST', '/h5p/finishedData', 'finishedData'],
    ['GET', `/h5p/contentUserData/${'x'.repeat(101)}/state/0`, 'contentUserData'],
    ['POST', `/h5p/contentUserData/${'x'.repeat(101)}/state/0`, 'contentUserData'],
    ['GET', `/h5p/params/${'x'.repeat(101)}`, 'params'],
    ['GET', `/h5p/download/${'x'.repeat(101)}`, 'download'],
  ])('%s %s with a content id over 100 characters answers 400 (%s)', async (method, path) => {
    const res = await api(method, path, {
      token: teacher.token,
      ...(method === 'POST' ? form({ contentId: 'x'.repeat(101), score: '1', maxScore: '2', data: '{}', preload: '0', invalidate: '0' }) : {}),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation error: contentId: Too big: expected string to have <=100 characters' });
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])('an unknown /api path (%s) answers the JSON 404 envelope', async (method) => {
    for (const path of ['/api/nope', '/api/collections/x/y/z/w', '/api/auth/nope', '/api/auth/login/extra', '/api/auth/signin/x/y/z/w']) {
      const res = await api(method, path, { token: teacher.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual({ success: false, error: 'Not found' });
    }
  });

  it("next-auth's own endpoints still answer", async () => {
    const csrf = await api('GET', '/api/auth/csrf');
    expect(csrf.status).toBe(200);
    expect(typeof csrf.body.csrfToken).toBe('string');
    const session = await api('GET', '/api/auth/session');
    expect(session.status).toBe(200);
    const providers = await api('GET', '/api/auth/providers');
    expect(providers.status).toBe(200);
  });
});

describe('local HS256 tokens (item 15)', () => {
  const sign = (exp: boolean) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ email: uniqueEmail('noexp'), name: 'No Exp', realm_access: { roles: ['teacher'] } })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setIssuedAt(now);
    if (exp) jwt.setExpirationTime(now + 300);
    return jwt.sign(new TextEncoder().encode(TEST_JWT_SECRET));
  };

  it('a token without exp answers 401 Invalid or expired token', async () => {
    const res = await api('GET', '/api/auth/me', { token: await sign(false) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Invalid or expired token' });
  });

  it('the same token with exp is accepted', async () => {
    const res = await api('GET', '/api/auth/me', { token: await sign(true) });
    expect(res.status).toBe(200);
  });
});
