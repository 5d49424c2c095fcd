'use client';
// Per-content actions: visibility toggle, export (.h5p and SCORM), delete with confirmation.
import { useState } from 'react';
import { download, h5pApi } from './api';

export function ContentActions({
  contentId,
  visibility: initial,
  title,
  scormPlan,
}: {
  contentId: string;
  visibility: 'private' | 'public';
  title: string;
  /** set when the caller's plan lacks SCORM export: the name of the plan that unlocks it */
  scormPlan?: string | null;
}) {
  const [visibility, setVisibility] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>) => {
    setMessage(null);
    try {
      await fn();
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  const id = encodeURIComponent(contentId);
  return (
    <span className="content-actions">
      <button type="button" data-testid="toggle-visibility" onClick={() => run(async () => {
        const next = visibility === 'public' ? 'private' : 'public';
        const r = await h5pApi<{ visibility: 'private' | 'public' }>('PATCH', `/h5p/content/${id}/visibility`, { visibility: next });
        setVisibility(r.visibility);
      })}>
        {visibility === 'public' ? 'Make private' : 'Publish'}
      </button>{' '}
      <span data-testid="visibility" className="plan-badge">{visibility}</span>{' '}
      <button type="button" data-testid="export" onClick={() => run(() => download(`/h5p/content/${id}/export`, `${title}.h5p`))}>Export .h5p</button>{' '}
      {scormPlan ? (
        <span className="gated" data-testid="scorm-gated">
          SCORM export: <strong>{scormPlan}</strong> plan or higher
        </span>
      ) : (
        <>
          <button type="button" data-testid="export-scorm-12" onClick={() => run(() => download(`/h5p/content/${id}/export-scorm?version=1.2`, `${title}_scorm1.2.zip`))}>SCORM 1.2</button>{' '}
          <button type="button" data-testid="export-scorm-2004" onClick={() => run(() => download(`/h5p/content/${id}/export-scorm?version=2004`, `${title}_scorm2004.zip`))}>SCORM 2004</button>
        </>
      )}{' '}
      {confirming ? (
        <span role="alertdialog" aria-label="Confirm delete">
          Delete “{title}” for good?{' '}
          <button type="button" data-testid="confirm-delete" onClick={() => run(async () => {
            await h5pApi('DELETE', `/h5p/content/${id}`);
            window.location.href = '/content';
          })}>Yes, delete</button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>Cancel</button>
        </span>
      ) : (
        <button type="button" data-testid="delete" onClick={() => setConfirming(true)}>Delete</button>
      )}
      {message ? <span className="error" data-testid="action-error"> {message}</span> : null}
    </span>
  );
}
