import Link from 'next/link';
import { redirect } from 'next/navigation';
import { TopBar } from '@/components/workspace/TopBar';
import { UsageBars } from '@/components/workspace/UsageBars';
import { currentSession } from '@/lib/auth/session';
import { db } from '@/lib/db/client';
import { applyMonthlyReset } from '@/lib/auth/users';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import { currentBrand } from '@/lib/tenant/current';

export default async function WorkspacePage() {
  const session = await currentSession();
  if (!session) redirect('/login?next=/workspace');
  const found = await db().user.findUnique({ where: { email: session.user.email.toLowerCase() } });
  if (!found) redirect('/login?next=/workspace');
  const user = await applyMonthlyReset(found);
  const usage = await usageOf(user);
  const plan = planOf(user.plan);
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <h1 data-testid="welcome">Welcome, {user.name}</h1>
          <p>
            Plan: <span className="plan-badge" data-testid="plan">{plan.name}</span>{' '}
            <span className="muted">{plan.price === 0 ? 'free' : `$${plan.price} / month`}</span>
          </p>
        </section>
        <section className="card">
          <h2>Content</h2>
          <p>
            <Link href="/content" data-testid="my-content-link">My content</Link> · <Link href="/content/new">Create</Link> ·{' '}
            <Link href="/content/import">Import</Link> · <Link href="/content/types">Content types</Link>
          </p>
        </section>
        <section className="card">
          <h2>Teach</h2>
          <p>
            <a href="/marketplace" data-testid="link-marketplace">Marketplace</a> · <a href="/collections" data-testid="link-collections">Collections</a> ·{' '}
            <a href="/curriculum" data-testid="link-curriculum">Curriculum metadata</a>
          </p>
        </section>
        <section className="card">
          <h2>Usage this month</h2>
          <UsageBars usage={usage} />
        </section>
      </main>
    </>
  );
}
