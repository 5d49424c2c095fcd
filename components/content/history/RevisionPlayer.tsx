'use client';
// A revision in the player (issue 27 item 3): Lumi's <h5p-player> web component with the revision's player model
// (GET /h5p/content/:id/revisions/:revisionId/play, rendered from the revision's parameters for this request only).
import { useLocale, useTranslations } from 'next-intl';
import { createElement, useEffect, useRef, useState } from 'react';
import { apiFetch } from '@/components/shared/api';
import styles from './HistoryPanel.module.css';

export function RevisionPlayer({ contentId, revisionId }: { contentId: string; revisionId: string }) {
  const t = useTranslations('content.history');
  const locale = useLocale();
  const ref = useRef<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const failed = useRef(t('previewFailed'));

  useEffect(() => {
    // the element renders once per page: a second load would add a second player
    if (started.current) return;
    started.current = true;
    let cancelled = false;
    const el = ref.current;
    (async () => {
      const wc = await import('@lumieducation/h5p-webcomponents');
      wc.defineElements('h5p-player');
      if (cancelled || !el) return;
      // the content id first, then the callback: the element renders when either changes once it has a callback, so
      // the other order rendered the player twice (one under the other)
      el.setAttribute('content-id', contentId);
      (el as unknown as { loadContentCallback: (id: string) => Promise<unknown> }).loadContentCallback = async () => {
        const res = await apiFetch(`/h5p/content/${encodeURIComponent(contentId)}/revisions/${encodeURIComponent(revisionId)}/play?language=${encodeURIComponent(locale)}`);
        const body = (await res.json()) as { data?: Record<string, unknown>; error?: string };
        if (!res.ok || !body.data) throw new Error(body.error ?? failed.current);
        // div mode: the player adds its scripts to this page by address (no inline script, which the page's policy refuses)
        return { ...body.data, contentId, embedTypes: ['div'] };
      };
    })().catch((e: Error) => setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [contentId, revisionId, locale]);

  return (
    <div data-testid="revision-player" className={styles.revisionPlayer}>
      {error ? (
        <p className="notice" role="alert">
          {error}
        </p>
      ) : null}
      {createElement('h5p-player', { ref })}
    </div>
  );
}
