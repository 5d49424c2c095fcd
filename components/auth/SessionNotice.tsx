'use client';
// Tells a signed-in user when their session has ended (a 401 from any call of the page, or the periodic check
// while the page is open), with a way to sign in again that comes back to this page. Work in the editor is kept
// in this browser meanwhile (components/content/H5pEditor.tsx). While the user is active the periodic check also
// keeps the server-side session sliding.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SESSION_ENDED_EVENT, reportSessionEnded } from '@/components/shared/api';

const CHECK_EVERY_MS = 4 * 60 * 1000;

export function SessionNotice() {
  const [ended, setEnded] = useState(false);
  const t = useTranslations('auth');

  useEffect(() => {
    const onEnded = () => setEnded(true);
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    let active = false;
    const markActive = () => (active = true);
    for (const e of ['keydown', 'pointerdown', 'input'] as const) window.addEventListener(e, markActive, { passive: true });
    const timer = setInterval(() => {
      // typing inside a frame (the H5P editor) raises no event here: a focused frame counts as activity
      if (document.hasFocus() && document.activeElement?.tagName === 'IFRAME') active = true;
      if (document.visibilityState !== 'visible' || !active) return;
      active = false;
      void fetch('/api/auth/me', { credentials: 'same-origin' })
        .then((res) => {
          if (res.status === 401) reportSessionEnded();
        })
        .catch(() => undefined);
    }, CHECK_EVERY_MS);
    return () => {
      window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
      for (const e of ['keydown', 'pointerdown', 'input'] as const) window.removeEventListener(e, markActive);
      clearInterval(timer);
    };
  }, []);

  if (!ended) return null;
  const next = `${window.location.pathname}${window.location.search}`;
  return (
    <div className="session-ended" role="alert" data-testid="session-ended-banner">
      <strong>{t('sessionNotice.title')}</strong> {t('sessionNotice.body')} <a href={`/login?next=${encodeURIComponent(next)}&ended=1`}>{t('sessionNotice.signIn')}</a>
    </div>
  );
}
