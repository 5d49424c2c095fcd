'use client';
// The LTI settings' lists: the registered platforms and the courses launched, with the platforms' status line and
// error, read again from the /lti API after each change (retry the grades, remove a platform).
import { useCallback, useReducer } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import type { PlatformRow } from '@/lib/lti/platforms';
import type { ContextRow } from './CoursesSection';

interface ListState {
  platforms: PlatformRow[];
  contexts: ContextRow[];
  status: string;
  error: string | null;
}

type ListAction =
  | { type: 'platforms'; platforms: PlatformRow[] }
  | { type: 'contexts'; contexts: ContextRow[] }
  | { type: 'acting' }
  | { type: 'status'; status: string }
  | { type: 'error'; error: string };

function reducer(s: ListState, a: ListAction): ListState {
  switch (a.type) {
    case 'platforms':
      return { ...s, platforms: a.platforms, error: null };
    case 'contexts':
      return { ...s, contexts: a.contexts };
    case 'acting':
      return { ...s, error: null, status: '' };
    case 'status':
      return { ...s, status: a.status };
    case 'error':
      return { ...s, error: a.error };
  }
}

export function usePlatformList(initialPlatforms: PlatformRow[], initialContexts: ContextRow[]) {
  const t = useTranslations('lti');
  const [state, dispatch] = useReducer(reducer, { platforms: initialPlatforms, contexts: initialContexts, status: '', error: null });

  const refreshPlatforms = useCallback(async () => {
    try {
      const { data } = await callApi<PlatformRow[]>('GET', '/lti/platforms');
      dispatch({ type: 'platforms', platforms: data });
    } catch (err) {
      dispatch({ type: 'error', error: t('platforms.loadError', { error: (err as Error).message }) });
    }
  }, [t]);

  const refreshContexts = async () => {
    try {
      const { data } = await callApi<ContextRow[]>('GET', '/lti/contexts');
      dispatch({ type: 'contexts', contexts: data });
    } catch {
      // the list stays as it was; the platforms' error says what went wrong
    }
  };

  /** sends the platform's failed grades again (POST /lti/platforms/:id/passback/retry) */
  const retryPassback = async (p: PlatformRow) => {
    dispatch({ type: 'acting' });
    try {
      const { data } = await callApi<{ retried: number }>('POST', `/lti/platforms/${encodeURIComponent(p.id)}/passback/retry`);
      dispatch({ type: 'status', status: t('platforms.retried', { count: data.retried, name: p.name }) });
      await refreshPlatforms();
    } catch (err) {
      dispatch({ type: 'error', error: (err as Error).message });
    }
  };

  /** removes the platform (DELETE /lti/platforms/:id); `onRemoved` runs before the lists are read again */
  const remove = async (p: PlatformRow, onRemoved: () => void) => {
    dispatch({ type: 'acting' });
    try {
      await callApi('DELETE', `/lti/platforms/${encodeURIComponent(p.id)}`);
      dispatch({ type: 'status', status: t('platforms.removed', { name: p.name }) });
      onRemoved();
      await Promise.all([refreshPlatforms(), refreshContexts()]);
    } catch (err) {
      dispatch({ type: 'error', error: (err as Error).message });
    }
  };

  return { ...state, refreshPlatforms, retryPassback, remove };
}
