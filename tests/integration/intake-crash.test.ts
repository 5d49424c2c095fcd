// Nothing lost on a crash (issue 26 item 3): an instance taking players' statement batches under load (the fast lane,
// group commit) is killed with SIGKILL mid-load. Every batch it acknowledged (200/201) is stored, whole and once;
// a batch it never answered is stored whole or not at all, and sending it again (as the player does) stores it
// once: the attempts' roll-ups count each statement once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { startApp, type AppProcess } from '../support/app-process';
import { setPlan, signedIn } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { createContent, installTestLibraries } from '../support/h5p';

const V = 'http://adlnet.gov/expapi/verbs/';
const BATCH = 20;
const CLIENTS = 12;

interface Sent {
  contentId: string;
  token: string;
  body: { attempt: string; statements: { id: string }[] };
}

/** A batch as the player sends it: 19 answered questions, then completed (a new attempt). */
function batchFor(contentId: string): Sent['body'] {
  const object = (sub?: string) => ({
    id: `http://content.lumen-content.test/h5p/embed/${contentId}${sub ? `?subContentId=${sub}` : ''}`,
    objectType: 'Activity',
    definition: {
      interactionType: 'choice',
      correctResponsesPattern: ['0'],
      choices: [0, 1, 2].map((c) => ({ id: String(c), description: { 'en-US': `Choice ${c}` } })),
      extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId, ...(sub ? { 'http://h5p.org/x-api/h5p-subContentId': sub } : {}) },
    },
  });
  return {
    attempt: randomUUID(),
    statements: Array.from({ length: BATCH }, (_, i) =>
      i === BATCH - 1
        ? { id: randomUUID(), verb: { id: `${V}completed` }, object: object(), result: { score: { raw: 12, max: 19 }, completion: true, success: true, duration: 'PT1M' }, timestamp: new Date().toISOString() }
        : { id: randomUUID(), verb: { id: `${V}answered` }, object: object(`q${i}`), result: { response: String(i % 3), success: i % 3 === 0, score: { raw: i % 3 === 0 ? 1 : 0, max: 1 } }, timestamp: new Date().toISOString() },
    ),
  };
}

const post = (base: string, s: Sent) =>
  fetch(`${base}/h5p/xapi/${s.contentId}?token=${encodeURIComponent(s.token)}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(s.body) });

let instance: AppProcess | undefined;

beforeAll(async () => {
  await installTestLibraries();
});

afterAll(async () => {
  await instance?.stop();
});

/** How many of each batch's statements are stored, by attempt (the player's). */
async function storedCounts(batches: Sent[]): Promise<number[]> {
  const ids = batches.flatMap((b) => b.body.statements.map((s) => s.id));
  const rows = await db().xapiStatement.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const have = new Set(rows.map((r) => r.id));
  return batches.map((b) => b.body.statements.filter((s) => have.has(s.id)).length);
}

describe('an instance killed with SIGKILL while it takes statements under load', () => {
  it('has stored every acknowledged statement once; an unanswered batch is all or nothing, and once when sent again', async () => {
    const author = await signedIn(['teacher']);
    await setPlan(author.user.id, 'pro');
    const contents = [await createContent(author.token, 'H5P.MultiChoice'), await createContent(author.token, 'H5P.MultiChoice')];
    const learners = await Promise.all(Array.from({ length: CLIENTS }, () => signedIn(['student'])));
    const tokens = await Promise.all(learners.map((l, i) => issuePlayerToken(l.user.id, contents[i % 2]!)));

    instance = await startApp(appEnv(inject('idpUrl')), { waitForHealthy: true });
    const base = instance.url;
    const acknowledged: Sent[] = [];
    const unanswered: Sent[] = [];
    let killed = false;
    let ackedBeforeKill = 0;
    const killAfter = 150;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (;;) {
        const sent: Sent = { contentId: contents[c % 2]!, token: tokens[c]!, body: batchFor(contents[c % 2]!) };
        try {
          const res = await post(base, sent);
          const body = (await res.json()) as { data?: { stored: number; duplicates: number } };
          expect([200, 201]).toContain(res.status);
          expect(body.data).toEqual(expect.objectContaining({ stored: BATCH, duplicates: 0 }));
          acknowledged.push(sent);
          if (acknowledged.length === killAfter && !killed) {
            // mid-load: the other clients' batches are in flight (queued, being written, or committed but unanswered)
            killed = true;
            ackedBeforeKill = acknowledged.length;
            process.kill(instance!.pid, 'SIGKILL');
          }
        } catch (err) {
          if (!killed) throw err;
          unanswered.push(sent);
          return; // the instance is gone: this client's last batch was never answered
        }
      }
    });
    await Promise.all(clients);
    expect(killed).toBe(true);
    expect(unanswered.length).toBeGreaterThan(0);
    // answers already on their way when the instance died may still have arrived
    expect(acknowledged.length).toBeGreaterThanOrEqual(ackedBeforeKill);

    // every acknowledged batch is stored whole; an unanswered one whole or not at all
    expect(await storedCounts(acknowledged)).toEqual(acknowledged.map(() => BATCH));
    for (const n of await storedCounts(unanswered)) expect([0, BATCH]).toContain(n);

    // the players send what was never answered again, to another instance: stored once
    const main = inject('appUrl');
    for (const s of unanswered) {
      const res = await post(main, s);
      const body = (await res.json()) as { data: { stored: number; duplicates: number } };
      expect([200, 201]).toContain(res.status);
      expect(body.data.stored + body.data.duplicates).toBe(BATCH);
      expect(res.status).toBe(body.data.stored ? 201 : 200);
    }
    const all = [...acknowledged, ...unanswered];
    expect(await storedCounts(all)).toEqual(all.map(() => BATCH));

    // none twice: each attempt's roll-up counts its statements once, one answer per answered statement, one grade
    const attempts = await db().learningAttempt.findMany({ where: { contentId: { in: contents } }, select: { id: true, statements: true, completed: true, _count: { select: { xapi: true, responses: true } } } });
    expect(attempts).toHaveLength(all.length);
    for (const a of attempts) expect({ statements: a.statements, xapi: a._count.xapi, responses: a._count.responses, completed: a.completed }).toEqual({ statements: BATCH, xapi: BATCH, responses: BATCH - 1, completed: true });
    expect(await db().gradePassback.count({ where: { attemptId: { in: attempts.map((a) => a.id) } } })).toBe(all.length);
  });
});
