'use client';
// The draft of "Create with AI" under review: its editable title, its facts (type, language, the web page it was
// written from, the curriculum objective), the draft itself (DraftView), then Save (→ the editor) or Generate again.
import type { RefObject } from 'react';
import { useTranslations } from 'next-intl';
import { aiTypeName } from '../shared';
import type { Draft, Generated } from './api';
import { DraftView } from './DraftView';
import { ErrorBox } from './FormError';
import type { CurriculumObjective } from './ObjectivePicker';
import type { CreateError } from './useCreateRun';

export function Preview({
  draft,
  source,
  objective,
  title,
  onTitle,
  titleRef,
  headingRef,
  busy,
  error,
  againDisabled,
  languageName,
  onSave,
  onAgain,
}: {
  draft: Draft;
  source: Generated['source'] | null;
  objective: CurriculumObjective | null;
  title: string;
  onTitle: (title: string) => void;
  titleRef: RefObject<HTMLInputElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  busy: 'generate' | 'save' | null;
  error: CreateError | null;
  /** Generate again is not possible (no credits left, the plan lacks the source or type) */
  againDisabled: boolean;
  languageName: (code: string) => string;
  onSave: () => void;
  onAgain: () => void;
}) {
  const t = useTranslations('ai');
  return (
    <section
      className="card"
      aria-labelledby="ai-preview-title"
      data-testid="ai-preview"
      aria-busy={busy === 'generate'}
      style={{ minWidth: 0, ...(busy === 'generate' ? { opacity: 0.6 } : {}) }}
    >
      <h2 id="ai-preview-title" ref={headingRef} tabIndex={-1} style={{ marginTop: 0 }}>
        {t('preview.title')}
      </h2>
      <p className="muted">{t('preview.help')}</p>
      <label htmlFor="ai-title">{t('preview.titleLabel')}</label>
      <input
        id="ai-title"
        ref={titleRef}
        data-testid="ai-title"
        value={title}
        onChange={(e) => onTitle(e.target.value)}
        maxLength={255}
        required
        autoComplete="off"
        aria-describedby={error?.at === 'preview' ? 'ai-error-preview' : undefined}
        aria-invalid={error?.field === 'ai-title' ? true : undefined}
      />
      <dl className="facts" style={{ marginTop: '0.75rem', overflowWrap: 'anywhere' }}>
        <dt>{t('preview.type')}</dt>
        <dd data-testid="ai-preview-type">{aiTypeName(t, draft.library)}</dd>
        <dt>{t('preview.language')}</dt>
        <dd>{languageName(draft.metadata.language)}</dd>
        {source ? (
          <>
            <dt>{t('preview.source')}</dt>
            <dd>
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {source.title || source.url}
              </a>
            </dd>
          </>
        ) : null}
        {objective ? (
          <>
            <dt>{t('curriculum.legend')}</dt>
            <dd>{t('curriculum.chosen', { framework: objective.frameworkName, grade: objective.gradeName, subject: objective.subjectName })}</dd>
          </>
        ) : null}
      </dl>
      <DraftView draft={draft} />
      <ErrorBox error={error} at="preview" />
      <div className="inline-form" style={{ marginTop: '1.25rem', flexWrap: 'wrap' }}>
        <button type="button" className="primary" style={{ width: 'auto', flex: '1 1 12rem', margin: 0 }} disabled={busy !== null} onClick={onSave} data-testid="ai-save">
          {t('preview.save')}
        </button>
        <button
          type="button"
          className="secondary"
          style={{ flex: '1 1 12rem', padding: '0.7rem' }}
          disabled={busy !== null || againDisabled}
          onClick={onAgain}
          aria-describedby="ai-again-hint"
          data-testid="ai-again"
        >
          {t('preview.again')}
        </button>
      </div>
      <p id="ai-again-hint" className="muted" style={{ fontSize: '0.9rem', margin: '0.5rem 0 0' }}>
        {t('preview.againHint')}
      </p>
      <p role="status" aria-live="polite" data-testid="ai-save-status" style={{ margin: busy === 'save' ? '0.5rem 0 0' : 0, fontWeight: 600 }}>
        {busy === 'save' ? t('form.saving') : ''}
      </p>
    </section>
  );
}
