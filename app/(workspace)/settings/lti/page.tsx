import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ArrowLeft } from 'lucide-react';
import { LtiSettings } from '@/components/lti/LtiSettings';
import { ButtonLink, PageHeader } from '@/components/ui';
import { requirePageSession } from '@/lib/auth/session';
import { ltiToolConfig } from '@/lib/lti/config';
import { listContexts } from '@/lib/lti/courses';
import { listPlatforms } from '@/lib/lti/platforms';
import { unlockingPlan } from '@/lib/plans/plans';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('lti');
  return { title: t('title') };
}

// LTI 1.3 (issue 12 item 6, feature lti-integration): what to paste into an LMS, the registered platforms and the
// courses launched so far. The first render reads them here (as the /lti API would for this user); the client
// component changes them through that API. A plan without the feature is told which plan has it.
export default async function LtiSettingsPage() {
  const { user, principal } = await requirePageSession('/settings/lti');
  const [t] = await Promise.all([getTranslations('lti')]);
  const upgrade = unlockingPlan(user.plan, 'lti-integration');
  const caller = { user, principal };
  const data = upgrade ? null : await Promise.all([ltiToolConfig(caller), listPlatforms(caller), listContexts(caller)]);
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        description={t('intro')}
        actions={
          <ButtonLink href="/settings" variant="ghost" icon={ArrowLeft}>
            {t('back')}
          </ButtonLink>
        }
      />
      {!data ? (
        <p className="notice" role="status" data-testid="lti-gated">
          {t('gated', { plan: upgrade ?? '' })} <Link href="/plans">{t('plans')}</Link>
        </p>
      ) : (
        <LtiSettings config={data[0]} initialPlatforms={data[1]} initialContexts={data[2]} />
      )}
    </div>
  );
}
