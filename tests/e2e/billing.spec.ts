// Issue 10: a free user upgrades to Pro through the plans page, the payment provider's checkout (the Stripe
// stand-in's hosted page) and the webhook it sends, sees the success banner and the new plan, then cancels in the
// billing portal and is back on Free — all through the UI and signed webhooks. The free user is a teacher put on the
// Free plan: a student is offered no plans (issue 25 item 2: /plans is the branded 404 for them).
import { expect, test } from './support/test';
import { demoAccount, signIn, sql } from './support/fixtures';
import { E2E } from './support/env';
import { startStripeStandin, type StripeStandin } from '../support/stripe-standin';

let stripe: StripeStandin;

test.beforeAll(async () => {
  stripe = await startStripeStandin(Number(new URL(E2E.stripeUrl).port));
  stripe.webhookUrl = `${E2E.appUrl}/api/auth/webhook`;
});
test.afterAll(async () => {
  await stripe?.close();
  // the second teacher is on the teacher's default plan again for the other specs, whatever happened here
  const teacher = demoAccount('teacher2');
  await sql(`UPDATE users SET plan = 'pro', stripe_subscription_id = NULL WHERE email = $1`, [teacher.email.toLowerCase()]);
});

test('a free user upgrades to Pro and back through checkout, the webhook and the billing portal', async ({ page }) => {
  const teacher = demoAccount('teacher2');
  await signIn(page, teacher);
  await sql(`UPDATE users SET plan = 'free', stripe_subscription_id = NULL WHERE email = $1`, [teacher.email.toLowerCase()]);
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(page.getByTestId('plan-free').getByTestId('current-plan')).toBeVisible();
  await expect(page.getByTestId('plan-pro')).toContainText('30 new items a month');
  await expect(page.getByTestId('payments-disabled')).toHaveCount(0);

  // checkout: the stand-in's payment page, then back with the success banner
  await page.getByTestId('upgrade-pro').click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/workspace\?subscription=success$/);
  await expect(page.getByTestId('subscription-success')).toBeVisible();
  await expect(page.getByTestId('plan')).toHaveText('Pro');
  await page.goto('/plans');
  await expect(page.getByTestId('plan-pro').getByTestId('current-plan')).toBeVisible();
  await expect(page.getByTestId('upgrade-pro')).toHaveCount(0);
  await expect(page.getByTestId('upgrade-premium')).toBeVisible();

  // the billing portal from the settings page: cancel, back on Free
  await page.goto('/settings');
  await expect(page.getByTestId('settings-billing')).toContainText('Pro');
  await page.getByTestId('manage-billing').click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/portal/bps_`));
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('settings-billing')).toContainText('Free');
  const [row] = await sql<{ plan: string; stripe_subscription_id: string | null }>(`SELECT plan, stripe_subscription_id FROM users WHERE email = $1`, [teacher.email.toLowerCase()]);
  expect(row).toEqual({ plan: 'free', stripe_subscription_id: null });
});

test('a cancelled checkout says so and leaves the plan', async ({ page }) => {
  const teacher = demoAccount('teacher2');
  await signIn(page, teacher);
  await sql(`UPDATE users SET plan = 'free', stripe_subscription_id = NULL WHERE email = $1`, [teacher.email.toLowerCase()]);
  await page.goto('/plans');
  await page.getByTestId('upgrade-premium').click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/pay/`));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/workspace\?subscription=cancelled$/);
  await expect(page.getByTestId('subscription-cancelled')).toBeVisible();
  await expect(page.getByTestId('plan')).toHaveText('Free');
});
