'use client';
// The draft of "Create with AI" under review: its editable title, its facts (type, language, the web page it was
// written from, the curriculum objective), the draft itself (DraftView), then Save (→ the editor) or Generate again.
import type { RefObject } from 'react';
import { useTranslations } from 'next-intl';
import { RefreshCw, Save } from 'lucide-react';
import { Button, Card, Field } from '@/components/ui';
import { aiStyles as styles, cx } from '../parts';
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
    <Card
      className={cx(styles.card, busy === 'generate' && styles.dimmed)}
      aria-labelledby="ai-preview-title"
      data-testid="ai-preview"
      aria-busy={busy === 'generate'}
    >
      <h2 id="ai-preview-title" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {t('preview.title')}
      </h2>
      <p className={styles.help}>{t('preview.help')}</p>
      <Field label={t('preview.titleLabel')} htmlFor="ai-title">
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
      </Field>
      <dl className={cx('facts', styles.facts)}>
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
      <div className={styles.submitRow}>
        <Button variant="primary" icon={Save} className={styles.run} disabled={busy !== null} loading={busy === 'save'} onClick={onSave} data-testid="ai-save">
          {t('preview.save')}
        </Button>
        <Button
          icon={RefreshCw}
          className={styles.run}
          disabled={busy !== null || againDisabled}
          onClick={onAgain}
          aria-describedby="ai-again-hint"
          data-testid="ai-again"
        >
          {t('preview.again')}
        </Button>
      </div>
      <p id="ai-again-hint" className={styles.againHint}>
        {t('preview.againHint')}
      </p>
      <p role="status" aria-live="polite" data-testid="ai-save-status" className={styles.saveStatus}>
        {busy === 'save' ? t('form.saving') : ''}
      </p>
    </Card>
  );
}
