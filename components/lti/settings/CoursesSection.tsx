'use client';
// The courses launched so far (GET /lti/contexts), each linking to its page (roster, results).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { GraduationCap } from 'lucide-react';
import { Badge, Card, DataTable } from '@/components/ui';
import styles from '../lti.module.css';
import { useWhen } from './useWhen';
import type { z } from 'zod';
import type { contextRowSchema } from '@/lib/lti/courses';

/** One row of GET /lti/contexts (the route's response schema) */
export type ContextRow = z.infer<typeof contextRowSchema>;

export function CoursesSection({ contexts }: { contexts: ContextRow[] }) {
  const t = useTranslations('lti');
  const when = useWhen();
  return (
    <Card className={styles.card} aria-labelledby="lti-courses-title" data-testid="lti-courses">
      <h2 id="lti-courses-title" className={styles.cardTitle}>
        <GraduationCap aria-hidden size={20} />
        {t('courses.title')}
      </h2>
      <DataTable
        testId="lti-courses-table"
        rowTestId="lti-course-row"
        rows={contexts}
        rowKey={(c) => `${c.platformId}/${c.contextId}`}
        empty={t('courses.empty')}
        columns={[
          {
            header: t('courses.course'),
            cell: (c) => (
              <Link href={`/settings/lti/courses/${encodeURIComponent(c.platformId)}/${encodeURIComponent(c.contextId)}`} data-testid="lti-course-link">
                {c.title ?? c.label ?? c.contextId}
              </Link>
            ),
          },
          { header: t('courses.platform'), cell: (c) => c.platformName },
          { header: t('courses.lastLaunch'), cell: (c) => when(c.lastLaunchAt) },
          { header: t('courses.roster'), cell: (c) => <Badge tone={c.hasRoster ? 'success' : 'neutral'}>{c.hasRoster ? t('courses.yes') : t('courses.no')}</Badge> },
        ]}
      />
    </Card>
  );
}
