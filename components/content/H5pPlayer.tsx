'use client';
// Plays content in a sandboxed iframe of the player page (/h5p/embed/<id>): content never runs on the app's
// origin (no allow-same-origin, and the page's own CSP sandboxes it as well), and the frame holds only a player
// token scoped to this one item. The frame tells us its height and the learner's top-level score (postMessage;
// only messages from our own frame are read). The frame speaks the user's language (?language=: the H5P player's
// own texts and the page's notices).
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { PLAYER_SANDBOX } from '@/lib/h5p/csp';

interface Statement {
  verb?: { id?: string };
  result?: { score?: { raw?: number; max?: number } };
  context?: { contextActivities?: { parent?: unknown[] } };
}

type PlayerMessage =
  | { type: 'h5p-resize'; height: number }
  | { type: 'h5p-xapi'; statement: Statement }
  | { type: 'h5p-result-failed'; status: number }
  | { type: 'h5p-result-saved' };

export function H5pPlayer({ contentId, playerToken, title }: { contentId: string; playerToken: string; title: string }) {
  const t = useTranslations('player');
  const locale = useLocale();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState(400);
  const [result, setResult] = useState<{ raw: number; max: number } | null>(null);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const m = e.data as PlayerMessage | null;
      if (!m || typeof m !== 'object') return;
      if (m.type === 'h5p-resize' && typeof m.height === 'number' && m.height > 0) setHeight(Math.min(Math.max(m.height, 150), 20_000));
      if (m.type === 'h5p-xapi') {
        const st = m.statement;
        const verb = st?.verb?.id ?? '';
        if (!/(answered|completed)$/.test(verb) || st?.context?.contextActivities?.parent?.length) return;
        const s = st?.result?.score;
        if (s && typeof s.raw === 'number') setResult({ raw: s.raw, max: s.max ?? 0 });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div>
      <iframe
        ref={frame}
        src={`/h5p/embed/${encodeURIComponent(contentId)}?token=${encodeURIComponent(playerToken)}&language=${encodeURIComponent(locale)}`}
        sandbox={PLAYER_SANDBOX}
        allow="fullscreen; autoplay; encrypted-media"
        allowFullScreen
        title={title}
        data-testid="h5p-player"
        style={{ width: '100%', height, border: 0, display: 'block' }}
      />
      {result ? (
        <p data-testid="h5p-result" className="muted">
          {t('score', { raw: result.raw, max: result.max })}
        </p>
      ) : null}
    </div>
  );
}
