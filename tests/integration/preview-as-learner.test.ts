// Issue 25 item 5: "Preview as learner" records nothing — the player page runs without a statements address and
// posts no result, no view is counted, the intake refuses its statements, and no saved state is kept for it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuePlayerToken, issuePreviewToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { flushViews } from '@/lib/h5p/content/views';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

describe('preview as learner', () => {
  let contentId: string;
  let ownerId: string;

  beforeAll(async () => {
    await installTestLibraries();
    const teacher = await signedIn(['teacher']);
    ownerId = teacher.user.id;
    contentId = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Preview quiz' });
  });

  const views = async () => (await db().contentOwnership.findUnique({ where: { contentId }, select: { viewCount: true } }))!.viewCount;

  it('plays the content with no statements address and no result posting, and counts no view', async () => {
    const preview = await issuePreviewToken(ownerId, contentId);
    const before = await views();
    const page = await api('GET', `/h5p/embed/${contentId}?token=${encodeURIComponent(preview)}`);
    expect(page.status, page.text).toBe(200);
    expect(page.text).toContain('var xapiUrl = null');
    expect(page.text).toContain('"postUserStatistics":false');
    const play = await api('GET', `/h5p/play/${contentId}?token=${encodeURIComponent(preview)}`);
    expect(play.status).toBe(200);
    // the app server writes its counts a moment later; wait beyond that window
    await new Promise((r) => setTimeout(r, 600));
    await flushViews();
    expect(await views()).toBe(before);
    // a normal player token does count (the check above can fail)
    const player = await issuePlayerToken(ownerId, contentId);
    expect((await api('GET', `/h5p/embed/${contentId}?token=${encodeURIComponent(player)}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(await views()).toBe(before + 1);
  });

  it('refuses the statements of a preview: nothing is stored', async () => {
    const preview = await issuePreviewToken(ownerId, contentId);
    const statement = {
      id: randomUUID(),
      actor: { name: 'x', mbox: 'mailto:x@example.test' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
      object: { id: `http://app.lumen.test/h5p/embed/${contentId}`, objectType: 'Activity' },
      result: { score: { raw: 1, max: 1, min: 0, scaled: 1 } },
      timestamp: new Date().toISOString(),
    };
    const res = await api('POST', `/h5p/xapi/${contentId}?token=${encodeURIComponent(preview)}`, {
      body: { attempt: randomUUID(), statements: [statement] },
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Statements are recorded for learners only' });
    expect(await db().learningAttempt.count({ where: { contentId } })).toBe(0);
  });
});
