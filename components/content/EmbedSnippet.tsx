'use client';
// The iframe snippet that plays this content on another site. Its token is an embed token: it plays this item
// only (no other route accepts it) and lasts 180 days. By default the frame is responsive: full width of its
// container (at most the chosen width) and, with the resizer script, exactly as tall as the content.
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useToast } from '@/components/ui/Toaster';
import { h5pApi } from './api';
import { escapeHtml } from '@/lib/shared/escape';
import styles from './EmbedSnippet.module.css';

type Size = 'responsive' | 'fixed';

/** `origin`: where the player plays (the content origin, lib/h5p/player/player-origin.ts); its resizer sizes its frames. */
export function embedSnippet(origin: string, contentId: string, token: string, title: string, size: Size, width: number, height: number): string {
  const src = `${origin}/h5p/embed/${encodeURIComponent(contentId)}?token=${encodeURIComponent(token)}`;
  const safeTitle = escapeHtml(title);
  if (size === 'fixed') {
    return `<iframe src="${src}" width="${width}" height="${height}" style="max-width:100%;border:0" allowfullscreen allow="fullscreen" title="${safeTitle}"></iframe>`;
  }
  return (
    `<iframe src="${src}" width="${width}" height="${height}" style="width:100%;max-width:${width}px;height:${height}px;border:0;display:block" allowfullscreen allow="fullscreen" title="${safeTitle}"></iframe>` +
    `<script src="${origin}/h5p-resizer.js" charset="UTF-8" async></script>`
  );
}

const clamp = (v: number, lo: number, hi: number) => (Number.isFinite(v) ? Math.min(Math.max(Math.round(v), lo), hi) : lo);

export function EmbedSnippet({ playerOrigin, contentId, token, title, askName: askNameSaved = false }: { playerOrigin: string; contentId: string; token: string; title?: string; askName?: boolean }) {
  const t = useTranslations('content.embed');
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const [size, setSize] = useState<Size>('responsive');
  const [width, setWidth] = useState(800);
  const [height, setHeight] = useState(600);
  const ids = useId();
  const [askName, setAskName] = useState(askNameSaved);
  const [savingAskName, setSavingAskName] = useState(false);
  // the author's choice, kept on the content: the embed asks anonymous viewers for a name shown in the results
  const changeAskName = async (value: boolean) => {
    setSavingAskName(true);
    try {
      await h5pApi('PATCH', `/h5p/content/${encodeURIComponent(contentId)}/embed-settings`, { askName: value });
      setAskName(value);
      toast({ title: value ? t('askNameSaved') : t('askNameOff') });
    } catch {
      toast({ title: t('askNameFailed'), tone: 'error' });
    } finally {
      setSavingAskName(false);
    }
  };
  const snippet = embedSnippet(playerOrigin, contentId, token, title ?? t('defaultTitle'), size, clamp(width, 200, 4000), clamp(height, 150, 4000));
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      toast({ title: t('copiedToast') });
    } catch {
      toast({ title: t('copyFailed'), description: t('copyFailedHint'), tone: 'error' });
    }
  };
  return (
    <div className="embed-snippet">
      <fieldset className="embed-size">
        <legend>{t('size')}</legend>
        <label>
          <input type="radio" name={`${ids}-size`} checked={size === 'responsive'} onChange={() => setSize('responsive')} data-testid="embed-responsive" /> {t('responsive')}
        </label>
        <label>
          <input type="radio" name={`${ids}-size`} checked={size === 'fixed'} onChange={() => setSize('fixed')} data-testid="embed-fixed" /> {t('fixed')}
        </label>
        <span className="embed-dims">
          <label>
            {size === 'fixed' ? t('width') : t('maxWidth')}{' '}
            <input type="number" min={200} max={4000} value={width} onChange={(e) => setWidth(Number(e.target.value))} data-testid="embed-width" />
          </label>{' '}
          <label>
            {size === 'fixed' ? t('height') : t('initialHeight')}{' '}
            <input type="number" min={150} max={4000} value={height} onChange={(e) => setHeight(Number(e.target.value))} data-testid="embed-height" />
          </label>
        </span>
      </fieldset>
      <label htmlFor={`${ids}-code`} className="sr-only">
        {t('code')}
      </label>
      <textarea id={`${ids}-code`} readOnly value={snippet} rows={4} className={styles.code} data-testid="embed-snippet" />
      <button type="button" onClick={() => void copy()} data-testid="copy-embed">
        {copied ? t('copied') : t('copy')}
      </button>
      <p>
        <label>
          <input type="checkbox" checked={askName} disabled={savingAskName} onChange={(e) => void changeAskName(e.target.checked)} data-testid="embed-ask-name" /> {t('askName')}
        </label>
      </p>
      <p className="muted" data-testid="embed-note">{t('note')}</p>
    </div>
  );
}
