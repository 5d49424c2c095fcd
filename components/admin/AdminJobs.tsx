'use client';
// The admin pages' long work, followed live: install the essential content types, sync every curriculum framework.
// A job runs on the server (lib/admin/jobs.ts); this shows its progress bar, the step running now and each step's
// result, asking every second while it runs, and refreshes the page's tables when it ends. A page opened (or
// reloaded) while a job runs picks it up. Also the one-off actions beside them: install one type, sync one framework.
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Button } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import styles from './AdminJobs.module.css';
import type { Job } from '@/lib/admin/jobs';

const POLL_MS = 1_000;

/** Follows a job through `url` while it runs; refreshes the server-rendered page once it has ended. */
function useJob(url: string, initial: Job | null) {
  const [job, setJob] = useState<Job | null>(initial);
  const router = useRouter();
  const wasRunning = useRef(initial?.state === 'running');
  useEffect(() => {
    if (job?.state !== 'running') {
      if (wasRunning.current) {
        wasRunning.current = false;
        router.refresh();
      }
      return;
    }
    wasRunning.current = true;
    const timer = setTimeout(() => {
      callApi<Job | null>('GET', url).then(
        (r) => setJob(r.data),
        () => setJob((j) => (j ? { ...j } : j)), // try again on the next tick
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, url, router]);
  return [job, setJob] as const;
}

function JobReport({ job, label, testId }: { job: Job; label: (step: string) => string; testId: string }) {
  const t = useTranslations('admin.jobs');
  const ok = job.results.filter((r) => r.success).length;
  const failed = job.results.length - ok;
  const total = Math.max(job.total, job.done);
  return (
    <div data-testid={testId} data-state={job.state}>
      <p role="status" aria-live="polite" data-testid={`${testId}-status`}>
        {job.state === 'running'
          ? total
            ? t('running', { done: job.done, total }) + (job.current ? ` · ${t('current', { step: label(job.current) })}` : '')
            : t('preparing')
          : job.state === 'interrupted'
            ? t('interrupted', { done: job.done, total })
            : t('finished', { ok, failed })}
      </p>
      {total ? (
        <progress className={styles.progress} max={total} value={job.done} aria-label={t('progress')} data-testid={`${testId}-progress`}>
          {job.done}/{total}
        </progress>
      ) : null}
      {job.results.length ? (
        <ul className="job-results" data-testid={`${testId}-results`}>
          {job.results.map((r) => (
            <li key={r.name} className={r.success ? 'ok' : 'failed'} data-testid={`${testId}-result`} data-success={String(r.success)}>
              <span aria-hidden="true">{r.success ? '✓' : '✗'}</span> <strong>{label(r.name)}</strong>
              <span className="sr-only">{r.success ? t('ok') : t('failed')}</span>
              {r.detail ? <span className="muted"> · {r.detail}</span> : null}
              {r.error ? <span className="error-text"> · {r.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A button that starts a job (POST `url`) and the job's live report below it; one place for both admin jobs. */
function JobPanel(props: {
  url: string;
  initial: Job | null;
  canStart: boolean;
  startLabel: string;
  runningLabel: string;
  buttonTestId: string;
  testId: string;
  label: (step: string) => string;
}) {
  const toast = useToast();
  const [job, setJob] = useJob(props.url, props.initial);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      setJob((await callApi<Job>('POST', props.url, {})).data);
    } catch (err) {
      setError((err as Error).message);
      toast({ title: (err as Error).message, tone: 'error' });
    }
  };
  const running = job?.state === 'running';
  return (
    <div>
      <Button variant="primary" onClick={() => void start()} disabled={!props.canStart} loading={running} data-testid={props.buttonTestId}>
        {running ? props.runningLabel : props.startLabel}
      </Button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {job ? <JobReport job={job} label={props.label} testId={props.testId} /> : null}
    </div>
  );
}

/** "Install the essential content types", with live progress per library. */
export function EssentialsJob({ initial, hubReachable }: { initial: Job | null; hubReachable: boolean }) {
  const t = useTranslations('admin.contentTypes');
  return (
    <JobPanel
      url="/api/admin/content-types/install-essentials"
      initial={initial}
      canStart={hubReachable}
      startLabel={t('installEssentials')}
      runningLabel={t('installing')}
      buttonTestId="admin-install-essentials"
      testId="essentials-job"
      label={(s) => s}
    />
  );
}

/** Install (or update to the hub's version) one content type. */
export function InstallTypeButton({ machineName, title, update }: { machineName: string; title: string; update: boolean }) {
  const t = useTranslations('admin.contentTypes');
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const install = async () => {
    setBusy(true);
    try {
      const r = await callApi<{ installedVersion: string | null }>('POST', '/api/admin/content-types/install', { machineName });
      toast({ title: t('installedToast', { title, version: r.data.installedVersion ?? '' }), tone: 'success' });
      router.refresh();
    } catch (err) {
      toast({ title: t('installFailedToast', { title }), description: (err as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={() => void install()} disabled={busy} aria-label={update ? t('updateNamed', { title }) : t('installNamed', { title })} data-testid={`admin-install-${machineName}`}>
      {busy ? t('installingOne') : update ? t('update') : t('install')}
    </button>
  );
}

/** "Sync all frameworks": the list, then each active framework, with live progress per framework. */
export function CurriculumSyncAll({ initial, configured }: { initial: Job | null; configured: boolean }) {
  const t = useTranslations('admin.curriculum');
  return (
    <JobPanel
      url="/api/admin/curriculum/sync"
      initial={initial}
      canStart={configured}
      startLabel={t('syncAll')}
      runningLabel={t('syncing')}
      buttonTestId="admin-sync-all"
      testId="curriculum-job"
      label={(s) => (s === 'frameworks' ? t('frameworkList') : s)}
    />
  );
}

export function SyncFrameworkButton({ code, name, disabled }: { code: string; name: string; disabled: boolean }) {
  const t = useTranslations('admin.curriculum');
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const sync = async () => {
    setBusy(true);
    try {
      const r = await callApi('POST', '/api/admin/curriculum/sync', { framework: code });
      toast({ title: r.message ?? t('synced', { name }), tone: 'success' });
    } catch (err) {
      toast({ title: t('syncFailed', { name }), description: (err as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
      router.refresh();
    }
  };
  return (
    <button type="button" onClick={() => void sync()} disabled={busy || disabled} aria-label={t('syncNamed', { name })} data-testid={`admin-sync-${code}`}>
      {busy ? t('syncing') : t('sync')}
    </button>
  );
}
