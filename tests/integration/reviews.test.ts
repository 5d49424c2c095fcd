// Ratings, reviews and reports of public items (issue 28 item 4): who may rate (used or cloned, not the author),
// one review per teacher per item (PUT creates 201 / changes 200, DELETE removes), plain text only, the author's one
// answer, the rating on cards and the Bayesian rating sort, reports into the moderation queue of the owner's tenant
// admins and super admins, hiding (an item leaves the marketplace at once and cannot be republished; a review stops
// counting), restore, and the per-user write limit.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, createTenant, signedIn, signedInTenant, uniqueWord } from '../support/factories';
import { api } from '../support/http';

type Caller = { token: string; user: { id: string; name: string } };
let author: Caller;

beforeAll(async () => {
  author = await signedIn(['teacher']);
});

const base = (id: string) => `/api/marketplace/public-contents/${id}`;
/** The teacher has used the item: a learning attempt of theirs. */
async function used(userId: string, contentId: string) {
  await db().learningAttempt.create({ data: { id: randomUUID(), contentId, learnerKey: `user:${userId}`, userId, source: 'web', kind: 'attempt', startedAt: new Date() } });
}
async function publicItem(title = uniqueWord('rev'), ownerId = author.user.id) {
  return createContent({ ownerId, visibility: 'public', title, publishedAt: new Date() });
}

