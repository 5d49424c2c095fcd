// The course view (issue 12 item 6), rendered on the server: one LTI course with its learners and, per content item
// launched there, each learner's best result and whether its grade reached the LMS. A table with one column per
// content item, in its own horizontal scroll region on narrow screens (as components/ui/DataTable).
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { ArrowLeft, Users } from 'lucide-react';
import { Badge, ButtonLink, Card, PageHeader, type BadgeTone } from '@/components/ui';
import type { courseView } from '@/lib/lti/courses';
import styles from './lti.module.css';

/** GET /lti/contexts/:platformId/:contextId (lib/lti/courses.ts) */
export type CourseData = Awaited<ReturnType<typeof courseView>>;
export type CourseMember = CourseData['members'][number];
/** passback: "sent" | "pending" | "failed: <detail>" | null (no passback for this attempt) */
export type CourseAttempt = CourseMember['attempts'][number];

/** The attempt a cell shows: the best score (the newest of equal ones; attempts come newest first), else the newest. */
function shownAttempt(attempts: CourseAttempt[]): CourseAttempt | undefined {
  let best: CourseAttempt | undefined;
  for (const a of attempts) {
    const rank = (x: CourseAttempt) =>
      [x.scaled ?? (x.score !== null && x.maxScore ? x.score / x.maxScore : -1), x.completed ? 1 : 0] as const;
    if (!best) best = a;
    else {
      const [s, c] = rank(a);
      const [bs, bc] = rank(best);
      if (s > bs || (s === bs && c > bc)) best = a;
    }
  }
  return best;
}

const STATUSES = { active: 'active', inactive: 'inactive', deleted: 'deleted', 'seen in launches': 'seen' } as const;
const STATUS_TONE: Record<(typeof STATUSES)[keyof typeof STATUSES], BadgeTone> = { active: 'success', inactive: 'neutral', deleted: 'danger', seen: 'info' };

export async function CourseView({ course }: { course: CourseData }) {
  const [t, format] = await Promise.all([getTranslations('lti.course'), getFormatter()]);
  const title = course.context.title ?? course.context.label ?? course.context.id;
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 0 });
  // NRPS statuses are "Active" / "Inactive" / "Deleted" (some platforms send the full IMS URI)
  const statusKey = (s: string) => STATUSES[(s.split('#').pop() ?? s).trim().toLowerCase() as keyof typeof STATUSES] as (typeof STATUSES)[keyof typeof STATUSES] | undefined;
  const statusBadge = (s: string) => {
    const key = statusKey(s);
    return <Badge tone={key ? STATUS_TONE[key] : 'neutral'}>{key ? t(`statuses.${key}`) : s}</Badge>;
  };
  const passbackText = (p: string) =>
    p === 'sent'
      ? t('passbackSent')
      : p === 'pending'
        ? t('passbackPending')
        : p.startsWith('failed')
          ? t('passbackFailed', { detail: p.replace(/^failed:?\s*/, '') || '?' })
          : p;

  const cell = (m: CourseMember, contentId: string) => {
    const mine = m.attempts.filter((a) => a.contentId === contentId);
    const a = shownAttempt(mine);
    if (!a) return <span className="muted">{t('notTried')}</span>;
    const scaled = a.scaled ?? (a.score !== null && a.maxScore ? a.score / a.maxScore : null);
    return (
      <span className={styles.cell}>
        <span data-testid="lti-result">
          {a.score !== null && a.maxScore !== null
            ? t('score', { score: format.number(a.score), max: format.number(a.maxScore), percent: scaled === null ? '—' : pct(scaled) })
            : t('started')}
        </span>
        {a.completed ? <Badge tone="success">{t('completed')}</Badge> : null}
        {mine.length > 1 ? <small className={styles.sub}>{t('attempts', { count: mine.length })}</small> : null}
        {a.passback ? (
          <Badge tone={a.passback === 'sent' ? 'success' : a.passback === 'pending' ? 'warning' : a.passback.startsWith('failed') ? 'danger' : 'neutral'} data-testid="lti-passback">
            {passbackText(a.passback)}
          </Badge>
        ) : null}
      </span>
    );
  };

  return (
    <div data-testid="lti-course-view">
      <PageHeader
        title={title}
        titleTestId="lti-course-title"
        description={
          <p className={styles.facts}>
            <span>
              {t('platform', { name: course.platform.name })}
              {course.context.label && course.context.label !== title ? ` · ${course.context.label}` : ''}
            </span>
            <span>{t('lastLaunch', { date: format.dateTime(new Date(course.context.lastLaunchAt), { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
          </p>
        }
        actions={
          <ButtonLink href="/settings/lti" variant="ghost" icon={ArrowLeft}>
            {t('back')}
          </ButtonLink>
        }
      />
      {course.rosterError ? (
        <p className="notice" role="status" data-testid="lti-roster-error">
          {t('rosterError', { error: course.rosterError })}
        </p>
      ) : null}
      <Card className={styles.card} aria-labelledby="lti-members-title">
        <h2 id="lti-members-title" className={styles.cardTitle}>
          <Users aria-hidden size={20} />
          {t('membersTitle')}
        </h2>
        {!course.contents.length ? <p className="muted">{t('noContent')}</p> : null}
        {!course.members.length ? (
          <p className="muted" data-testid="lti-members-empty">
            {t('empty')}
          </p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="lti-members-title">
            <table className="libraries" data-testid="lti-members">
              <thead>
                <tr>
                  <th scope="col">{t('learner')}</th>
                  <th scope="col">{t('roles')}</th>
                  <th scope="col">{t('status')}</th>
                  {course.contents.map((c) => (
                    <th key={c.id} scope="col">
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {course.members.map((m) => (
                  <tr key={m.userId} data-testid="lti-member-row">
                    <th scope="row" className={styles.learner}>
                      <Link href={`/results/learners/${encodeURIComponent(m.learnerKey)}`} data-testid="lti-member-link">
                        {m.name || m.email || t('noName')}
                      </Link>
                      {m.name && m.email ? (
                        <>
                          <br />
                          <small className="muted">{m.email}</small>
                        </>
                      ) : null}
                    </th>
                    <td>{m.roles.join(', ') || '—'}</td>
                    <td>{statusBadge(m.status)}</td>
                    {course.contents.map((c) => (
                      <td key={c.id}>{cell(m, c.id)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
