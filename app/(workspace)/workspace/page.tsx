import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { UsageBars } from '@/components/workspace/UsageBars';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import { currentBrand } from '@/lib/tenant/current';

export default async function WorkspacePage() {
  const { user, principal } = await requirePageSession('/workspace');
  const teacher = isTeacherOrAbove(principal.role);
  const usage = await usageOf(user);
  const plan = planOf(user.plan);
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1 data-testid="welcome">Welcome, {user.name}</h1>
          <p>
            Plan: <span className="plan-badge" data-testid="plan">{plan.name}</span>{' '}
            <span className="muted">{plan.price === 0 ? 'free' : `$${plan.price} / month`}</span>
          </p>
        </section>
        {teacher ? (
          <>
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
          </>
        ) : (
          <section className="card">
            <h2>Learn</h2>
            <p>
              <a href="/marketplace" data-testid="link-marketplace">Browse the marketplace</a> to find activities to play. Your teacher may also share
              activities with you by link.
            </p>
          </section>
        )}
        <section className="card">
          <h2>Usage this month</h2>
          <UsageBars usage={usage} />
        </section>
      </main>
    </>
  );
}
