// The home page's sections, by role: the admin's first-run checklist, the teacher's recent work, quick-create
// tiles and results worth a look, and the student's next steps and results. Server components; links only.
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { ArrowRight, BookOpenCheck, CheckCircle2, Circle, LayoutGrid, Store } from 'lucide-react';
import { Badge, Card, EmptyState, Thumbnail } from '@/components/ui';
import type { SetupChecklist as Checklist, SetupStep } from '@/lib/admin/checklist';
import styles from './Home.module.css';

const STEP_LINKS: Record<SetupStep, string> = {
  types: '/admin/content-types',
  content: '/content/new',
  brand: '/settings/tenant',
  // teachers join through the school's identity provider and appear in the admin page's users list
  teachers: '/admin#admin-users',
  lms: '/settings/lti',
};

export async function SetupChecklist({ checklist, hubReachable, canImportTypes }: { checklist: Checklist; hubReachable: boolean; canImportTypes: boolean }) {
  const t = await getTranslations('workspace.setup');
  // without the Hub, content types come with imported packages — which only a super admin may install from; a
  // school's admin is told whom to ask (the content types page says what is installed)
  const typesVia = hubReachable ? 'types' : canImportTypes ? 'typesImport' : 'typesAsk';
  const href = (k: SetupStep) => (k === 'types' && typesVia === 'typesImport' ? '/content/import' : STEP_LINKS[k]);
  return (
    <Card aria-labelledby="setup-title" data-testid="setup-checklist" className={styles.setup}>
      <div className={styles.sectionHead}>
        <h2 id="setup-title">{t('title')}</h2>
        <Badge tone={checklist.done === checklist.total ? 'success' : 'brand'} data-testid="setup-progress">
          {t('progress', { done: checklist.done, total: checklist.total })}
        </Badge>
      </div>
      <p className="muted">{t('intro')}</p>
      <progress className={styles.progress} max={checklist.total} value={checklist.done} aria-label={t('progress', { done: checklist.done, total: checklist.total })} />
      <ol className={styles.steps}>
        {checklist.steps.map((s) => (
          <li key={s.key} className={s.done ? styles.stepDone : styles.step} data-testid={`setup-step-${s.key}`} data-done={s.done}>
            {s.done ? <CheckCircle2 aria-hidden size={22} className={styles.tick} /> : <Circle aria-hidden size={22} className={styles.todo} />}
            <span className={styles.stepText}>
              <Link href={href(s.key)} className={styles.stepLink}>
                {s.key === 'types' ? t(`steps.${typesVia}`) : t(`steps.${s.key}`)}
              </Link>
              <span className="muted">{s.key === 'types' ? t(`hints.${typesVia}`) : t(`hints.${s.key}`)}</span>
            </span>
            <span className="sr-only">{s.done ? t('done') : t('open')}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export interface RecentItem {
  id: string;
  title: string;
  typeTitle: string;
  icon: string | null;
  thumbnailUrl?: string | null;
  visibility: 'private' | 'public';
  updatedAt: Date;
}

export async function RecentWork({ items }: { items: RecentItem[] }) {
  const [t, format] = await Promise.all([getTranslations('workspace.home'), getFormatter()]);
  return (
    <section aria-labelledby="home-recent" className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id="home-recent">{t('recent')}</h2>
        <Link href="/content" data-testid="my-content-link" className={styles.more}>
          {t('allContent')} <ArrowRight aria-hidden size={16} />
        </Link>
      </div>
      {items.length ? (
        <ul className={styles.cards}>
          {items.map((i) => (
            <li key={i.id}>
              <Card as="article" padded={false} interactive className={styles.itemCard}>
                <Thumbnail src={i.thumbnailUrl} icon={i.icon} className={styles.itemThumb} />
                <div className={styles.itemBody}>
                  <h3 className={styles.itemTitle}>
                    <Link href={`/content/${i.id}`} className={styles.cover} data-testid="home-recent-item">
                      {i.title}
                    </Link>
                  </h3>
                  <p className={styles.itemMeta}>
                    <span>{i.typeTitle}</span>
                    <Badge tone={i.visibility === 'public' ? 'success' : 'neutral'}>{t(`visibility.${i.visibility}`)}</Badge>
                  </p>
                  <p className={styles.itemWhen}>{t('updated', { when: format.relativeTime(i.updatedAt) })}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          title={t('emptyTitle')}
          body={t('emptyBody')}
          testId="home-empty"
          action={
            <>
              <Link href="/content/new" className={styles.ctaPrimary}>
                {t('createFirst')}
              </Link>
              <Link href="/content/import">{t('importFirst')}</Link>
            </>
          }
        />
      )}
    </section>
  );
}

export async function QuickCreate({ types }: { types: { machineName: string; title: string; icon: string | null }[] }) {
  const t = await getTranslations('workspace.home');
  if (!types.length) return null;
  return (
    <section aria-labelledby="home-quick" className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id="home-quick">{t('quickCreate')}</h2>
        <Link href="/content/new" className={styles.more}>
          {t('allTypes')} <ArrowRight aria-hidden size={16} />
        </Link>
      </div>
      <ul className={styles.tiles}>
        {types.map((ty) => (
          <li key={ty.machineName}>
            {/* a full page load: the editor's scripts run only on a page loaded with its own nonce */}
            <a href={`/content/new?type=${encodeURIComponent(ty.machineName)}`} className={styles.tile} data-testid="quick-create">
              <Thumbnail icon={ty.icon} size="sm" />
              <span>{ty.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface ResultRow {
  contentId: string;
  title: string;
  attempts: number;
  learners: number;
  averageScaled: number | null;
}

export async function ResultsWorthALook({ rows }: { rows: ResultRow[] }) {
  const [t, format] = await Promise.all([getTranslations('workspace.home'), getFormatter()]);
  return (
    <section aria-labelledby="home-results" className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id="home-results">{t('results')}</h2>
        <Link href="/results" className={styles.more}>
          {t('allResults')} <ArrowRight aria-hidden size={16} />
        </Link>
      </div>
      {rows.length ? (
        <ul className={styles.resultList}>
          {rows.map((r) => (
            <li key={r.contentId} className={styles.resultRow}>
              <Link href={`/results/content/${encodeURIComponent(r.contentId)}`} className={styles.resultTitle}>
                {r.title}
              </Link>
              <span className="muted">{t('attempts', { count: r.attempts, learners: r.learners })}</span>
              {r.averageScaled !== null ? (
                <Badge tone={r.averageScaled < 0.5 ? 'warning' : 'success'}>{t('average', { value: format.number(r.averageScaled, { style: 'percent', maximumFractionDigits: 0 }) })}</Badge>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('noResults')}</p>
      )}
    </section>
  );
}

export async function TeachLinks() {
  const t = await getTranslations('workspace');
  const links = [
    { href: '/marketplace', label: t('teach.marketplace'), icon: Store, testId: 'link-marketplace', hint: t('home.marketplaceHint') },
    { href: '/collections', label: t('teach.collections'), icon: LayoutGrid, testId: 'link-collections', hint: t('home.collectionsHint') },
    { href: '/curriculum', label: t('teach.curriculum'), icon: BookOpenCheck, testId: 'link-curriculum', hint: t('home.curriculumHint') },
  ];
  return (
    <section aria-labelledby="home-teach" className={styles.section}>
      <h2 id="home-teach">{t('teach.title')}</h2>
      <ul className={styles.teach}>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className={styles.teachLink} data-testid={l.testId}>
              <l.icon aria-hidden size={22} className={styles.teachIcon} />
              <span>
                <span className={styles.teachLabel}>{l.label}</span>
                <span className="muted">{l.hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface StudentAttempt {
  attemptId: string;
  contentId: string;
  title: string | null;
  score: number | null;
  maxScore: number | null;
  completed: boolean;
  startedAt: Date;
}

export async function StudentHome({ attempts }: { attempts: StudentAttempt[] }) {
  const [t, format] = await Promise.all([getTranslations('workspace'), getFormatter()]);
  const open = attempts.filter((a) => !a.completed && a.title).slice(0, 3);
  const done = attempts.filter((a) => a.completed).slice(0, 5);
  return (
    <>
      <Card aria-labelledby="home-next" className={styles.section}>
        <h2 id="home-next">{t('student.next')}</h2>
        {open.length ? (
          <ul className={styles.resultList}>
            {open.map((a) => (
              <li key={a.attemptId} className={styles.resultRow}>
                <Link href={`/marketplace/${encodeURIComponent(a.contentId)}`} className={styles.resultTitle} data-testid="student-continue">
                  {t('student.continue', { title: a.title ?? '' })}
                </Link>
                <span className="muted">{format.relativeTime(a.startedAt)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          {t.rich('learn.body', {
            link: (chunks) => (
              <a href="/marketplace" data-testid="link-marketplace">
                {chunks}
              </a>
            ),
          })}
        </p>
      </Card>
      <section aria-labelledby="home-my-results" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="home-my-results">{t('student.results')}</h2>
          <Link href="/results" className={styles.more}>
            {t('home.allResults')} <ArrowRight aria-hidden size={16} />
          </Link>
        </div>
        {done.length ? (
          <ul className={styles.resultList}>
            {done.map((a) => (
              <li key={a.attemptId} className={styles.resultRow} data-testid="student-result">
                <span className={styles.resultTitle}>{a.title ?? t('student.unavailable')}</span>
                {a.score !== null && a.maxScore !== null ? <Badge tone="brand">{t('student.score', { score: a.score, max: a.maxScore })}</Badge> : null}
                <span className="muted">{format.dateTime(a.startedAt, { dateStyle: 'medium' })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('student.noResults')}</p>
        )}
      </section>
    </>
  );
}
