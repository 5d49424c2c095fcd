'use client';
// Plays content with Lumi's <h5p-player> web component (imported client-side only: it touches HTMLElement at
// import). Shows the learner's score from the content's top-level xAPI statements.
import { createElement, useEffect, useRef, useState } from 'react';

interface Statement {
  verb?: { id?: string };
  result?: { score?: { raw?: number; max?: number }; success?: boolean };
  context?: { contextActivities?: { parent?: unknown[] } };
}

export function H5pPlayer({ contentId, token }: { contentId: string; token: string }) {
  const ref = useRef<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ raw: number; max: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const el = ref.current;
    (async () => {
      const wc = await import('@lumieducation/h5p-webcomponents');
      wc.defineElements('h5p-player');
      if (cancelled || !el) return;
      const player = el as unknown as { loadContentCallback: (id: string) => Promise<unknown> };
      player.loadContentCallback = async (id: string) => {
        const res = await fetch(`/h5p/play/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`);
        const body = (await res.json()) as { success: boolean; data?: Record<string, unknown>; error?: string };
        if (!res.ok || !body.data) {
          setError(body.error ?? `Could not load content (${res.status})`);
          throw new Error(body.error);
        }
        return { ...body.data, contentId: id, embedTypes: ['iframe'] };
      };
    })().catch((e: Error) => setError(e.message));
    const onXapi = (e: Event) => {
      const st = (e as CustomEvent<{ statement: Statement }>).detail?.statement;
      const verb = st?.verb?.id ?? '';
      if (!/(answered|completed)$/.test(verb) || st?.context?.contextActivities?.parent?.length) return;
      const s = st?.result?.score;
      if (s && typeof s.raw === 'number') setResult({ raw: s.raw, max: s.max ?? 0 });
    };
    el?.addEventListener('xAPI', onXapi);
    return () => {
      cancelled = true;
      el?.removeEventListener('xAPI', onXapi);
    };
  }, [token]);

  return (
    <div>
      {error ? <p className="error">{error}</p> : null}
      {createElement('h5p-player', { ref, 'content-id': contentId, 'data-testid': 'h5p-player' })}
      {result ? (
        <p data-testid="h5p-result" className="muted">
          Your score: {result.raw} / {result.max}
        </p>
      ) : null}
    </div>
  );
}
