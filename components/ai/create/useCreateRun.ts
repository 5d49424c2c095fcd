'use client';
// What "Create with AI" does with the form (components/ai/CreateWithAi.tsx), in one reducer: generating (a draft,
// or a job for a PDF or a video), the draft under review with its editable title, saving it, the credits left,
// the one error shown (under the form or the preview) and where the focus goes once an answer is on screen. A
// preview that took a credit tells the top bar's credits to reload (a job does when it ends: useAiJob).
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { announceUsageChanged } from '@/components/shell/usage-event';
import { AI_ERROR_CODES } from '@/lib/ai/error-codes';
import { aiErrorCode, aiFailure, aiErrorText, creditsLeft, type AiCredits, type SetCredits } from '../shared';
import { postForm, type Draft, type Generated, type Job } from './api';
import type { CurriculumObjective } from './ObjectivePicker';
import type { CreateRequest } from './request';

export interface CreateError {
  /** shown under the form or under the preview */
  at: 'form' | 'preview';
  text: string;
  /** the field it is about (marked invalid, described by the error) */
  field?: string;
}
type FocusTarget = 'preview' | 'error' | 'field';

export interface CreateRunState {
  credits: AiCredits;
  busy: 'generate' | 'save' | null;
  error: CreateError | null;
  draft: Draft | null;
  draftSource: Generated['source'] | null;
  /** the curriculum objective the shown draft was written for (saved with it) */
  draftObjective: CurriculumObjective | null;
  /** the draft's title as edited */
  title: string;
  job: Job | null;
  /** where the focus goes once the answer is on screen (set with the answer, applied after React has rendered it) */
  focus: { to: FocusTarget; id?: string; n: number } | null;
}

type CreateRunAction =
  | { type: 'credits'; update: (c: AiCredits) => AiCredits }
  | { type: 'error'; error: CreateError | null; focus?: { to: FocusTarget; id?: string } }
  | { type: 'failed'; error: CreateError }
  | { type: 'generating'; job: boolean }
  | { type: 'jobStarted'; job: Job }
  | { type: 'drafted'; generated: Generated; objective: CurriculumObjective | null }
  | { type: 'saving' }
  | { type: 'title'; title: string };

const focusNext = (s: CreateRunState, to: FocusTarget, id?: string) => ({ to, id, n: (s.focus?.n ?? 0) + 1 });

function reducer(s: CreateRunState, a: CreateRunAction): CreateRunState {
  switch (a.type) {
    case 'credits':
      return { ...s, credits: a.update(s.credits) };
    case 'error':
      return { ...s, error: a.error, ...(a.focus ? { focus: focusNext(s, a.focus.to, a.focus.id) } : {}) };
    case 'failed':
      // a refused request: its error is shown and takes the focus
      return { ...s, error: a.error, busy: null, focus: focusNext(s, 'error') };
    case 'generating':
      return { ...s, busy: 'generate', ...(a.job ? { job: null } : {}) };
    case 'jobStarted':
      return { ...s, draft: null, job: a.job, busy: null };
    case 'drafted': {
      const { draft, source, credits } = a.generated;
      return { ...s, draft, draftSource: source ?? null, draftObjective: a.objective, title: draft.metadata.title, credits, job: null, busy: null, focus: focusNext(s, 'preview') };
    }
    case 'saving':
      return { ...s, busy: 'save' };
    case 'title':
      return { ...s, title: a.title };
  }
}

