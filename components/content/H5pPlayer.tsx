'use client';
// Plays content in a sandboxed iframe of the player page (/h5p/embed/<id>). The page is served from the content
// origin (`origin`, issue 23 item 6: another site, which serves nothing of the app): there the frame keeps that
// origin (allow-same-origin) so content reads its own files; without a content origin it plays on this host with an
// opaque origin (no allow-same-origin; the page's own CSP sandboxes it as well). Either way the frame holds only a
// player token scoped to this one item. The frame tells us its height and the learner's top-level score
// (postMessage; only messages from our own frame are read). The frame speaks the user's language (?language=: the
// H5P player's own texts and the page's notices).
//
// Its height (issue 23 item 7) follows the resizer protocol every embed uses (public/h5p-resizer.js): the frame
// posts its content's height whenever it changes, and answers {context:'h5p', action:'ready'} with it — sent when
// this listener starts and when the frame has loaded, so neither can miss the other. The height follows the
// content down as well as up; a change that comes while a pointer is pressed on the page waits until it is
// released, so nothing moves under a click.
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { CONTENT_PLAYER_SANDBOX, PLAYER_SANDBOX } from '@/lib/h5p/player/csp';
import styles from './H5pPlayer.module.css';

interface Statement {
  verb?: { id?: string };
  result?: { score?: { raw?: number; max?: number } };
  context?: { contextActivities?: { parent?: unknown[] } };
}

type PlayerMessage =
  | { type: 'h5p-resize'; height: number }
  | { context: 'h5p'; action: 'resize'; scrollHeight: number }
  | { type: 'h5p-xapi'; statement: Statement }
  | { type: 'h5p-result-failed'; status: number }
  | { type: 'h5p-result-saved' };

/** The height of a resize message (either protocol), or null. */
function heightOf(m: Record<string, unknown>): number | null {
  const h = m.type === 'h5p-resize' ? m.height : m.context === 'h5p' && m.action === 'resize' ? m.scrollHeight : null;
  return typeof h === 'number' && h > 0 ? Math.min(Math.ceil(h), 20_000) : null;
}

export function H5pPlayer({ contentId, playerToken, title, origin }: { contentId: string; playerToken: string; title: string; origin?: string }) {
  const t = useTranslations('player');
  const locale = useLocale();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [result, setResult] = useState<{ raw: number; max: number } | null>(null);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    // the height is set on the element directly (no re-render between a message and the layout)
    let pending: number | null = null;
    let pressed = false;
    const apply = (h: number) => {
      if (pressed) {
        pending = h;
        return;
      }
      pending = null;
      el.style.height = `${h}px`;
      el.dataset.sized = 'true';
    };
    const onMessage = (e: MessageEvent) => {
      if (e.source !== el.contentWindow) return;
      const m = e.data as PlayerMessage | null;
      if (!m || typeof m !== 'object') return;
      const h = heightOf(m);
      if (h !== null) apply(h);
      if ('type' in m && m.type === 'h5p-xapi') {
        const st = m.statement;
        const verb = st?.verb?.id ?? '';
        if (!/(answered|completed)$/.test(verb) || st?.context?.contextActivities?.parent?.length) return;
        const s = st?.result?.score;
        if (s && typeof s.raw === 'number') setResult({ raw: s.raw, max: s.max ?? 0 });
      }
    };
    // a press outside the frame (a click on the page around it) holds the height until it is released
    const onDown = (e: PointerEvent) => {
      if (e.target !== el) pressed = true;
    };
    const onUp = () => {
      if (!pressed) return;
      pressed = false;
      // after the click that this release makes has been dispatched
      setTimeout(() => {
        if (!pressed && pending !== null) apply(pending);
      }, 0);
    };
    const ready = () => el.contentWindow?.postMessage({ context: 'h5p', action: 'ready' }, '*');
    window.addEventListener('message', onMessage);
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    document.addEventListener('pointercancel', onUp, true);
    el.addEventListener('load', ready);
    // the frame may have loaded before this listener existed: ask for its height now
    ready();
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('pointerup', onUp, true);
      document.removeEventListener('pointercancel', onUp, true);
      el.removeEventListener('load', ready);
    };
  }, []);

  return (
    <div>
      <iframe
        ref={frame}
        src={`${origin ?? ''}/h5p/embed/${encodeURIComponent(contentId)}?token=${encodeURIComponent(playerToken)}&language=${encodeURIComponent(locale)}`}
        sandbox={origin ? CONTENT_PLAYER_SANDBOX : PLAYER_SANDBOX}
        allow="fullscreen; autoplay; encrypted-media"
        allowFullScreen
        title={title}
        data-testid="h5p-player"
        // until the frame tells its height (set on the element's style by the message handler; React leaves it alone)
        className={styles.frame}
        height={200}
      />
      {result ? (
        <p data-testid="h5p-result" className="muted">
          {t('score', { raw: result.raw, max: result.max })}
        </p>
      ) : null}
    </div>
  );
}
