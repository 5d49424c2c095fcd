'use client';
// Creates or edits content with Lumi's <h5p-editor> web component (client-side import only).
import { createElement, useEffect, useRef, useState } from 'react';

export function H5pEditor({ contentId, token }: { contentId?: string; token: string }) {
  const ref = useRef<HTMLElement | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const el = ref.current;
    (async () => {
      const wc = await import('@lumieducation/h5p-webcomponents');
      wc.defineElements('h5p-editor');
      if (cancelled || !el) return;
      const editor = el as unknown as {
        loadContentCallback: (id?: string) => Promise<unknown>;
        saveContentCallback: (id: string | undefined, body: unknown) => Promise<{ contentId: string; metadata: unknown }>;
      };
      editor.loadContentCallback = async (id?: string) => {
        const path = id && id !== 'new' ? `/h5p/edit/${encodeURIComponent(id)}` : '/h5p/new';
        const res = await fetch(`${path}?language=en&token=${encodeURIComponent(token)}`);
        const body = (await res.json()) as { data?: unknown; error?: string };
        if (!res.ok) throw new Error(body.error);
        return body.data;
      };
      editor.saveContentCallback = async (id, body) => {
        const res = await fetch(id ? `/h5p/content/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}` : `/h5p/content?token=${encodeURIComponent(token)}`, {
          method: id ? 'PUT' : 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { data?: { contentId: string; metadata: unknown }; error?: string };
        if (!res.ok || !json.data) throw new Error(json.error ?? 'Save failed');
        return json.data;
      };
    })().catch((e: Error) => setStatus(e.message));
    const onSaved = (e: Event) => {
      const id = (e as CustomEvent<{ contentId: string }>).detail.contentId;
      window.location.href = `/content/${encodeURIComponent(id)}`;
    };
    const onError = (e: Event) => setStatus((e as CustomEvent<{ message?: string }>).detail?.message ?? 'Could not save');
    el?.addEventListener('saved', onSaved);
    el?.addEventListener('save-error', onError);
    el?.addEventListener('validation-error', onError);
    return () => {
      cancelled = true;
      el?.removeEventListener('saved', onSaved);
      el?.removeEventListener('save-error', onError);
      el?.removeEventListener('validation-error', onError);
    };
  }, [token]);

  const save = async () => {
    setStatus('Saving…');
    try {
      await (ref.current as unknown as { save: () => Promise<unknown> }).save();
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  return (
    <div>
      {createElement('h5p-editor', { ref, 'content-id': contentId ?? 'new', 'data-testid': 'h5p-editor' })}
      <p>
        <button type="button" onClick={save} data-testid="editor-save">
          Save
        </button>{' '}
        {status ? <span className="muted">{status}</span> : null}
      </p>
    </div>
  );
}
