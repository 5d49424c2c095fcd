'use client';
// Content types: readiness, install the essential set or a single type from the H5P Hub.
import { useEffect, useState } from 'react';
import { h5pApi } from './api';

interface Status { total: number; installed: number; ready: boolean; status: { name: string; installed: boolean }[] }
interface Result { total: number; installed: number; failed: number; results: { name: string; success: boolean; error?: string }[] }

export function ContentTypes({ canInstall }: { canInstall: boolean }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => h5pApi<Status>('GET', '/h5p/libraries/status').then(setStatus, (e: Error) => setError(e.message));
  useEffect(() => {
    void load();
  }, []);
  const installAll = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await h5pApi<Result>('POST', '/h5p/libraries/install-essentials');
      setResult(`Installed ${r.installed} of ${r.total}; ${r.failed} not available.`);
      await load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const installOne = async (name: string) => {
    setBusy(true);
    setError(null);
    try {
      await h5pApi('POST', '/h5p/libraries/install', { machineName: name });
      await load();
    } catch (e) {
      setError(`${name}: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {status ? (
        <p data-testid="types-status">
          {status.installed} of {status.total} essential content types installed — {status.ready ? 'ready' : 'not ready yet'}
        </p>
      ) : null}
      {canInstall ? (
        <button type="button" onClick={installAll} disabled={busy} data-testid="install-essentials">
          {busy ? 'Installing…' : 'Install essential content types'}
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
                <strong>installed</strong>
              ) : canInstall ? (
                <button type="button" disabled={busy} onClick={() => installOne(s.name)}>
                  Install
                </button>
              ) : (
                <span className="muted">not installed</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
