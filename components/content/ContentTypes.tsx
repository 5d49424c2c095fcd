'use client';
// Content types: readiness, install the essential set or a single type from the H5P Hub. Outcomes show a toast.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/ui/Toaster';
import type { EssentialsResult as Result, EssentialsStatus as Status } from '@/lib/h5p/engine/hub';
import { h5pApi } from './api';

export function ContentTypes({ canInstall }: { canInstall: boolean }) {
  const t = useTranslations('content.types');
  const toast = useToast();
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => h5pApi<Status>('GET', '/h5p/libraries/status').then(setStatus, (e: Error) => setError(t('loadFailed', { message: e.message })));
  useEffect(() => {
    void load();
  }, []);
  const installAll = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await h5pApi<Result>('POST', '/h5p/libraries/install-essentials');
      const text = t('installResult', { installed: r.installed, total: r.total, failed: r.failed });
      setResult(text);
      toast({ title: t('installedAllToast'), description: text, tone: r.failed ? 'info' : 'success' });
      await load();
    } catch (e) {
      setError((e as Error).message);
      toast({ title: t('installFailedToast'), description: (e as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const installOne = async (name: string) => {
    setBusy(true);
    setError(null);
    try {
      await h5pApi('POST', '/h5p/libraries/install', { machineName: name });
      toast({ title: t('installedOneToast', { name }) });
      await load();
    } catch (e) {
      const text = t('installOneFailed', { name, message: (e as Error).message });
      setError(text);
      toast({ title: t('installFailedToast'), description: text, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {status ? (
        <p data-testid="types-status">
          {status.ready ? t('statusReady', { installed: status.installed, total: status.total }) : t('statusNotReady', { installed: status.installed, total: status.total })}
        </p>
      ) : null}
      {canInstall ? (
        <button type="button" onClick={installAll} disabled={busy} data-testid="install-essentials">
          {busy ? t('installing') : t('installAll')}
        </button>
      ) : null}
      {result ? <p data-testid="install-result">{result}</p> : null}
      {error ? <p className="error">{error}</p> : null}
      {status ? (
        <ul className="type-list">
          {status.status.map((s) => (
            <li key={s.name} data-testid={`type-${s.name}`}>
              {s.name} —{' '}
              {s.installed ? (
                <strong>{t('installed')}</strong>
              ) : canInstall ? (
                <button type="button" disabled={busy} onClick={() => installOne(s.name)} aria-label={t('installName', { name: s.name })}>
                  {t('install')}
                </button>
              ) : (
                <span className="muted">{t('notInstalled')}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
