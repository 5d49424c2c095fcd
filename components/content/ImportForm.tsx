'use client';
// Imports a .h5p with upload progress (XMLHttpRequest reports upload progress; fetch does not). The session
// cookie authenticates the upload. The imported content opens on its page with a toast.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { reportSessionEnded } from '@/components/shared/api';
import { Upload } from 'lucide-react';
import { Button, Field, useToast } from '@/components/ui';
import styles from './ImportForm.module.css';

export function ImportForm() {
  const t = useTranslations('content.import');
  const toast = useToast();
  const router = useRouter();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (text: string) => {
    setProgress(null);
    setError(text);
    toast({ title: t('failedToast'), description: text, tone: 'error' });
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('h5p') as HTMLInputElement;
    const file = input.files?.[0];
    setError(null);
    setMessage(null);
    if (!file) return setError(t('chooseFile'));
    const form = new FormData();
    form.append('h5p', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/h5p/import');
    xhr.upload.onprogress = (ev) => ev.lengthComputable && setProgress(Math.round((ev.loaded / ev.total) * 100));
    xhr.onload = () => {
      let body: { data?: { contentId: string }; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 401) reportSessionEnded();
      if (xhr.status === 201 && body.data) {
        setMessage(t('imported'));
        toast({ title: t('importedToast', { name: file.name }) });
        router.push(`/content/${encodeURIComponent(body.data.contentId)}`);
      } else {
        fail(body.error ?? t('failed', { status: xhr.status }));
      }
    };
    xhr.onerror = () => fail(t('networkError'));
    setProgress(0);
    xhr.send(form);
  };
  return (
    <form onSubmit={submit} className={styles.form}>
      <Field label={t('fileLabel')} htmlFor="import-file">
        <input id="import-file" type="file" name="h5p" accept=".h5p,application/zip" data-testid="import-file" />
      </Field>
      <div>
        <Button type="submit" variant="primary" icon={Upload} loading={progress !== null && !error} data-testid="import-submit">
          {t('submit')}
        </Button>
      </div>
      {progress !== null ? <progress className={styles.bar} max={100} value={progress} aria-label={t('progress')} data-testid="import-progress" data-progress={progress} /> : null}
      {message ? (
        <p className={styles.message} data-testid="import-message">
          {message}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert" data-testid="import-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