describe('reviews', () => {
  it('lets a teacher who used an item rate and review it once, change and remove it; the card shows the rating', async () => {
    const item = await publicItem();
    const t = await signedIn(['teacher']);
    // not used yet
    const refused = await api('PUT', `${base(item.id)}/reviews/mine`, { token: t.token, body: { rating: 5, body: 'Great' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: 'Only teachers who have used or cloned this item can review it' });
    expect((await api('GET', `${base(item.id)}/reviews`, { token: t.token })).body.data.canReview).toBe(false);

    await used(t.user.id, item.id);
    const created = await api('PUT', `${base(item.id)}/reviews/mine`, { token: t.token, body: { rating: 4, body: '  Clear questions.\r\nWorked well.  ' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ rating: 4, body: 'Clear questions.\nWorked well.', mine: true, reply: null });
    const changed = await api('PUT', `${base(item.id)}/reviews/mine`, { token: t.token, body: { rating: 2 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: created.body.data.id, rating: 2, body: '' });
    expect(await db().contentReview.count({ where: { contentId: item.id } })).toBe(1);

    const page = await api('GET', `${base(item.id)}/reviews`, { token: t.token });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ rating: { average: 2, count: 1 }, canReview: true, isAuthor: false, mine: { rating: 2 }, nextCursor: null });

    const viewer = await signedIn(['teacher']);
    const card = await api('GET', `/api/marketplace/public-contents?search=${item.title}&include=card`, { token: viewer.token });
    expect(card.body.data[0]).toMatchObject({ id: item.id, rating: { average: 2, count: 1 } });

    const removed = await api('DELETE', `${base(item.id)}/reviews/mine`, { token: t.token });
    expect(removed.status).toBe(200);
    expect((await api('GET', `${base(item.id)}/reviews`, { token: t.token })).body.data.rating).toEqual({ average: null, count: 0 });
    expect((await api('DELETE', `${base(item.id)}/reviews/mine`, { token: t.token })).body).toEqual({ success: false, error: 'You have not reviewed this item' });
  });

  it('counts a clone or a collection as use, refuses the author, private items and students', async () => {
    const item = await publicItem();
    const cloner = await signedIn(['teacher']);
    expect((await api('POST', `${base(item.id)}/clone`, { token: cloner.token, body: {} })).status).toBe(201);
    expect((await api('PUT', `${base(item.id)}/reviews/mine`, { token: cloner.token, body: { rating: 5 } })).status).toBe(201);

    const collector = await signedIn(['teacher']);
    const col = await db().collection.create({ data: { userId: collector.user.id, title: 'Mine' } });
    await db().collectionItem.create({ data: { collectionId: col.id, contentId: item.id, position: 0 } });
    expect((await api('PUT', `${base(item.id)}/reviews/mine`, { token: collector.token, body: { rating: 4 } })).status).toBe(201);

    const own = await api('PUT', `${base(item.id)}/reviews/mine`, { token: author.token, body: { rating: 5 } });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('You cannot review your own content');

    const student = await signedIn(['student']);
    expect((await api('PUT', `${base(item.id)}/reviews/mine`, { token: student.token, body: { rating: 5 } })).status).toBe(403);

    const hidden = await createContent({ ownerId: author.user.id, visibility: 'private' });
    const res = await api('PUT', `${base(hidden.id)}/reviews/mine`, { token: cloner.token, body: { rating: 5 } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Content not found or not public');
    expect((await api('GET', `${base(hidden.id)}/reviews`, { token: cloner.token })).status).toBe(404);
  });

  it.each([
    [{ rating: 0 }, 'Validation error: rating: rating must be a whole number from 1 to 5'],
    [{ rating: 6 }, 'Validation error: rating: rating must be a whole number from 1 to 5'],
    [{ rating: 4.5 }, 'Validation error: rating: rating must be a whole number from 1 to 5'],
    [{ rating: '5' }, 'Validation error: rating: rating must be a whole number from 1 to 5'],
    [{ rating: 5, body: '<script>alert(1)</script>' }, 'Validation error: body: must be plain text (no markup)'],
    [{ rating: 5, body: 'fine &amp; dandy' }, 'Validation error: body: must be plain text (no markup)'],
    [{ rating: 5, body: 'x'.repeat(2001) }, 'Validation error: body: must be at most 2000 characters'],
    [{ rating: 5, body: 'bell\u0007' }, 'Validation error: body: control characters are not allowed'],
  ])('refuses %j with 400 %s and stores nothing', async (body, error) => {
    const item = await publicItem();
    const t = await signedIn(['teacher']);
    await used(t.user.id, item.id);
    const res = await api('PUT', `${base(item.id)}/reviews/mine`, { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
    expect(await db().contentReview.count({ where: { contentId: item.id } })).toBe(0);
  });

  it('lets the author answer a review once; nobody else may', async () => {
    const item = await publicItem();
    const t = await signedIn(['teacher']);
    await used(t.user.id, item.id);
    const review = (await api('PUT', `${base(item.id)}/reviews/mine`, { token: t.token, body: { rating: 3, body: 'Needs more questions' } })).body.data;
    const other = await api('POST', `${base(item.id)}/reviews/${review.id}/reply`, { token: t.token, body: { body: 'Me too' } });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('Only the author of this item can answer its reviews');
    const answered = await api('POST', `${base(item.id)}/reviews/${review.id}/reply`, { token: author.token, body: { body: 'Added five more — thank you!' } });
    expect(answered.status).toBe(201);
    expect(answered.body.data).toMatchObject({ id: review.id, reply: 'Added five more — thank you!' });
    const again = await api('POST', `${base(item.id)}/reviews/${review.id}/reply`, { token: author.token, body: { body: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'This review has already been answered' });
    const missing = await api('POST', `${base(item.id)}/reviews/${randomUUID()}/reply`, { token: author.token, body: { body: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Review not found');
    expect((await api('GET', `${base(item.id)}/reviews`, { token: author.token })).body.data).toMatchObject({ isAuthor: true, canReview: false });
  });

  it('sorts the marketplace by the Bayesian rating: fifty 4.8s above one 5, unrated at the prior', async () => {
    const word = uniqueWord('bay');
    const one = await publicItem(word);
    const many = await publicItem(word);
    const none = await publicItem(word);
    const low = await publicItem(word);
    const reviewers = await Promise.all(Array.from({ length: 10 }, () => signedIn(['teacher'])));
    // one 5 on `one`; ten reviews averaging 4.8 on `many`; three 1s on `low`
    await db().contentReview.create({ data: { contentId: one.id, userId: reviewers[0]!.user.id, rating: 5 } });
    for (const [i, r] of reviewers.entries()) await db().contentReview.create({ data: { contentId: many.id, userId: r.user.id, rating: i < 8 ? 5 : 4 } });
    for (const r of reviewers.slice(0, 3)) await db().contentReview.create({ data: { contentId: low.id, userId: r.user.id, rating: 1 } });
    // the rating columns are written by the review service: a change through it recounts
    for (const id of [one.id, many.id, low.id]) {
      const t = reviewers[9]!;
      await used(t.user.id, id);
      const mine = await db().contentReview.findUnique({ where: { contentId_userId: { contentId: id, userId: t.user.id } } });
      await api('PUT', `${base(id)}/reviews/mine`, { token: t.token, body: { rating: mine?.rating ?? (id === one.id ? 5 : 1) } });
      if (!mine) await api('DELETE', `${base(id)}/reviews/mine`, { token: t.token });
    }
    const viewer = await signedIn(['teacher']);
    const res = await api('GET', `/api/marketplace/public-contents?search=${word}&sortBy=rating&include=card`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([many.id, one.id, none.id, low.id]);
    expect(res.body.data[0].rating).toEqual({ average: 4.8, count: 10 });
    // the keyset cursor pages the same order
    const p1 = await api('GET', `/api/marketplace/public-contents?search=${word}&sortBy=rating&limit=2`, { token: viewer.token });
    const p2 = await api('GET', `/api/marketplace/public-contents?search=${word}&sortBy=rating&limit=2&cursor=${p1.body.nextCursor}`, { token: viewer.token });
    expect([...p1.body.data, ...p2.body.data].map((d: { id: string }) => d.id)).toEqual([many.id, one.id, none.id, low.id]);
  });
});

describe('reports and moderation', () => {
  it('queues a report for the owner tenant’s admins and super admins; hiding takes the item out of the marketplace at once', async () => {
    const tenant = await createTenant();
    const owner = await signedInTenant(['teacher'], tenant.id);
    const admin = await signedInTenant(['tenant_admin'], tenant.id);
    const foreign = await signedInTenant(['tenant_admin'], (await createTenant()).id);
    const item = await publicItem(uniqueWord('rep'), owner.user.id);
    const reporter = await signedIn(['teacher']);

    const bad = await api('POST', `${base(item.id)}/report`, { token: reporter.token, body: { reason: 'rude', text: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation error: reason: reason must be one of spam, inappropriate, copyright, incorrect, other');
    const rep = await api('POST', `${base(item.id)}/report`, { token: reporter.token, body: { reason: 'copyright', text: 'Copied from my book' } });
    expect(rep.status).toBe(201);
    expect(rep.body).toMatchObject({ success: true, data: { status: 'open' }, message: 'Thank you: a moderator will look at it' });

    const queue = await api('GET', '/api/admin/moderation', { token: admin.token });
    expect(queue.status).toBe(200);
    expect(queue.body.data).toEqual([expect.objectContaining({ id: rep.body.data.id, contentId: item.id, reason: 'copyright', text: 'Copied from my book', status: 'open', review: null, contentHidden: false })]);
    expect((await api('GET', '/api/admin/moderation', { token: foreign.token })).body.data).toEqual([]);
    const notTheirs = await api('POST', `/api/admin/moderation/${rep.body.data.id}`, { token: foreign.token, body: { action: 'hide' } });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error).toBe('Report not found');
    expect((await api('GET', '/api/admin/moderation', { token: reporter.token })).status).toBe(403);

    const hide = await api('POST', `/api/admin/moderation/${rep.body.data.id}`, { token: admin.token, body: { action: 'hide' } });
    expect(hide.status).toBe(200);
    expect(hide.body.data).toEqual({ id: rep.body.data.id, status: 'hidden' });
    const viewer = await signedIn(['teacher']);
    expect((await api('GET', `/api/marketplace/public-contents?search=${item.title}`, { token: viewer.token })).body.data).toEqual([]);
    expect((await api('POST', `${base(item.id)}/clone`, { token: viewer.token, body: {} })).status).toBe(404);
    // the owner cannot publish it again
    const republish = await api('PATCH', `/h5p/content/${item.id}/visibility`, { token: owner.token, body: { visibility: 'public' } });
    expect(republish.status).toBe(403);
    expect(republish.body.error).toBe('This content was hidden by a moderator and cannot be published');

    // a super admin sees it among the hidden and restores it
    const sup = await signedIn(['super_admin']);
    const hiddenList = await api('GET', '/api/admin/moderation?status=hidden', { token: sup.token });
    expect(hiddenList.body.data.map((r: { id: string }) => r.id)).toContain(rep.body.data.id);
    expect((await api('POST', `/api/admin/moderation/${rep.body.data.id}`, { token: sup.token, body: { action: 'restore' } })).body.data.status).toBe('dismissed');
    expect((await api('GET', `/api/marketplace/public-contents?search=${item.title}`, { token: viewer.token })).body.data.map((d: { id: string }) => d.id)).toEqual([item.id]);
  });

  it('hides a reported review: it leaves the list and stops counting', async () => {
    const item = await publicItem();
    const t = await signedIn(['teacher']);
    await used(t.user.id, item.id);
    const review = (await api('PUT', `${base(item.id)}/reviews/mine`, { token: t.token, body: { rating: 1, body: 'Spam spam spam' } })).body.data;
    const reporter = await signedIn(['teacher']);
    const rep = await api('POST', `${base(item.id)}/report`, { token: reporter.token, body: { reason: 'spam', reviewId: review.id } });
    expect(rep.status).toBe(201);
    const sup = await signedIn(['super_admin']);
    const q = (await api('GET', '/api/admin/moderation', { token: sup.token })).body.data.find((r: { id: string }) => r.id === rep.body.data.id);
    expect(q.review).toMatchObject({ id: review.id, rating: 1, body: 'Spam spam spam', hidden: false });
    expect((await api('POST', `/api/admin/moderation/${rep.body.data.id}`, { token: sup.token, body: { action: 'hide' } })).status).toBe(200);
    const page = (await api('GET', `${base(item.id)}/reviews`, { token: reporter.token })).body.data;
    expect(page.reviews).toEqual([]);
    expect(page.rating).toEqual({ average: null, count: 0 });
  });

  it('limits reviews, answers and reports to 20 an hour per user', async () => {
    const t = await signedIn(['teacher']);
    const item = await publicItem();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await api('POST', `${base(item.id)}/report`, { token: t.token, body: { reason: 'other', text: `n${i}` } })).status);
    expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
    const last = await api('POST', `${base(item.id)}/report`, { token: t.token, body: { reason: 'other' } });
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('Too many reviews, answers and reports: at most 20 an hour');
  });
});
