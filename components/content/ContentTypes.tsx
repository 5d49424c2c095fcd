'use client';
// Content types: readiness, install the essential set or a single type from the H5P Hub. Outcomes show a toast.
// Each type is named by its title in the reader's language (`titles`, from typeTitle on the server).
import { useTranslations } from 'next-intl';
import { Check, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge, Button, useToast } from '@/components/ui';
import type { EssentialsResult as Result, EssentialsStatus as Status } from '@/lib/h5p/engine/hub';
import { h5pApi } from './api';
import styles from './ContentTypes.module.css';

export function ContentTypes({ canInstall, titles = {} }: { canInstall: boolean; titles?: Record<string, string> }) {
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
      toast({ title: t('installedOneToast', { name: titles[name] ?? name }) });
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
    <div className={styles.wrap}>
      {status ? (
        <p data-testid="types-status" className={styles.status}>
          {status.ready ? t('statusReady', { installed: status.installed, total: status.total }) : t('statusNotReady', { installed: status.installed, total: status.total })}
        </p>
      ) : null}
      {canInstall ? (
        <div>
          <Button variant="primary" icon={Download} onClick={installAll} loading={busy} data-testid="install-essentials">
            {busy ? t('installing') : t('installAll')}
          </Button>
        </div>
      ) : null}
      {result ? <p data-testid="install-result">{result}</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {status ? (
        <ul className={styles.list}>
          {status.status.map((s) => (
            <li key={s.name} data-testid={`type-${s.name}`} className={styles.row}>
              <span className={styles.name}>
                <span className={styles.title}>{titles[s.name] ?? s.name}</span> <code className={styles.machine}>{s.name}</code>
              </span>
              {s.installed ? (
                <Badge tone="success">
                  <Check aria-hidden size={12} />
                  {t('installed')}
                </Badge>
              ) : canInstall ? (
                <Button size="sm" disabled={busy} onClick={() => installOne(s.name)} aria-label={t('installName', { name: s.name })}>
                  {t('install')}
                </Button>
              ) : (
                <Badge tone="neutral">{t('notInstalled')}</Badge>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
