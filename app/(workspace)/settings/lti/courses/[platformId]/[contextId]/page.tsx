import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CourseView } from '@/components/lti/CourseView';
import { PageHeader } from '@/components/ui';
import { requirePageSession } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { courseView } from '@/lib/lti/courses';
import { unlockingPlan } from '@/lib/plans/plans';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route's parameters as the API takes them (GET /lti/contexts/:platformId/:contextId), or null. */
function courseParams(p: { platformId: string; contextId: string }): { platformId: string; contextId: string } | null {
  // the segment arrives URL-encoded (as app/(workspace)/results/learners/[key] reads it); a value that does not
  // decode is taken as it is
  let contextId = p.contextId;
  try {
    contextId = decodeURIComponent(p.contextId);
  } catch {
    // not an encoded value
  }
  // no control character reaches the database (as the route wrapper refuses them)
  if (!UUID.test(p.platformId) || !contextId || contextId.length > 255 || /[\u0000-\u001f\u007f]/.test(contextId)) return null;
  return { platformId: p.platformId, contextId };
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('lti.course');
  return { title: t('metaTitle') };
}

// One course (LTI context) of the caller's platforms: its roster with each learner's results for the content
// launched there, and whether each grade reached the LMS.
export default async function LtiCoursePage({ params }: { params: Promise<{ platformId: string; contextId: string }> }) {
  const raw = await params;
  const { user, principal } = await requirePageSession(`/settings/lti/courses/${raw.platformId}/${raw.contextId}`);
  const [t] = await Promise.all([getTranslations('lti')]);
  const upgrade = unlockingPlan(user.plan, 'lti-integration');
  if (upgrade) {
    return (
      <div className="page">
        <PageHeader title={t('title')} />
        <p className="notice" role="status" data-testid="lti-gated">
          {t('gated', { plan: upgrade })} <Link href="/plans">{t('plans')}</Link>
        </p>
      </div>
    );
  }
  const ids = courseParams(raw);
  if (!ids) notFound();
  let course: Awaited<ReturnType<typeof courseView>>;
  try {
    course = await courseView({ user, principal }, ids.platformId, ids.contextId);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
  return (
    <div className="page">
      <CourseView course={course} />
    </div>
  );
}
