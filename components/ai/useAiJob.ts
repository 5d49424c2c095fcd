'use client';
// An AI job (a PDF or a video of Create with AI, a collection's lesson bundle) while it runs: started, its state read
// every 1.5 s from GET /api/ai/jobs/{jobId} until it ends, stopped on request (DELETE). The polling stops when the
// component goes away. Errors are kept as sentences for the user; a job that is gone (404 Job not found) counts
// as cancelled, any other failed read is tried again at the next tick. When it ends the top bar's credits reload.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { callApi, type Envelope } from '@/components/shared/api';
import { announceUsageChanged } from '@/components/shell/usage-event';
import { AI_ERROR_CODES } from '@/lib/ai/error-codes';
import { ACTIVE, type Job } from './create/api';
import { aiErrorCode, aiErrorText, aiFailure, type SetCredits } from './shared';

export const POLL_MS = 1500;

export interface AiJobState {
  job: Job | null;
  /** the sentence shown in the flow's alert */
  error: string | null;
  /** the request that starts the job is on its way */
  starting: boolean;
  /** a stop was asked for (until the job ends) */
  cancelling: boolean;
  /** counts the reads: each answer (or failure) schedules the next */
  reads: number;
}

type AiJobAction =
  | { type: 'starting' }
  | { type: 'started'; job: Job }
  | { type: 'startFailed'; error: string }
  | { type: 'read'; job: Job }
  | { type: 'readFailed'; error: string; gone: boolean }
  | { type: 'error'; error: string | null }
  | { type: 'cancelling' }
  | { type: 'cancelFailed'; error: string };

function reducer(state: AiJobState, action: AiJobAction): AiJobState {
  switch (action.type) {
    case 'starting':
      return { ...state, job: null, error: null, starting: true, cancelling: false };
    case 'started':
      return { ...state, job: action.job, starting: false };
    case 'startFailed':
      return { ...state, error: action.error, starting: false };
    case 'read':
      return { ...state, job: action.job, error: null, reads: state.reads + 1 };
    case 'readFailed':
      return {
        ...state,
        error: action.error,
        job: action.gone && state.job ? { ...state.job, status: 'cancelled' } : state.job,
        reads: state.reads + 1,
      };
    case 'error':
      return { ...state, error: action.error };
    case 'cancelling':
      return { ...state, cancelling: true };
    case 'cancelFailed':
      return { ...state, error: action.error, cancelling: false };
  }
}

export function useAiJob({ initial = null, onRead }: { initial?: Job | null; /** each state read (the page's credits follow the items made) */ onRead?: (job: Job) => void } = {}) {
  const t = useTranslations('ai');
  const [state, dispatch] = useReducer(reducer, { job: initial, error: null, starting: false, cancelling: false, reads: 0 });
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  const { job } = state;
  const active = !!job && ACTIVE.includes(job.status);
  const jobId = job?.id;

  // when a job that was seen running ends, the items it made took credits: the top bar's credits reload
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active && job) announceUsageChanged();
    wasActive.current = active;
  }, [active, job]);

  // while the job runs: its state every 1.5 s
  useEffect(() => {
    if (!jobId || !active) return;
    let cancelled = false;
    const read = async () => {
      try {
        const { data } = await callApi<Job>('GET', `/api/ai/jobs/${encodeURIComponent(jobId)}`);
        if (cancelled) return;
        dispatch({ type: 'read', job: data });
        onReadRef.current?.(data);
      } catch (err) {
        if (cancelled) return;
        dispatch({ type: 'readFailed', error: aiErrorText(t, err), gone: aiErrorCode(err) === AI_ERROR_CODES.jobNotFound });
      }
    };
    const timer = setTimeout(() => void read(), POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [jobId, active, state.reads, t]);

  /** an error of the flow's own (a field left empty), or none */
  const setError = useCallback((error: string | null) => dispatch({ type: 'error', error }), []);

  /** starts a job with `post`; the job, or null when it was refused (the error is shown) */
  const start = async (post: () => Promise<Envelope<Job>>, setCredits: SetCredits): Promise<Job | null> => {
    dispatch({ type: 'starting' });
    try {
      const { data } = await post();
      dispatch({ type: 'started', job: data });
      return data;
    } catch (err) {
      dispatch({ type: 'startFailed', error: aiFailure(t, err, setCredits) });
      return null;
    }
  };

  /** asks the server to stop the job: the items not started are skipped */
  const cancel = async () => {
    if (!job || state.cancelling) return;
    dispatch({ type: 'cancelling' });
    try {
      await callApi('DELETE', `/api/ai/jobs/${encodeURIComponent(job.id)}`);
    } catch (err) {
      dispatch({ type: 'cancelFailed', error: aiErrorText(t, err) });
    }
  };

  return { job, error: state.error, starting: state.starting, cancelling: state.cancelling, active, ended: !!job && !active, setError, start, cancel };
}
