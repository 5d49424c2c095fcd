'use client';
// The admin's content upgrades (issue 28 item 1): per installed content type, how many items use each version, and
// the two steps — "Try the upgrade" (a dry run: what would change, per item) and "Upgrade N items to x.y". A job
// runs on the server (lib/h5p/upgrade/jobs.ts); this follows it every second while it runs — progress, counts, the
// items with their result and changes — and offers to stop it. A page opened while a job runs picks it up.
import { useCallback, useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { ChangeList, type ChangeView } from '@/components/content/history/ChangeList';
import { Badge, Button, Card, ConfirmDialog, EmptyState, type BadgeTone } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import styles from './AdminJobs.module.css';
import type { UpgradableType, UpgradeItemView, UpgradeJobView } from '@/lib/h5p/upgrade';

const POLL_MS = 1_000;
const PAGE = 50;
const ACTIVE = ['queued', 'running'];

const STATUS_TONE: Record<UpgradeItemView['status'], BadgeTone> = {
  pending: 'neutral',
  upgraded: 'success',
  unchanged: 'neutral',
  failed: 'danger',
};
const JOB_TONE: Record<UpgradeJobView['status'], BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  completed: 'success',
  completed_with_errors: 'warning',
  cancelled: 'neutral',
  failed: 'danger',
};

