'use client';
// The content page's History tab (issue 27 item 3): every saved revision (number, who, when — relative and
// absolute —, kind, note), newest first; two selected are compared (each change in words, text differences
// highlighted word by word); any one plays in the player (its own page, /content/<id>/revisions/<revision id>); the owner restores one (confirmed; it becomes a new
// revision, nothing is removed).
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { ApiCallError, callApi } from '@/components/shared/api';
import { Badge, Button, ButtonLink, Card, ConfirmDialog, EmptyState, type BadgeTone } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { ChangeList, type ChangeView } from './ChangeList';
import styles from './HistoryPanel.module.css';

interface Revision {
  id: string;
  number: number;
  kind: 'create' | 'edit' | 'restore' | 'ai' | 'upgrade' | 'import';
  title: string;
  savedBy: { id: string | null; name: string | null };
  savedAt: string;
  note: string | null;
}
interface Comparison {
  from: Revision;
  to: Revision;
  changes: ChangeView[];
}

const KIND_TONE: Record<Revision['kind'], BadgeTone> = { create: 'brand', edit: 'neutral', restore: 'warning', ai: 'info', upgrade: 'info', import: 'success' };
const PAGE = 50;

export function HistoryPanel({ contentId, canRestore }: { contentId: string; canRestore: boolean }) {
  // relative times against one moment (next-intl wants `now` given; the list loads after mount, so no SSR mismatch)
  const [now] = useState(() => Date.now());
  const t = useTranslations('content.history');
  const format = useFormatter();
  const toast = useToast();
  const router = useRouter();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [comparing, setComparing] = useState(false);
  const [restoring, setRestoring] = useState<Revision | null>(null);

  const base = `/h5p/content/${encodeURIComponent(contentId)}/revisions`;
  const load = useCallback(
    async (before?: number) => {
      try {
        const r = await callApi<Revision[]>('GET', `${base}?limit=${PAGE}${before ? `&before=${before}` : ''}`);
        setRevisions((prev) => (before && prev ? [...prev, ...r.data] : r.data));
        setNextBefore((r.nextBefore as number | null) ?? null);
        setError(null);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [base],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id].slice(-2)));

  const compare = async () => {
    if (selected.length !== 2 || !revisions) return;
    // older → newer, whichever order they were picked in
    const [a, b] = selected.map((id) => revisions.find((r) => r.id === id)!).sort((x, y) => x.number - y.number);
    setComparing(true);
    try {
      const r = await callApi<Comparison>('GET', `${base}/compare?from=${a!.id}&to=${b!.id}`);
      setComparison(r.data);
    } catch (e) {
      toast({ title: t('compareFailed'), description: (e as Error).message, tone: 'error' });
    } finally {
      setComparing(false);
    }
  };

  const restore = async (rev: Revision) => {
    try {
      await callApi('POST', `${base}/${rev.id}/restore`, {});
      toast({ title: t('restored', { number: rev.number }) });
      setComparison(null);
      setSelected([]);
      await load();
      router.refresh();
    } catch (e) {
      toast({ title: t('restoreFailed'), description: e instanceof ApiCallError ? e.message : String(e), tone: 'error' });
    }
  };

  if (error) {
    return (
      <Card>
        <p className="notice" role="alert">
          {error}
        </p>
      </Card>
    );
  }
  if (!revisions) {
    return (
      <Card>
        <p className="muted" role="status">
          {t('loading')}
        </p>
      </Card>
    );
  }
  if (!revisions.length) {
    return (
      <Card>
        <EmptyState title={t('emptyTitle')} body={t('empty')} />
      </Card>
    );
  }
  const latest = revisions[0]!.id;
  return (
    <Card aria-labelledby="history-heading">
      <h2 id="history-heading">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <div className={styles.toolbar}>
        <Button variant="primary" disabled={selected.length !== 2} loading={comparing} onClick={() => void compare()} data-testid="history-compare">
          {t('compare')}
        </Button>
        <span className="muted" role="status">
          {t('selected', { count: selected.length })}
        </span>
      </div>
      <ol className={styles.list} data-testid="history-list" aria-label={t('title')}>
        {revisions.map((r) => {
          const at = new Date(r.savedAt);
          const checked = selected.includes(r.id);
          return (
            <li key={r.id} className={[styles.item, checked ? styles.selected : ''].join(' ')} data-testid="history-item" data-number={r.number}>
              <input type="checkbox" checked={checked} onChange={() => toggle(r.id)} aria-label={t('select', { number: r.number })} data-testid={`history-select-${r.number}`} />
              <div>
                <div className={styles.head}>
                  <span className={styles.number}>{t('number', { number: r.number })}</span>
                  <Badge tone={KIND_TONE[r.kind]}>{t(`kind.${r.kind}`)}</Badge>
                  {r.id === latest ? <Badge tone="success">{t('current')}</Badge> : null}
                </div>
                <div className="muted">
                  {t('savedBy', { name: r.savedBy.name ?? t('unknownAuthor') })} ·{' '}
                  <time dateTime={r.savedAt} title={format.dateTime(at, { dateStyle: 'full', timeStyle: 'long' })}>
                    {format.relativeTime(at, Math.max(now, at.getTime()))} ({format.dateTime(at, { dateStyle: 'medium', timeStyle: 'short' })})
                  </time>
                </div>
                {r.note ? <p className={styles.note}>{r.note}</p> : null}
              </div>
              <div className={styles.actions}>
                {/* a full page load: the player page has its own script policy (server/header-policy.mjs) */}
                <ButtonLink size="sm" external href={`/content/${encodeURIComponent(contentId)}/revisions/${r.id}`} data-testid={`history-preview-${r.number}`}>
                  {t('preview')}
                </ButtonLink>
                {canRestore && r.id !== latest ? (
                  <Button size="sm" variant="secondary" onClick={() => setRestoring(r)} data-testid={`history-restore-${r.number}`}>
                    {t('restore')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {nextBefore ? (
        <p>
          <Button variant="ghost" onClick={() => void load(nextBefore)}>
            {t('more')}
          </Button>
        </p>
      ) : null}
      {comparison ? (
        <section aria-labelledby="history-compare-heading" data-testid="history-comparison">
          <h3 id="history-compare-heading">{t('comparing', { from: comparison.from.number, to: comparison.to.number })}</h3>
          {comparison.changes.length ? (
            <ChangeList changes={comparison.changes} />
          ) : (
            <p className="muted">{t('noChanges')}</p>
          )}
        </section>
      ) : null}
      <ConfirmDialog
        open={!!restoring}
        onOpenChange={(o) => !o && setRestoring(null)}
        title={restoring ? t('restoreTitle', { number: restoring.number }) : ''}
        description={t('restoreText')}
        confirmLabel={t('restore')}
        onConfirm={() => (restoring ? restore(restoring) : undefined)}
        testId="history-restore-dialog"
      />
    </Card>
  );
}
