'use client';
// The platform form of the LTI settings (register a platform, or edit one): its values, the platform being edited,
// saving, its error and its status line, in one reducer. The request body is only what the API takes: a new
// registration leaves out the optional fields left empty; an edit sends only what changed (an emptied optional
// field as null).
import { useCallback, useReducer, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import type { PlatformRow } from '@/lib/lti/platforms';

export const FIELDS = [
  'issuer',
  'clientId',
  'name',
  'authLoginUrl',
  'authTokenUrl',
  'keysetUrl',
  'deploymentId',
  'agsEndpoint',
  'nrpsEndpoint',
] as const;
export type Field = (typeof FIELDS)[number];
export type FormValues = Record<Field, string>;
export const OPTIONAL = new Set<Field>(['deploymentId', 'agsEndpoint', 'nrpsEndpoint']);
export const URL_FIELDS = new Set<Field>(['issuer', 'authLoginUrl', 'authTokenUrl', 'keysetUrl', 'agsEndpoint', 'nrpsEndpoint']);
const EMPTY: FormValues = {
  issuer: '',
  clientId: '',
  name: '',
  authLoginUrl: '',
  authTokenUrl: '',
  keysetUrl: '',
  deploymentId: '',
  agsEndpoint: '',
  nrpsEndpoint: '',
};

/** Canvas cloud's platform values (instructure.com); the client and deployment IDs are the school's own. */
export const CANVAS = {
  issuer: 'https://canvas.instructure.com',
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  authTokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  keysetUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
};

const valuesOf = (p: PlatformRow): FormValues => ({
  issuer: p.issuer,
  clientId: p.clientId,
  name: p.name,
  authLoginUrl: p.authLoginUrl,
  authTokenUrl: p.authTokenUrl,
  keysetUrl: p.keysetUrl,
  deploymentId: p.deploymentId ?? '',
  agsEndpoint: p.agsEndpoint ?? '',
  nrpsEndpoint: p.nrpsEndpoint ?? '',
});

/** The body to send for the values (null: an edit that changes nothing). */
export function bodyOf(values: FormValues, editing: PlatformRow | null): Record<string, string | null> | null {
  const trimmed = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as FormValues;
  const body: Record<string, string | null> = {};
  if (editing) {
    // only what changed; an emptied optional field is cleared (null)
    const before = valuesOf(editing);
    for (const f of FIELDS) if (trimmed[f] !== before[f]) body[f] = trimmed[f] === '' && OPTIONAL.has(f) ? null : trimmed[f];
    return Object.keys(body).length ? body : null;
  }
  // a new registration leaves out the optional fields left empty
  for (const f of FIELDS) if (!(OPTIONAL.has(f) && trimmed[f] === '')) body[f] = trimmed[f];
  return body;
}

export interface PlatformFormState {
  values: FormValues;
  /** the platform being edited (null: a new registration) */
  editing: PlatformRow | null;
  saving: boolean;
  error: string | null;
  /** the form's status line (announced) */
  status: string;
}

type PlatformFormAction =
  | { type: 'set'; field: Field; value: string }
  | { type: 'edit'; platform: PlatformRow }
  | { type: 'cancel' }
  | { type: 'prefill'; status: string }
  | { type: 'submit' }
  | { type: 'status'; status: string }
  | { type: 'saving' }
  | { type: 'saved'; status: string }
  | { type: 'failed'; error: string }
  | { type: 'done' };

function reducer(s: PlatformFormState, a: PlatformFormAction): PlatformFormState {
  switch (a.type) {
    case 'set':
      return { ...s, values: { ...s.values, [a.field]: a.value } };
    case 'edit':
      return { ...s, editing: a.platform, values: valuesOf(a.platform), error: null, status: '' };
    case 'cancel':
      return { ...s, editing: null, values: EMPTY, error: null };
    case 'prefill':
      return { ...s, values: { ...s.values, ...CANVAS, name: s.values.name || 'Canvas' }, status: a.status };
    case 'submit':
      return { ...s, error: null, status: '' };
    case 'status':
      return { ...s, status: a.status };
    case 'saving':
      return { ...s, saving: true };
    case 'saved':
      return { ...s, status: a.status, editing: null, values: EMPTY };
    case 'failed':
      return { ...s, error: a.error };
    case 'done':
      return { ...s, saving: false };
  }
}

/** The form; `onSaved` reads the platforms again after a registration or an edit. */
export function usePlatformForm(onSaved: () => Promise<void>) {
  const t = useTranslations('lti');
  const [state, dispatch] = useReducer(reducer, { values: EMPTY, editing: null, saving: false, error: null, status: '' });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const clientIdRef = useRef<HTMLInputElement>(null);

  const set = useCallback((field: Field, value: string) => dispatch({ type: 'set', field, value }), []);
  const cancelEdit = useCallback(() => dispatch({ type: 'cancel' }), []);

  /** a platform's values in the form; the form's heading takes the focus */
  const startEdit = (platform: PlatformRow) => {
    dispatch({ type: 'edit', platform });
    requestAnimationFrame(() => {
      titleRef.current?.scrollIntoView({ block: 'start' });
      titleRef.current?.focus();
    });
  };

  /** Canvas cloud's values in the form; the client ID (the school's own) takes the focus */
  const prefillCanvas = () => {
    dispatch({ type: 'prefill', status: t('guides.canvas.prefilled') });
    requestAnimationFrame(() => clientIdRef.current?.focus());
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'submit' });
    const { editing } = state;
    const body = bodyOf(state.values, editing);
    if (!body) {
      dispatch({ type: 'status', status: t('form.unchanged') });
      return;
    }
    dispatch({ type: 'saving' });
    try {
      const { data } = editing
        ? await callApi<PlatformRow>('PATCH', `/lti/platforms/${encodeURIComponent(editing.id)}`, body)
        : await callApi<PlatformRow>('POST', '/lti/platforms', body);
      dispatch({ type: 'saved', status: editing ? t('form.saved', { name: data.name }) : t('form.registered', { name: data.name }) });
      await onSaved();
    } catch (err) {
      dispatch({ type: 'failed', error: (err as Error).message });
    } finally {
      dispatch({ type: 'done' });
    }
  };

  return { ...state, titleRef, clientIdRef, set, startEdit, cancelEdit, prefillCanvas, submit };
}
