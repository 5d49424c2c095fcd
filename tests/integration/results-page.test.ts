// Issue 8 (app shell: results), on issue 11's attempts: the results page lists a learner's own attempts,
// withholding titles of content no longer shared with them, and shows an author how learners did on their
// content. Attempts are rows the statement intake writes (learning_attempts); they are written here directly.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { createIdpUser, signedIn, uniqueEmail } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';
import { api } from '../support/http';

beforeAll(async () => {
  await installTestLibraries();
});

async function finished(contentId: string, userId: string, score: number, maxScore: number) {
  const now = Date.now();
  await db().learningAttempt.create({
    data: { id: randomUUID(), contentId, learnerKey: `user:${userId}`, userId, source: 'workspace', score, maxScore, scaled: score / maxScore, completed: true, startedAt: new Date(now - 60_000), finishedAt: new Date(now) },
  });
}

describe('results page', () => {
  it('shows the author the learners and the average on their content, and a learner their own scores', async () => {
    const author = await createIdpUser({ email: uniqueEmail('author'), roles: ['teacher'] });
    const authorApi = await signedIn(['teacher'], author.email);
    const shared = await createContent(authorApi.token, 'H5P.MultiChoice', { title: 'Shared results quiz' });
    expect((await api('PATCH', `/h5p/content/${shared}/visibility`, { token: authorApi.token, body: { visibility: 'public' } })).status).toBe(200);
    const hidden = await createContent(authorApi.token, 'H5P.TrueFalse', { title: 'Secret results quiz' });

    const learner = await createIdpUser({ email: uniqueEmail('learner'), roles: ['student'] });
    const learnerApi = await signedIn(['student'], learner.email);
    const other = await signedIn(['student']);
    await finished(shared, learnerApi.user.id, 1, 2);
    await finished(shared, other.user.id, 2, 2);
    await finished(hidden, learnerApi.user.id, 1, 1);

    const a = await browserSignIn(author.email, author.password);
    const page = await a.call('GET', '/results');
    expect(page.status).toBe(200);
    const row = page.text.match(/data-testid="results-authored-row"[\s\S]*?<\/tr>/g)?.find((r) => r.includes('Shared results quiz'));
    expect(row).toBeDefined();
    // attempts, learners, average score
    expect(row).toMatch(/<td>2<\/td><td>2<\/td><td>75%<\/td>/);

    const l = await browserSignIn(learner.email, learner.password);
    const mine = await l.call('GET', '/results');
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Shared results quiz');
    expect(mine.text).toContain('1 / 2');
    expect(mine.text).not.toContain('Secret results quiz');
    expect(mine.text).toContain('Content no longer available');
    expect(mine.text).not.toContain('data-testid="results-authored"');
  });

  it('pages a learner\'s results newest first by keyset: 100 a page, an "Older results" link to the rest, no result twice', async () => {
    const learner = await createIdpUser({ email: uniqueEmail('pager'), roles: ['student'] });
    const learnerApi = await signedIn(['student'], learner.email);
    const prefix = `rp-${learnerApi.user.id.slice(0, 8)}-`;
    // 105 attempts, six of them started in the same second (ties are ordered by id)
    await db().$executeRaw`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, updated_at)
      SELECT ${prefix} || i, 'Paged result ' || i, 'H5P.TrueFalse', '{}'::jsonb, '{}'::jsonb, now() FROM generate_series(1, 105) i`;
    await db().$executeRaw`INSERT INTO content_ownership (content_id, user_id, visibility, published_at, updated_at)
      SELECT ${prefix} || i, ${learnerApi.user.id}::uuid, 'public', now(), now() FROM generate_series(1, 105) i`;
    await db().$executeRaw`INSERT INTO learning_attempts (id, content_id, learner_key, user_id, source, score, max_score, scaled, completed, started_at)
      SELECT gen_random_uuid(), ${prefix} || i, ${`user:${learnerApi.user.id}`}, ${learnerApi.user.id}::uuid, 'workspace', 1, 1, 1, true,
             to_timestamp(1700000000 + least(i, 100)) FROM generate_series(1, 105) i`;
    const l = await browserSignIn(learner.email, learner.password);
    const rows = (html: string) => [...html.matchAll(/data-testid="results-mine-row"[\s\S]*?Paged result (\d+)/g)].map((m) => m[1]);
    const first = await l.call('GET', '/results');
    expect(first.status).toBe(200);
    const p1 = rows(first.text);
    expect(p1).toHaveLength(100);
    const link = first.text.match(/<a[^>]*data-testid="results-mine-older"[^>]*>/)?.[0];
    const older = link?.match(/href="([^"]+)"/)?.[1];
    expect(older).toBeDefined();
    const second = await l.call('GET', older!.replaceAll('&amp;', '&'));
    const p2 = rows(second.text);
    expect(p2).toHaveLength(5);
    expect(new Set([...p1, ...p2]).size).toBe(105);
    expect(second.text).toContain('data-testid="results-mine-first"');
    expect(second.text).not.toContain('data-testid="results-mine-older"');
    // an unreadable cursor shows the newest results
    expect(rows((await l.call('GET', '/results?after=garbage')).text)).toEqual(p1);
  });

  it('sends a signed-out visitor to sign in', async () => {
    const res = await api('GET', '/results');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toContain('/login?next=%2Fresults');
  });
});
