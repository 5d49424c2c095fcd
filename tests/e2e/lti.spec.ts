// Issue 12 in the browser, the whole LTI loop: a premium user registers a (stand-in) LMS on the settings page; in
// the LMS's course page, which iframes the tool from another site with third-party cookies blocked, an
// instructor deep-links a content item through the picker; a learner launches it in the same iframe, answers,
// and the platform receives the score exactly once.
import { chromium, type FrameLocator } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { expectNoSeriousViolations } from './support/axe';
import { demoAccount, signIn } from './support/fixtures';
import { publicItem } from './support/public-item';
import { startLtiPlatform, type LtiPlatformStandin } from '../support/lti-platform';
import config from '../../playwright.config';

const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const ITEMS = 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items';

let p: LtiPlatformStandin | undefined;
test.afterAll(async () => {
  await p?.close();
});

async function answer(frame: FrameLocator, choice: string, verdict: string) {
  await frame.locator('.h5p-mc label', { hasText: choice }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toHaveText(verdict);
}

test('register an LMS, deep-link a content item, a learner plays it in the LMS frame without third-party cookies, the grade arrives once', async ({ page }) => {
  test.setTimeout(180_000);
  p = await startLtiPlatform();
  p.tool = { jwksUrl: `${E2E.appUrl}/lti/jwks`, loginUrl: `${E2E.appUrl}/lti/login`, launchUrl: `${E2E.appUrl}/lti/launch` };
  const admin = demoAccount('super_admin'); // premium: has lti-integration
  // a title of its own per attempt: a retry must not find the first attempt's item under the same name
  const title = `LTI loop quiz ${test.info().retry}-${Date.now().toString(36)}`;
  const id = await publicItem(title);

  // 1. the settings page: the tool's URLs to paste into the LMS, and the LMS's values registered
  await signIn(page, admin);
  await page.goto('/settings/lti');
  await expect(page.getByTestId('lti-launch-url')).toHaveValue(`${E2E.appUrl}/lti/launch`);
  await expect(page.getByTestId('lti-login-url')).toHaveValue(`${E2E.appUrl}/lti/login`);
  const reg = p.registration();
  for (const [field, value] of Object.entries(reg)) await page.getByTestId(`lti-f-${field}`).fill(value);
  await page.getByTestId('lti-platform-submit').click();
  await expect(page.getByTestId('lti-platform-row').filter({ hasText: reg.issuer })).toBeVisible();
  await expectNoSeriousViolations(page, '/settings/lti');

  // the LMS is another site (127.0.0.1) framing the tool (localhost), in a browser that blocks third-party cookies
  const browser = await chromium.launch({ ...config.use?.launchOptions, args: [...(config.use?.launchOptions?.args ?? []), '--test-third-party-cookie-phaseout'] });
  try {
    const lms = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();

    // 2. the instructor adds content: the picker in the LMS's frame. A platform outside any tenant links nobody by
    // the e-mail it sends (issue 22 item 3), so the instructor links the LMS user to the account once, signing in
    // in the pop-up; the picker then goes on by itself.
    p.setLogin('instructor-1', { user: { sub: 'instr-e2e', name: 'Ida Instructor', email: admin.email, roles: [INSTRUCTOR] }, contextId: 'course-e2e', deepLinking: true });
    await lms.goto(p.coursePageUrl('course-e2e', 'instructor-1'));
    const tool = lms.frameLocator('iframe[title="Lumen tool"]');
    await expect(tool.getByTestId('lti-link-needed')).toBeVisible();
    // the tool's frame holds no third-party cookie: they are blocked here (only the picker's partitioned binding cookie)
    const frame = lms.frames().find((f) => f.url().startsWith(E2E.appUrl))!;
    expect(await frame.evaluate(() => {
      document.cookie = 'lumen_probe=1; SameSite=None; Secure; Path=/';
      return document.cookie.includes('lumen_probe');
    })).toBe(false);
    const [popup] = await Promise.all([lms.context().waitForEvent('page'), tool.getByTestId('lti-link-open').click()]);
    await popup.getByLabel('Email').fill(admin.email);
    await popup.getByLabel('Password').fill(admin.password);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByTestId('lti-link-confirm').click();
    await expect(tool.getByTestId('lti-link-needed')).toBeHidden({ timeout: 15_000 });
    await expect(tool.getByTestId('lti-picker')).toBeVisible();
    await tool.getByTestId('lti-picker-search').fill('LTI loop');
    const choice = tool.locator('label', { hasText: title }).getByTestId('lti-picker-item');
    await choice.check();
    await tool.getByTestId('lti-picker-add').click();
    await expect(tool.locator('body')).toContainText(`Items added: ${title}`);
    expect(p.deepLinkResponses).toHaveLength(1);
    const [item] = p.deepLinkResponses[0]![ITEMS] as { url: string; title: string; lineItem?: { scoreMaximum: number } }[];
    expect(item).toMatchObject({ url: `${E2E.appUrl}/h5p/play/${id}`, title, lineItem: { scoreMaximum: 100 } });

    // the LMS makes the link's line item from the deep-linking response, as Moodle and Canvas do
    const lineitem = `${p.url}/ags/course-e2e/lineitems/e2e-1`;
    p.lineItems.set(lineitem, { id: lineitem, contextId: 'course-e2e', label: item!.title, scoreMaximum: 100, resourceLinkId: 'rl-e2e' });

    // 3. a learner launches the link in the LMS's frame and answers
    p.setLogin('learner-1', { user: { sub: 'learner-e2e', name: 'Lea Learner', roles: [LEARNER] }, contextId: 'course-e2e', resourceLinkId: 'rl-e2e', targetLinkUri: item!.url, lineitem });
    await lms.goto(p.coursePageUrl('course-e2e', 'learner-1'));
    const player = lms.frameLocator('iframe[title="Lumen tool"]').frameLocator('[data-testid="lti-player-frame"]');
    await answer(player, '4', 'Correct!');

    // 4. the score arrives at the platform, exactly once
    await expect.poll(() => p!.scores.length, { timeout: 30_000 }).toBe(1);
    expect(p.scores[0]).toMatchObject({ contextId: 'course-e2e', lineItemId: lineitem, body: { userId: 'learner-e2e', scoreGiven: 1, scoreMaximum: 1, activityProgress: 'Completed', gradingProgress: 'FullyGraded' } });
    await lms.waitForTimeout(5_000);
    expect(p.scores).toHaveLength(1);

    // an instructor launching the same link sees the content and the link to the course's results
    p.setLogin('instructor-2', { user: { sub: 'instr-e2e', name: 'Ida Instructor', email: admin.email, roles: [INSTRUCTOR] }, contextId: 'course-e2e', resourceLinkId: 'rl-e2e', targetLinkUri: item!.url, lineitem });
    await lms.goto(p.coursePageUrl('course-e2e', 'instructor-2'));
    await expect(lms.frameLocator('iframe[title="Lumen tool"]').getByTestId('lti-course-results')).toBeVisible();
  } finally {
    await browser.close();
  }

  // 5. the settings page counts the launches; the course view shows the learner's result and its passback
  await page.goto('/settings/lti');
  await expect(page.getByTestId('lti-platform-row').filter({ hasText: reg.issuer })).toContainText('3');
  await page.getByTestId('lti-course-link').filter({ hasText: /course-e2e/i }).first().click();
  const row = page.getByTestId('lti-member-row').filter({ hasText: 'Lea Learner' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('1 / 1');
  await expect(row).toContainText('learner'); // NRPS roles in the spec's words (issue 22 item 14)
  await expectNoSeriousViolations(page, '/settings/lti/courses/…/course-e2e');
});
