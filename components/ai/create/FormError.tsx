'use client';
// The one error of "Create with AI" where it belongs (under the form or under the preview), and the marks it
// puts on the field it is about.
import type { CreateError } from './useCreateRun';
import { aiStyles as styles, cx } from '../parts';

/** The alert (it takes the focus when an answer refused the request). */
export function ErrorBox({ error, at }: { error: CreateError | null; at: 'form' | 'preview' }) {
  return error?.at === at ? (
    <p id={`ai-error-${at}`} className={cx('error', styles.error)} role="alert" tabIndex={-1} data-testid="ai-error">
      {error.text}
    </p>
  ) : null;
}

export interface FieldErrors {
  /** a field's description: its hint, and the error when it is about this field */
  describedBy: (id: string, hint?: string) => string;
  invalidField: (id: string) => true | undefined;
}

export function fieldErrors(error: CreateError | null): FieldErrors {
  const about = (id: string) => error?.at === 'form' && error.field === id;
  return {
    describedBy: (id, hint = `${id}-hint`) => `${hint}${about(id) ? ' ai-error-form' : ''}`,
    invalidField: (id) => (about(id) ? true : undefined),
  };
}
