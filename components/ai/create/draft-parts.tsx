'use client';
// The pieces the draft views (DraftView.tsx, DraftMedia.tsx) are written with: H5P HTML as text, answers with the
// right ones marked, numbered blocks, the hotspot image, and their layout (kept as it was written).
import { useTranslations } from 'next-intl';
import type { CSSProperties, ReactNode } from 'react';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of a piece of H5P HTML (`<p>…</p>`, escaped text): tags dropped, block ends as line breaks, entities decoded. */
export function textOf(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const MARK = {
  background: 'color-mix(in srgb, var(--brand) 16%, var(--card))',
  color: 'var(--fg)',
  borderBottom: '2px solid var(--brand)',
  borderRadius: 4,
  padding: '0 0.25rem',
  fontWeight: 600,
} as const;
export const BLOCK = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '0.25rem 0 0.75rem' } as const;
export const HEADING = { fontSize: '1rem', margin: '1rem 0 0.25rem' } as const;
export const SUBHEADING = { fontSize: '0.95rem', margin: '0 0 0.25rem' } as const;
export const LIST = { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.4rem' } as const;
export const ITEM = { border: '1px solid var(--border)', borderRadius: 8, padding: '0.6rem 0.75rem', overflowWrap: 'anywhere', minWidth: 0 } as const;
export const BADGE = { textTransform: 'none', flex: 'none' } as const;

/** A text with its `*answers*` highlighted: an answer's alternatives (a/b) shown, its tip (after a colon) left out. */
export function Starred({ text }: { text: string }) {
  const parts = text.split(/\*([^*\n]+)\*/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 ? (
          <mark key={i} style={MARK}>
            {(part.split(':')[0] ?? part)
              .split('/')
              .map((s) => s.trim())
              .join(' / ')}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Answers, the right ones marked (a border and a "Correct" badge). */
export function Answers({ answers, testId = 'ai-answer' }: { answers: { text: string; correct: boolean }[]; testId?: string }) {
  const t = useTranslations('ai.preview');
  return (
    <ul style={LIST}>
      {answers.map((a, i) => (
        <li
          key={i}
          data-testid={testId}
          data-correct={a.correct ? 'true' : 'false'}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: '0.75rem',
            padding: '0.5rem 0.75rem',
            borderRadius: 8,
            border: a.correct ? '2px solid var(--brand)' : '1px solid var(--border)',
            overflowWrap: 'anywhere',
            minWidth: 0,
          }}
        >
          <span style={{ minWidth: 0 }}>{a.text}</span>
          {a.correct ? (
            <span className="plan-badge" style={BADGE}>
              <span aria-hidden="true">✓ </span>
              {t('correct')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** MultiChoice parameters' answers. */
export const choiceAnswers = (p: Obj) => arr(p.answers).map((a) => ({ text: textOf(obj(a).text), correct: obj(a).correct === true }));

/** A numbered block (a question, card, panel, slide, step) with its own heading. */
export function Numbered({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <li data-testid={testId} style={ITEM}>
      <h4 style={SUBHEADING}>{title}</h4>
      {children}
    </li>
  );
}

/** The image of an Image Hotspots draft with numbered markers at the hotspots' places (percent of the image). */
export function HotspotImage({ src, alt, spots, width, height }: { src: string; alt: string; spots: { x: number; y: number }[]; width?: number; height?: number }) {
  const marker: CSSProperties = {
    position: 'absolute',
    transform: 'translate(-50%, -50%)',
    minWidth: '1.6rem',
    height: '1.6rem',
    borderRadius: '999px',
    background: 'var(--brand)',
    color: 'var(--brand-fg, #fff)',
    border: '2px solid #fff',
    boxShadow: '0 0 0 1px rgba(0,0,0,0.4)',
    display: 'grid',
    placeItems: 'center',
    fontSize: '0.8rem',
    fontWeight: 700,
  };
  return (
    <div style={{ position: 'relative', display: 'inline-block', maxWidth: '100%', lineHeight: 0 }} data-testid="ai-hotspot-image">
      <img src={src} alt={alt} width={width} height={height} style={{ maxWidth: '100%', height: 'auto', borderRadius: 8, border: '1px solid var(--border)', minWidth: 120 }} />
      {spots.map((s, i) => (
        <span key={i} aria-hidden="true" data-testid="ai-hotspot-marker" style={{ ...marker, left: `${s.x}%`, top: `${s.y}%` }}>
          {i + 1}
        </span>
      ))}
    </div>
  );
}
