'use client';
// The pieces the draft views (DraftView.tsx, DraftMedia.tsx) are written with: H5P HTML as text, answers with the
// right ones marked, numbered blocks, the hotspot image; their layout is draft.module.css.
import { useTranslations } from 'next-intl';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui';
import styles from './draft.module.css';

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

export { styles as draftStyles };

/** A text with its `*answers*` highlighted: an answer's alternatives (a/b) shown, its tip (after a colon) left out. */
export function Starred({ text }: { text: string }) {
  const parts = text.split(/\*([^*\n]+)\*/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 ? (
          <mark key={i} className={styles.mark}>
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
    <ul className={styles.list}>
      {answers.map((a, i) => (
        <li key={i} data-testid={testId} data-correct={a.correct ? 'true' : 'false'} className={styles.answer}>
          <span className={styles.answerText}>{a.text}</span>
          {a.correct ? (
            <Badge tone="success" className={styles.badges}>
              <Check aria-hidden size={12} />
              {t('correct')}
            </Badge>
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
    <li data-testid={testId} className={styles.item}>
      <h4 className={styles.subheading}>{title}</h4>
      {children}
    </li>
  );
}

/**
 * The image of an Image Hotspots draft with numbered markers at the hotspots' places (percent of the image): an SVG
 * laid over the image, the markers placed by its attributes.
 */
export function HotspotImage({ src, alt, spots, width, height }: { src: string; alt: string; spots: { x: number; y: number }[]; width?: number; height?: number }) {
  return (
    <div className={styles.hotspots} data-testid="ai-hotspot-image">
      <img src={src} alt={alt} width={width} height={height} className={styles.hotspotImage} />
      <svg className={styles.markers} aria-hidden="true" focusable="false">
        {spots.map((s, i) => (
          <g key={i} data-testid="ai-hotspot-marker">
            <circle className={styles.markerDot} cx={`${s.x}%`} cy={`${s.y}%`} r={13} />
            <text className={styles.markerNumber} x={`${s.x}%`} y={`${s.y}%`} textAnchor="middle" dominantBaseline="central">
              {i + 1}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