export function useCreateRun(initialCredits: AiCredits) {
  const t = useTranslations('ai');
  const [state, dispatch] = useReducer(reducer, {
    credits: initialCredits,
    busy: null,
    error: null,
    draft: null,
    draftSource: null,
    draftObjective: null,
    title: '',
    job: null,
    focus: null,
  });
  const titleRef = useRef<HTMLInputElement>(null);
  const previewTitleRef = useRef<HTMLHeadingElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const { focus } = state;

  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'preview') {
      // the new preview takes the focus (and scrolls into view) so keyboard and screen-reader users land on it
      previewTitleRef.current?.scrollIntoView({ block: 'start' });
      previewTitleRef.current?.focus();
    } else if (focus.to === 'field' && focus.id) {
      document.getElementById(focus.id)?.focus();
    } else {
      // an error the API gave: the alert takes the focus
      document.querySelector<HTMLElement>('[data-testid="ai-error"]')?.focus();
    }
  }, [focus]);

  const setCredits: SetCredits = useCallback((update) => dispatch({ type: 'credits', update }), []);
  const clearError = useCallback(() => dispatch({ type: 'error', error: null }), []);
  const setTitle = useCallback((title: string) => dispatch({ type: 'title', title }), []);
  /** a validation error: shown in the alert, the field marked and focused */
  const invalid = (field: string, text: string) => dispatch({ type: 'error', error: { at: 'form', text, field }, focus: { to: 'field', id: field } });
  
  /** generates from the form (`prepare` checks the values: null when a field refused them) or again from the preview */
  const generate = async (from: 'form' | 'preview', blocked: boolean, prepare: () => CreateRequest | null, objective: CurriculumObjective | null) => {
    if (state.busy || blocked || creditsLeft(state.credits) <= 0) return;
    dispatch({ type: 'error', error: null });
    const req = prepare();
    if (!req) return;
    dispatch({ type: 'generating', job: req.job });
    if (from === 'preview') requestAnimationFrame(() => progressRef.current?.scrollIntoView({ block: 'nearest' }));
    try {
      if (req.job) {
        const { data } = await postForm<Job>(req.path, req.body as FormData);
        dispatch({ type: 'jobStarted', job: data });
        return;
      }
      const { data } =
        req.body instanceof FormData ? await postForm<Generated>(req.path, req.body) : await callApi<Generated>('POST', req.path, req.body);
      dispatch({ type: 'drafted', generated: data, objective });
      // the preview took a credit: the top bar's credits reload
      announceUsageChanged();
    } catch (err) {
      dispatch({ type: 'failed', error: { at: from, text: aiFailure(t, err, setCredits) } });
      if (aiErrorCode(err) === AI_ERROR_CODES.limit) announceUsageChanged();
    }
  };

  /** saves the draft with its title (POST /h5p/content) and opens the editor; the objective goes with it */
  const save = async (difficulty: string) => {
    const { draft, draftObjective, busy } = state;
    if (!draft || busy) return;
    dispatch({ type: 'error', error: null });
    const name = state.title.trim();
    if (!name) {
      dispatch({ type: 'error', error: { at: 'preview', text: t('errors.titleRequired'), field: 'ai-title' } });
      titleRef.current?.focus();
      return;
    }
    dispatch({ type: 'saving' });
    try {
      const { data } = await callApi<{ contentId: string }>('POST', '/h5p/content', {
        library: draft.library,
        params: draft.params,
        metadata: { ...draft.metadata, title: name },
        ...(draft.tempImageFiles?.length ? { tempImageFiles: draft.tempImageFiles } : {}),
      });
      // written for a curriculum objective: the item carries it (as generating with save: true does); the editor opens either way
      if (draftObjective) {
        await callApi('POST', `/api/curriculum/content/${encodeURIComponent(data.contentId)}/metadata`, {
          ...draftObjective,
          difficulty,
          language: draft.metadata.language,
        }).catch(() => undefined);
      }
      // the busy state stays while the editor loads
      window.location.assign(`/content/${encodeURIComponent(data.contentId)}/edit`);
    } catch (err) {
      dispatch({ type: 'failed', error: { at: 'preview', text: aiErrorText(t, err) } });
    }
  };

  return { ...state, titleRef, previewTitleRef, progressRef, setCredits, clearError, setTitle, invalid, generate, save };
}