function useUpgradeJob(initial: UpgradeJobView | null, onEnd: () => void) {
  const [job, setJob] = useState<UpgradeJobView | null>(initial);
  useEffect(() => {
    if (!job || !ACTIVE.includes(job.status)) return;
    const timer = setTimeout(() => {
      callApi<UpgradeJobView>('GET', `/api/admin/content-upgrades/${job.id}`).then(
        (r) => {
          setJob(r.data);
          if (!ACTIVE.includes(r.data.status)) onEnd();
        },
        () => setJob((j) => (j ? { ...j } : j)),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, onEnd]);
  return [job, setJob] as const;
}

function JobItems({ job }: { job: UpgradeJobView }) {
  const t = useTranslations('admin.upgrades');
  const [filter, setFilter] = useState<'' | UpgradeItemView['status']>('');
  const [items, setItems] = useState<UpgradeItemView[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const load = useCallback(
    async (after?: number) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (filter) q.set('status', filter);
      if (after !== undefined) q.set('after', String(after));
      const r = await callApi<UpgradeItemView[]>('GET', `/api/admin/content-upgrades/${job.id}/items?${q}`);
      setItems((old) => (after !== undefined ? [...old, ...r.data] : r.data));
      setNext(typeof r.next === 'number' ? r.next : null);
    },
    [job.id, filter],
  );
  // reloaded as the job moves on (each poll gives a new done count) and when the filter changes
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load, job.done]);
  return (
    <div data-testid="upgrade-items">
      <div className={styles.filters} role="group" aria-label={t('filterLabel')}>
        {(['', 'upgraded', 'unchanged', 'failed'] as const).map((f) => (
          <Button
            key={f || 'all'}
            size="sm"
            variant={filter === f ? 'primary' : 'ghost'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            data-testid={`upgrade-filter-${f || 'all'}`}
          >
            {t(`filter.${f || 'all'}`)}
          </Button>
        ))}
      </div>
      {items.length ? (
        <ul className={styles.upgradeItems}>
          {items.map((i) => (
            <li key={i.position} data-testid="upgrade-item" data-status={i.status} data-content-id={i.contentId}>
              <div className={styles.upgradeItemHead}>
                <Badge tone={STATUS_TONE[i.status]}>
                  {job.dryRun && i.status === 'upgraded' ? t('status.wouldUpgrade') : t(`status.${i.status}`)}
                </Badge>{' '}
                <Link href={`/content/${i.contentId}`}>{i.title || i.contentId}</Link>{' '}
                <span className="muted">{t('from', { version: i.fromVersion })}</span>
              </div>
              {i.error ? (
                <p className="error-text" data-testid="upgrade-item-error">
                  {i.error}
                </p>
              ) : null}
              {i.changes?.length ? (
                <details>
                  <summary>{t(job.dryRun ? 'wouldChange' : 'changed', { count: i.changes.length })}</summary>
                  <ChangeList changes={i.changes as ChangeView[]} testId="upgrade-change" />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('noItems')}</p>
      )}
      {next !== null ? (
        <Button variant="ghost" onClick={() => void load(next)}>
          {t('more')}
        </Button>
      ) : null}
    </div>
  );
}

function JobReport({ job, title, onCancel, onUpgradeForReal }: { job: UpgradeJobView; title: string; onCancel: () => void; onUpgradeForReal: () => void }) {
  const t = useTranslations('admin.upgrades');
  const format = useFormatter();
  const active = ACTIVE.includes(job.status);
  return (
    <section
      className={styles.upgradeJob}
      aria-labelledby={`job-${job.id}`}
      data-testid="upgrade-job"
      data-status={job.status}
      data-dry-run={String(job.dryRun)}
    >
      <h3 id={`job-${job.id}`}>
        {t(job.dryRun ? 'jobTitleDry' : 'jobTitle', { type: title, version: job.toVersion })}{' '}
        <Badge tone={JOB_TONE[job.status]}>{t(`jobStatus.${job.status}`)}</Badge>
      </h3>
      <p role="status" aria-live="polite" data-testid="upgrade-job-status">
        {t(job.dryRun ? 'countsDry' : 'counts', {
          done: job.done,
          total: job.total,
          upgraded: job.upgraded,
          unchanged: job.unchanged,
          failed: job.failed,
        })}
        {job.createdBy.name ? (
          <span className="muted">
            {' '}
            ·{' '}
            {t('startedBy', {
              name: job.createdBy.name,
              when: format.dateTime(new Date(job.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </span>
        ) : null}
      </p>
      <progress
        className={styles.progress}
        max={Math.max(job.total, 1)}
        value={job.done}
        aria-label={t('progress')}
        data-testid="upgrade-progress"
      >
        {job.done}/{job.total}
      </progress>
      {job.detail ? <p className="muted">{job.detail}</p> : null}
      <div className={styles.actions}>
        {active ? (
          <Button variant="ghost" onClick={onCancel} data-testid="upgrade-cancel">
            {t('cancel')}
          </Button>
        ) : null}
        {job.dryRun && !active && job.upgraded > 0 ? (
          <Button variant="primary" onClick={onUpgradeForReal} data-testid="upgrade-after-dry-run">
            {t('upgradeNow', { count: job.upgraded, version: job.toVersion })}
          </Button>
        ) : null}
      </div>
      <JobItems job={job} />
    </section>
  );
}

export function ContentUpgrades({ types, jobs }: { types: UpgradableType[]; jobs: UpgradeJobView[] }) {
  const t = useTranslations('admin.upgrades');
  const toast = useToast();
  const router = useRouter();
  const latest = jobs[0] ?? null;
  const refresh = useCallback(() => router.refresh(), [router]);
  const [job, setJob] = useUpgradeJob(latest, refresh);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<{ type: UpgradableType; version: string; count: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (machineName: string, toVersion: string, dryRun: boolean) => {
    setBusy(true);
    try {
      const r = await callApi<UpgradeJobView>('POST', '/api/admin/content-upgrades', { machineName, toVersion, dryRun });
      setJob(r.data);
      toast({ title: r.message ?? t(dryRun ? 'dryQueued' : 'queued'), tone: 'success' });
    } catch (err) {
      toast({ title: t('startFailed'), description: (err as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (!job) return;
    try {
      setJob((await callApi<UpgradeJobView>('POST', `/api/admin/content-upgrades/${job.id}/cancel`, {})).data);
    } catch (err) {
      toast({ title: (err as Error).message, tone: 'error' });
    }
  };
  const running = !!job && ACTIVE.includes(job.status);
  const reachable = (type: UpgradableType, version: string) => {
    const [maj, min] = version.split('.').map(Number) as [number, number];
    return type.versions
      .filter((v) => {
        const [a, b] = v.version.split('.').map(Number) as [number, number];
        return a < maj || (a === maj && b < min);
      })
      .reduce((n, v) => n + v.items, 0);
  };

  return (
    <>
      <Card aria-labelledby="upgrade-types-title">
        <h2 id="upgrade-types-title">{t('typesTitle')}</h2>
        <p className="muted">{t('intro')}</p>
        {types.length ? (
          <ul className={styles.upgradeTypes} data-testid="upgrade-types">
            {types.map((type) => {
              const version = targets[type.machineName] ?? type.newest;
              const count = reachable(type, version);
              return (
                <li key={type.machineName} data-testid="upgrade-type" data-machine-name={type.machineName}>
                  <div>
                    <strong>{type.title}</strong> <code className="muted">{type.machineName}</code>
                  </div>
                  <ul className={styles.versions} aria-label={t('versionsLabel', { type: type.title })}>
                    {type.versions.map((v) => (
                      <li key={v.version} data-testid="upgrade-version" data-version={v.version}>
                        {t('versionItems', { version: v.version, count: v.items })}
                        {v.version === type.newest ? <span className="muted"> · {t('newest')}</span> : null}
                        {!v.installed ? <span className="muted"> · {t('notInstalled')}</span> : null}
                      </li>
                    ))}
                  </ul>
                  {type.upgradable ? (
                    <div className={styles.actions}>
                      {type.installed.length > 1 ? (
                        <label>
                          {t('target')}{' '}
                          <select
                            value={version}
                            onChange={(e) => setTargets((m) => ({ ...m, [type.machineName]: e.target.value }))}
                            data-testid="upgrade-target"
                          >
                            {type.installed.map((v) => (
                              <option key={v} value={v}>
                                {v}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : null}
                      <Button
                        variant="secondary"
                        disabled={busy || running || !count}
                        onClick={() => void start(type.machineName, version, true)}
                        data-testid="upgrade-dry-run"
                      >
                        {t('dryRun')}
                      </Button>
                      <Button
                        variant="primary"
                        disabled={busy || running || !count}
                        onClick={() => setConfirm({ type, version, count })}
                        data-testid="upgrade-start"
                      >
                        {t('upgrade', { count, version })}
                      </Button>
                    </div>
                  ) : (
                    <p className="muted">{t('upToDate')}</p>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <EmptyState title={t('emptyTitle')} body={t('empty')} testId="upgrade-empty" />
        )}
      </Card>
      {job ? (
        <Card aria-label={t('jobLabel')}>
          <JobReport
            job={job}
            title={types.find((x) => x.machineName === job.machineName)?.title ?? job.machineName}
            onCancel={() => void cancel()}
            onUpgradeForReal={() => {
              const type = types.find((x) => x.machineName === job.machineName);
              if (type) setConfirm({ type, version: job.toVersion, count: reachable(type, job.toVersion) });
            }}
          />
        </Card>
      ) : null}
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm ? t('confirmTitle', { count: confirm.count, type: confirm.type.title, version: confirm.version }) : ''}
        description={t('confirmText')}
        confirmLabel={confirm ? t('upgrade', { count: confirm.count, version: confirm.version }) : ''}
        onConfirm={() => {
          if (!confirm) return;
          const c = confirm;
          setConfirm(null);
          return start(c.type.machineName, c.version, false);
        }}
        testId="upgrade-confirm"
      />
    </>
  );
}
