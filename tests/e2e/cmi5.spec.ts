// Issue 11 item 5 in the browser: content exported as a cmi5 course package and launched by a (stand-in) cmi5
// LMS. The AU reads its launch parameters, takes its token from the one-time fetch URL, reads LMS.LaunchData and
// sends the cmi5-defined statements to the LMS's LRS: initialized; completed and passed or failed against the
// mastery score, with the score; terminated when the learner leaves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FrameLocator } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount } from './support/fixtures';
import { publicItem } from './support/public-item';
import { unzip } from './support/unzip';
import { startCmi5Standin, type Cmi5Standin } from '../support/cmi5-standin';

const V = 'http://adlnet.gov/expapi/verbs/';
let lms: Cmi5Standin | undefined;
test.afterAll(async () => {
  await lms?.close();
});

async function answer(frame: FrameLocator, choice: string, verdict: string) {
  await frame.locator('.h5p-mc label', { hasText: choice }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toHaveText(verdict);
}

const verbs = (registration: string) => lms!.statements.filter((s) => s.context?.registration === registration).map((s) => String(s.verb.id).replace(V, ''));

test('a cmi5 LMS launches the exported AU, which sends initialized, completed, passed with the score, and terminated to its LRS', async ({ page }) => {
  // the demo admin's item (a premium plan has cmi5-launch): the specs after this one expect the demo teacher's
  // usage untouched
  const id = await publicItem('cmi5 quiz');
  const admin = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(`${E2E.appUrl}/h5p/content/${id}/export-cmi5`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain('cmi5 quiz_cmi5.zip');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-cmi5-'));
  await unzip(Buffer.from(await res.arrayBuffer()), dir);
  const structure = fs.readFileSync(path.join(dir, 'cmi5.xml'), 'utf8');
  const auId = /<au id="([^"]+)"/.exec(structure)?.[1];
  expect(auId).toBe(`${E2E.appUrl}/content/${id}/cmi5/au`);
  expect(structure).toContain('<url>index.html</url>');

  lms = await startCmi5Standin(dir);
  // a Normal launch with a mastery score of 0.8: the right answer (1/1) passes
  const passing = lms.launch({ activityId: auId!, masteryScore: 0.8 });
  await page.goto(passing.url);
  await expect(page.locator('html')).toHaveAttribute('data-cmi5', 'initialized', { timeout: 20_000 });
  await answer(page.frameLocator('iframe.h5p-iframe'), '4', 'Correct!');
  await expect.poll(() => verbs(passing.registration)).toEqual(['launched', 'initialized', 'completed', 'passed']);
  await page.goto('about:blank'); // the learner leaves: terminated
  await expect.poll(() => verbs(passing.registration)).toEqual(['launched', 'initialized', 'completed', 'passed', 'terminated']);

  const sent = lms.statements.filter((s) => s.context?.registration === passing.registration && !String(s.verb.id).endsWith('launched'));
  for (const s of sent) {
    expect(s.actor).toEqual(passing.actor);
    expect(s.object.id).toBe(auId);
    // the LMS's context template (session id, course grouping) and the cmi5 category are on every cmi5 statement
    expect(s.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid']).toBe(passing.sessionId);
    expect(s.context.contextActivities.grouping).toEqual([{ id: `${lms.origin}/course/1`, objectType: 'Activity' }]);
    expect(s.context.contextActivities.category).toContainEqual({ id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5', objectType: 'Activity' });
  }
  const passed = sent.find((s) => s.verb.id === `${V}passed`)!;
  expect(passed.result).toMatchObject({ success: true, score: { scaled: 1, raw: 1, max: 1, min: 0 } });
  expect(passed.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore']).toBe(0.8);
  expect(passed.context.contextActivities.category).toContainEqual({ id: 'https://w3id.org/xapi/cmi5/context/categories/moveon', objectType: 'Activity' });
  expect(sent.find((s) => s.verb.id === `${V}completed`)!.result).toMatchObject({ completion: true });
  expect(sent.find((s) => s.verb.id === `${V}terminated`)!.result.duration).toMatch(/^PT[\d.]+S$/);

  // a wrong answer fails against the mastery score: failed is held back while a retry could still pass, and sent
  // when the learner leaves (issue 23 item 10; one of passed/failed per session)
  const failing = lms.launch({ activityId: auId!, masteryScore: 0.8 });
  await page.goto(failing.url);
  await expect(page.locator('html')).toHaveAttribute('data-cmi5', 'initialized', { timeout: 20_000 });
  await answer(page.frameLocator('iframe.h5p-iframe'), '5', 'Wrong');
  await expect.poll(() => verbs(failing.registration)).toEqual(['launched', 'initialized', 'completed']);
  await page.goto('about:blank');
  await expect.poll(() => verbs(failing.registration)).toEqual(['launched', 'initialized', 'completed', 'failed', 'terminated']);
  expect(lms.statements.find((s) => s.context?.registration === failing.registration && s.verb.id === `${V}failed`)!.result).toMatchObject({ success: false, score: { scaled: 0 } });

  // Browse mode: no completion or success is reported (cmi5 9.3)
  const browsing = lms.launch({ activityId: auId!, launchMode: 'Browse' });
  await page.goto(browsing.url);
  await expect(page.locator('html')).toHaveAttribute('data-cmi5', 'initialized', { timeout: 20_000 });
  await answer(page.frameLocator('iframe.h5p-iframe'), '4', 'Correct!');
  await page.goto('about:blank');
  await expect.poll(() => verbs(browsing.registration)).toEqual(['launched', 'initialized', 'terminated']);

  expect(lms.fetchReuse).toBe(0);
  expect(lms.refused).toBe(0);
});
