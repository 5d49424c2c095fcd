'use client';
// One AI action's request, for the AI tools of the content and collection pages (ContentAiActions,
// CollectionAiActions): running, its error as a sentence, its answer, and the credits the answer reports (all used
// when the limit was reached). When it ends the top bar's credits are told to reload (announceUsageChanged).
import { useCallback, useReducer } from 'react';
import { useTranslations } from 'next-intl';
import type { Envelope } from '@/components/shared/api';
import { announceUsageChanged } from '@/components/shell/usage-event';
import { AI_ERROR_CODES } from '@/lib/ai/error-codes';
import { aiErrorCode, aiFailure, type AiCredits, type SetCredits } from './shared';

export interface AiRunState<T> {
  busy: boolean;
  /** the sentence shown in the action's alert */
  error: string | null;
  /** the last answer (cleared when the action runs again) */
  result: T | null;
}

type AiRunAction<T> = { type: 'start' } | { type: 'done'; result: T } | { type: 'error'; error: string | null; stop?: boolean };

function reducer<T>(state: AiRunState<T>, action: AiRunAction<T>): AiRunState<T> {
  switch (action.type) {
    case 'start':
      return { busy: true, error: null, result: null };
    case 'done':
      return { ...state, busy: false, result: action.result };
    case 'error':
      return { ...state, error: action.error, busy: action.stop ? false : state.busy };
  }
}

export function useAiRun<T extends { credits: AiCredits }>(setCredits: SetCredits) {
  const t = useTranslations('ai');
  const [state, dispatch] = useReducer(reducer<T>, { busy: false, error: null, result: null });
  /** an error of the action's own (a field left empty, an add that failed), or none */
  const setError = useCallback((error: string | null) => dispatch({ type: 'error', error }), []);
  /** runs the call; its answer (or null when it was refused: the error is shown) */
  const run = async (call: () => Promise<Envelope<T>>): Promise<T | null> => {
    dispatch({ type: 'start' });
    try {
      const { data } = await call();
      setCredits(() => data.credits);
      dispatch({ type: 'done', result: data });
      // the top bar's credits follow (the answer took one)
      announceUsageChanged();
      return data;
    } catch (err) {
      dispatch({ type: 'error', error: aiFailure(t, err, setCredits), stop: true });
      // past the limit the top bar shows none left too
      if (aiErrorCode(err) === AI_ERROR_CODES.limit) announceUsageChanged();
      return null;
    }
  };
  return { ...state, setError, run };
}
