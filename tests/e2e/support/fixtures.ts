// Helpers of the end-to-end specs: the embedded IdP's demo accounts, database seeding over plain SQL,
// and signing in through the real sign-in page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  roles: string[];
}

export function demoAccount(role: 'super_admin' | 'teacher' | 'student' | 'teacher2'): DemoAccount {
  const state = JSON.parse(readFileSync(path.join(E2E.dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: DemoAccount[] };
  // teacher2: a second teacher that scripts/e2e.mjs adds to the embedded IdP's demo accounts
  const user = role === 'teacher2' ? state.users.find((u) => u.email === 'teacher2@demo.lumen.test') : state.users.find((u) => u.roles.includes(role));
  if (!user) throw new Error(`no demo account with role ${role}`);
  return user;
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: E2E.databaseUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/**
 * A school that nothing is set up for (scripts/e2e.mjs adds its admin and teacher to the embedded IdP's accounts with
 * its tenant id): its tenant row, made here on first use, before either signs in (sign-in links a user to an existing
 * tenant only), and the address of its own site.
 */
export async function freshSchool(key: 'shell-school' | 'fresh-school') {
  const state = JSON.parse(readFileSync(path.join(E2E.dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: (DemoAccount & { tenantId?: string })[] };
  const account = (who: 'admin' | 'teacher') => {
    const user = state.users.find((u) => u.email === `${who}@${key}.lumen.test`);
    if (!user?.tenantId) throw new Error(`no ${who} of ${key} in the IdP's accounts (scripts/e2e.mjs)`);
    return user as DemoAccount & { tenantId: string };
  };
  const admin = account('admin');
  const tenantId = admin.tenantId;
  await sql(
    `INSERT INTO tenants (id, slug, name, domain, brand_config, plan, active, updated_at)
     VALUES ($1, $2, $3, $4, '{}'::jsonb, 'premium', true, now()) ON CONFLICT (id) DO NOTHING`,
    [tenantId, key, key === 'fresh-school' ? 'Fresh School' : 'Shell School', `${key}.school.example`],
  );
  return { tenantId, slug: key, base: E2E.tenantUrl(key), admin, teacher: account('teacher') };
}

export async function createTenant(opts: { slug?: string; name?: string; brand?: Record<string, unknown>; active?: boolean } = {}) {
  const slug = opts.slug ?? `t${randomUUID().slice(0, 8)}`;
  const [row] = await sql<{ id: string; slug: string }>(
    `INSERT INTO tenants (id, slug, name, domain, brand_config, plan, active, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, $4::jsonb, 'premium', $5, now()) RETURNING id, slug`,
    [slug, opts.name ?? `Tenant ${slug}`, `${slug}.school.example`, JSON.stringify(opts.brand ?? {}), opts.active ?? true],
  );
  return row!;
}

export async function signIn(page: Page, account: DemoAccount, base = E2E.appUrl) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/workspace/);
}
