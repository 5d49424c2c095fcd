// xAPI out (issue 11, item 4): an app with XAPI_LRS_URL forwards the statements it stores to the LRS from the
// outbox table — with the version header and basic auth, in batches — keeps them while the LRS is down, retries
// with backoff, and sends each statement once (a statement the LRS already holds is not sent again).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { backoffSeconds } from '@/lib/db/outbox-worker';
import { startApp, type AppProcess } from '../support/app-process';
import { signedIn } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { startLrsStandin, type LrsStandin } from '../support/lrs-standin';

let lrs: LrsStandin;
let app: AppProcess;

beforeAll(async () => {
  await installTestLibraries();
  lrs = await startLrsStandin();
  app = await startApp({ ...appEnv(inject('idpUrl')), XAPI_LRS_URL: lrs.url, XAPI_LRS_KEY: lrs.key, XAPI_LRS_SECRET: lrs.secret });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await lrs?.close();
});

const statement = (contentId: string, verb: string) => ({
  id: randomUUID(),
  verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
  object: { id: `http://localhost/content/${contentId}`, definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId } } },
  timestamp: new Date().toISOString(),
});

describe('forwarding to an LRS', () => {
  it('sends stored statements to the LRS once, keeps them while it is down and sends them when it is back', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    // a learner's play (the owner's own play is a preview, which is not forwarded: issue 23 item 1)
    const learner = await signedIn(['student']);
    const token = await issuePlayerToken(learner.user.id, id);
    const preview = [statement(id, 'attempted'), statement(id, 'completed')];
    expect((await api('POST', `/h5p/xapi/${id}?token=${await issuePlayerToken(t.user.id, id)}`, { base: app.url, body: { attempt: randomUUID(), statements: preview }, headers: { 'Content-Type': 'text/plain' } })).status).toBe(201);
    const post = (statements: unknown[]) =>
      api('POST', `/h5p/xapi/${id}?token=${token}`, { base: app.url, body: { attempt: randomUUID(), statements }, headers: { 'Content-Type': 'text/plain' } });

    const first = [statement(id, 'attempted'), statement(id, 'completed')];
    expect((await post(first)).status).toBe(201);
    await expect.poll(() => first.every((s) => lrs.statements.has(s.id)), { timeout: 10_000 }).toBe(true);
    const held = lrs.statements.get(first[0]!.id)!;
    // the service's actor, not the browser's; no stored or authority from us
    expect(held.actor).toMatchObject({ objectType: 'Agent', account: { name: learner.user.id } });
    expect(held.stored).toBeUndefined();
    expect(await db().xapiOutbox.count({ where: { statementId: { in: first.map((s) => s.id) } } })).toBe(0);

    // the LRS goes down: the statements stay in the outbox with the error, and arrive when it is back
    lrs.failNext(2);
    const second = [statement(id, 'answered'), statement(id, 'completed')];
    expect((await post(second)).status).toBe(201);
    await expect
      .poll(async () => (await db().xapiOutbox.findMany({ where: { statementId: { in: second.map((s) => s.id) } } })).map((r) => r.lastError), { timeout: 10_000 })
      .toEqual([expect.stringContaining('HTTP 503'), expect.stringContaining('HTTP 503')]);
    expect(second.some((s) => lrs.statements.has(s.id))).toBe(false);
    // backoff: 2 s, then 4 s … capped at an hour
    expect([backoffSeconds(1), backoffSeconds(2), backoffSeconds(3), backoffSeconds(40)]).toEqual([2, 4, 8, 3600]);
    await expect.poll(() => second.every((s) => lrs.statements.has(s.id)), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => db().xapiOutbox.count({ where: { statementId: { in: second.map((s) => s.id) } } }), { timeout: 5_000 }).toBe(0);

    // every statement was taken by the LRS exactly once
    for (const s of [...first, ...second]) expect(lrs.offered.get(s.id)).toBe(1);
    for (const s of preview) expect(lrs.offered.has(s.id)).toBe(false);
    expect(lrs.refused).toBe(0);
  }, 60_000);

  it('does not send a statement the LRS already holds again (an answer lost after the LRS stored it)', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const token = await issuePlayerToken((await signedIn(['student'])).user.id, id);
    // the LRS has the first statement already (as if our earlier POST had arrived but its answer had not)
    const known = statement(id, 'attempted');
    const fresh = statement(id, 'completed');
    lrs.failNext(1);
    expect((await api('POST', `/h5p/xapi/${id}?token=${token}`, { base: app.url, body: { attempt: randomUUID(), statements: [known, fresh] } })).status).toBe(201);
    lrs.statements.set(known.id, { ...known });
    await expect.poll(() => lrs.statements.has(fresh.id), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => db().xapiOutbox.count({ where: { statementId: { in: [known.id, fresh.id] } } }), { timeout: 5_000 }).toBe(0);
    // the batch met a 409 and was resolved one by one: the known statement was never stored twice
    expect(lrs.statements.get(known.id)).toEqual({ ...known });
  }, 60_000);
});
