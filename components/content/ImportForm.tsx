'use client';
// Imports a .h5p with upload progress (XMLHttpRequest reports upload progress; fetch does not). The session
// cookie authenticates the upload.
import { useState } from 'react';
import { reportSessionEnded } from '@/components/marketplace/client-api';

export function ImportForm() {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('h5p') as HTMLInputElement;
    const file = input.files?.[0];
    setError(null);
    setMessage(null);
    if (!file) return setError('Choose a .h5p file first.');
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
        setMessage(body.message ?? 'Imported');
        window.location.href = `/content/${encodeURIComponent(body.data.contentId)}`;
      } else {
        setProgress(null);
        setError(body.error ?? `Import failed (${xhr.status})`);
      }
    };
    xhr.onerror = () => setError('Network error during upload');
    setProgress(0);
    xhr.send(form);
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor="import-file">H5P package (.h5p)</label>{' '}
      <input id="import-file" type="file" name="h5p" accept=".h5p,application/zip" data-testid="import-file" />{' '}
      <button type="submit" data-testid="import-submit">Import</button>
      {progress !== null ? (
        <div className="bar" aria-label="Upload progress" style={{ marginTop: '0.75rem' }}>
          <span style={{ width: `${progress}%` }} data-testid="import-progress" data-progress={progress} />
        </div>
      ) : null}
      {message ? <p data-testid="import-message">{message}</p> : null}
      {error ? <p className="error" data-testid="import-error">{error}</p> : null}
    </form>
  );
}
