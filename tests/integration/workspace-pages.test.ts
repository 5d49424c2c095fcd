// Issue 8 item 7: the content types page tells the truth (installed types, every installed library with its
// versions, an unreachable hub said so with the import way offered); authoring is stopped before it begins when
// the month's quota is used up or the user is not a teacher.
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { createIdpUser, setPlan, uniqueEmail } from '../support/factories';
import { installTestLibraries } from '../support/h5p';
import { testRedisUrl } from '../support/env';

const redis = new Redis(testRedisUrl());

async function browserUser(roles: ('teacher' | 'student')[]) {
  const u = await createIdpUser({ email: uniqueEmail('pages'), roles });
  const b = await browserSignIn(u.email, u.password);
  const user = await db().user.findUniqueOrThrow({ where: { email: u.email } });
  return { b, user };
}

beforeAll(async () => {
  await installTestLibraries();
});
afterAll(async () => {
  await redis.del('h5p:hub-reachable');
  redis.disconnect();
});

describe('content types page', () => {
  it('lists every installed library with its versions and marks installed types as installed', async () => {
    const { b } = await browserUser(['teacher']);
    await redis.set('h5p:hub-reachable', '1', 'PX', 60_000);
    const page = await b.call('GET', '/content/types');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="installed-libraries"');
    expect(page.text).toMatch(/data-testid="library-H5P.MultiChoice"[\s\S]*?1\.16\.\d/);
    expect(page.text).not.toContain('data-testid="hub-unreachable"');
  });

  it('says when the hub cannot be reached and offers importing a .h5p instead of install buttons', async () => {
    const { b } = await browserUser(['teacher']);
    await redis.set('h5p:hub-reachable', '0', 'PX', 60_000);
    const page = await b.call('GET', '/content/types');
    expect(page.text).toContain('data-testid="hub-unreachable"');
    expect(page.text).toContain('href="/content/import"');
    await redis.del('h5p:hub-reachable');
  });

  it('shows a student no install actions', async () => {
    const { b } = await browserUser(['student']);
    const page = await b.call('GET', '/content/types');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('install-essentials');
  });
});

describe('authoring gate', () => {
  it('opens the editor and the import form while quota is left', async () => {
    const { b } = await browserUser(['teacher']);
    for (const path of ['/content/new', '/content/import']) {
      const page = await b.call('GET', path);
      expect([path, page.status, page.text.includes('data-testid="create-gate"')]).toEqual([path, 200, false]);
    }
  });

  it('stops a teacher whose monthly quota is used up before authoring begins, naming the plan that allows more', async () => {
    const { b, user } = await browserUser(['teacher']);
    await setPlan(user.id, 'free');
    await db().user.update({ where: { id: user.id }, data: { contentsCreatedThisMonth: 3 } });
    for (const path of ['/content/new', '/content/import']) {
      const page = await b.call('GET', path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-testid="create-gate"');
      expect(page.text).toContain('The Pro plan allows 30 new items a month');
      expect(page.text).not.toContain('data-testid="h5p-editor"');
      expect(page.text).not.toContain('data-testid="import-file"');
    }
  });

  it('tells a student that creating needs a teacher account', async () => {
    const { b } = await browserUser(['student']);
    const page = await b.call('GET', '/content/new');
    expect(page.text).toContain('needs a teacher account');
  });
});
