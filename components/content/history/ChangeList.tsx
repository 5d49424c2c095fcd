'use client';
// A list of changes between two versions of an item (lib/h5p/revisions/diff.ts): each in words, its JSON path, and
// for text the words kept, added and removed. The History tab's comparison and the content upgrade's dry run.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import styles from './HistoryPanel.module.css';

export interface ChangeView {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  text: string;
  before: unknown;
  after: unknown;
  words?: { op: 'same' | 'added' | 'removed'; text: string }[];
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s && s.length > 200 ? `${s.slice(0, 200)}…` : (s ?? '');
};

export function ChangeList({ changes, testId = 'history-change' }: { changes: ChangeView[]; testId?: string }) {
  const t = useTranslations('content.history');
  return (
    <ul className={styles.changes}>
      {changes.map((c) => (
        <li key={`${c.path}:${c.kind}`} className={styles.change} data-testid={testId} data-kind={c.kind}>
          <strong>{c.text}</strong> <span className={`muted ${styles.path}`}>{c.path}</span>
          {c.words ? (
            <p className={styles.words}>
              {c.words
                .map((w, i) =>
                  w.op === 'added' ? (
                    <ins key={i} aria-label={t('addedWords', { text: w.text })}>
                      {w.text}
                    </ins>
                  ) : w.op === 'removed' ? (
                    <del key={i} aria-label={t('removedWords', { text: w.text })}>
                      {w.text}
                    </del>
                  ) : (
                    <span key={i}>{w.text}</span>
                  ),
                )
                .reduce<ReactNode[]>((acc, el, i) => (i ? [...acc, ' ', el] : [el]), [])}
            </p>
          ) : c.kind === 'changed' ? (
            <p className={styles.words}>
              <del>{short(c.before)}</del> <ins>{short(c.after)}</ins>
            </p>
          ) : c.kind === 'added' ? (
            <p className={styles.words}>
              <ins>{short(c.after)}</ins>
            </p>
          ) : (
            <p className={styles.words}>
              <del>{short(c.before)}</del>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
