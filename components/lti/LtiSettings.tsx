'use client';
// The LTI 1.3 settings (issue 12 item 6): the tool's addresses and public key to paste into an LMS, step-by-step
// guides for Moodle and Canvas, the registered platforms with their figures (register, edit, remove) and the
// courses launched so far. The first render comes from the server page; changes go through the /lti API with the
// session cookie (callApi), and the lists are read again from it after each change.
import Link from 'next/link';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { apiFetch, callApi } from '@/components/shared/api';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable } from '@/components/ui/DataTable';
import type { PlatformRow as PlatformRowOfApi } from '@/lib/lti/platforms';

/** GET /lti/config */
export interface ToolConfig {
  enabled: boolean;
  launchUrl: string;
  jwksUrl: string;
  deepLinkUrl: string;
  loginUrl: string;
}

/** One row of GET /lti/platforms: inferred from the route's response schema, never copied by hand */
export type PlatformRow = PlatformRowOfApi;

/** One row of GET /lti/contexts */
export interface ContextRow {
  platformId: string;
  platformName: string;
  contextId: string;
  title: string | null;
  label: string | null;
  lastLaunchAt: string;
  hasRoster: boolean;
}

const FIELDS = [
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
type Field = (typeof FIELDS)[number];
type FormValues = Record<Field, string>;
const OPTIONAL = new Set<Field>(['deploymentId', 'agsEndpoint', 'nrpsEndpoint']);
const URL_FIELDS = new Set<Field>(['issuer', 'authLoginUrl', 'authTokenUrl', 'keysetUrl', 'agsEndpoint', 'nrpsEndpoint']);
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
const CANVAS = {
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

/** The first key of a key set as a PEM public key (SPKI), for LMSs that take the key itself; null if the browser cannot. */
async function pemOf(jwk: JsonWebKey | undefined): Promise<string | null> {
  if (!jwk || typeof crypto === 'undefined' || !crypto.subtle) return null;
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, n: jwk.n, e: jwk.e },
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    true,
    ['verify'],
  );
  const der = new Uint8Array(await crypto.subtle.exportKey('spki', key));
  let bin = '';
  for (const b of der) bin += String.fromCharCode(b);
  const lines = btoa(bin).match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----`;
}

const monospace = {
  width: '100%',
  fontFamily: 'ui-monospace, monospace',
  fontSize: '0.85rem',
  padding: '0.5rem 0.75rem',
  border: '1px solid var(--border)',
  borderRadius: 8,
  resize: 'vertical',
} as const;

export function LtiSettings({
  config,
  initialPlatforms,
  initialContexts,
}: {
  config: ToolConfig;
  initialPlatforms: PlatformRow[];
  initialContexts: ContextRow[];
}) {
  const t = useTranslations('lti');
  const format = useFormatter();
  const [platforms, setPlatforms] = useState(initialPlatforms);
  const [contexts, setContexts] = useState(initialContexts);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [editing, setEditing] = useState<PlatformRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [formStatus, setFormStatus] = useState('');
  const [listStatus, setListStatus] = useState('');
  const [copyStatus, setCopyStatus] = useState('');
  const [jwks, setJwks] = useState<{ text: string; pem: string | null } | { error: string } | null>(null);
  const formTitleRef = useRef<HTMLHeadingElement>(null);
  const platformsTitleRef = useRef<HTMLHeadingElement>(null);
  const clientIdRef = useRef<HTMLInputElement>(null);

  // the tool's public key set (public, GET /lti/jwks), shown as JSON and, where the browser can convert it, as PEM
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const res = await apiFetch('/lti/jwks', { headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { keys?: JsonWebKey[] };
        const pem = await pemOf(body.keys?.[0]).catch(() => null);
        if (live) setJwks({ text: JSON.stringify(body, null, 2), pem });
      } catch (err) {
        if (live) setJwks({ error: (err as Error).message });
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : t('never'));

  const copy = async (field: string, text: string, inputId: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyStatus(t('tool.copied', { field }));
    } catch {
      // no clipboard (an insecure origin, a refused permission): select the text so the user can copy it
      const el = document.getElementById(inputId) as HTMLInputElement | HTMLTextAreaElement | null;
      el?.focus();
      el?.select();
      setCopyStatus(t('tool.copyFailed', { field }));
    }
  };

  const refreshPlatforms = async () => {
    try {
      const { data } = await callApi<PlatformRow[]>('GET', '/lti/platforms');
      setPlatforms(data);
      setListError(null);
    } catch (err) {
      setListError(t('platforms.loadError', { error: (err as Error).message }));
    }
  };

  const refreshContexts = async () => {
    try {
      const { data } = await callApi<ContextRow[]>('GET', '/lti/contexts');
      setContexts(data);
    } catch {
      // the list stays as it was; the platforms' error says what went wrong
    }
  };

  const set = (k: Field, v: string) => setValues((x) => ({ ...x, [k]: v }));

  const startEdit = (p: PlatformRow) => {
    setEditing(p);
    setValues(valuesOf(p));
    setFormError(null);
    setFormStatus('');
    requestAnimationFrame(() => {
      formTitleRef.current?.scrollIntoView({ block: 'start' });
      formTitleRef.current?.focus();
    });
  };

  const cancelEdit = () => {
    setEditing(null);
    setValues(EMPTY);
    setFormError(null);
  };

  const prefillCanvas = () => {
    setValues((x) => ({ ...x, ...CANVAS, name: x.name || 'Canvas' }));
    setFormStatus(t('guides.canvas.prefilled'));
    requestAnimationFrame(() => clientIdRef.current?.focus());
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setFormStatus('');
    const trimmed = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as FormValues;
    let body: Record<string, string | null>;
    if (editing) {
      // only what changed; an emptied optional field is cleared (null)
      const before = valuesOf(editing);
      body = {};
      for (const f of FIELDS) if (trimmed[f] !== before[f]) body[f] = trimmed[f] === '' && OPTIONAL.has(f) ? null : trimmed[f];
      if (!Object.keys(body).length) {
        setFormStatus(t('form.unchanged'));
        return;
      }
    } else {
      // a new registration leaves out the optional fields left empty
      body = {};
      for (const f of FIELDS) if (!(OPTIONAL.has(f) && trimmed[f] === '')) body[f] = trimmed[f];
    }
    setSaving(true);
    try {
      const { data } = editing
        ? await callApi<PlatformRow>('PATCH', `/lti/platforms/${encodeURIComponent(editing.id)}`, body)
        : await callApi<PlatformRow>('POST', '/lti/platforms', body);
      setFormStatus(editing ? t('form.saved', { name: data.name }) : t('form.registered', { name: data.name }));
      setEditing(null);
      setValues(EMPTY);
      await refreshPlatforms();
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  /** sends the platform's failed grades again (POST /lti/platforms/:id/passback/retry) */
  const retryPassback = async (p: PlatformRow) => {
    setListError(null);
    setListStatus('');
    try {
      const { data } = await callApi<{ retried: number }>('POST', `/lti/platforms/${encodeURIComponent(p.id)}/passback/retry`);
      setListStatus(t('platforms.retried', { count: data.retried, name: p.name }));
      await refreshPlatforms();
    } catch (err) {
      setListError((err as Error).message);
    }
  };

  const remove = async (p: PlatformRow) => {
    setListError(null);
    setListStatus('');
    try {
      await callApi('DELETE', `/lti/platforms/${encodeURIComponent(p.id)}`);
      setListStatus(t('platforms.removed', { name: p.name }));
      if (editing?.id === p.id) cancelEdit();
      await Promise.all([refreshPlatforms(), refreshContexts()]);
    } catch (err) {
      setListError((err as Error).message);
    }
    // the row (and the button that had the focus) is gone: the list's heading takes the focus
    platformsTitleRef.current?.focus();
  };

  const toolFields: { id: string; testId: string; label: string; hint: string; value: string }[] = [
    { id: 'lti-launch-url', testId: 'lti-launch-url', label: t('tool.launchUrl'), hint: t('tool.launchHint'), value: config.launchUrl },
    { id: 'lti-login-url', testId: 'lti-login-url', label: t('tool.loginUrl'), hint: t('tool.loginHint'), value: config.loginUrl },
    { id: 'lti-jwks-url', testId: 'lti-jwks-url', label: t('tool.jwksUrl'), hint: t('tool.jwksHint'), value: config.jwksUrl },
    // the LMS sends deep-linking requests to the launch URL too: the tool tells them apart by their message type
    {
      id: 'lti-deep-link-url',
      testId: 'lti-deep-link-url',
      label: t('tool.deepLinkUrl'),
      hint: t('tool.deepLinkHint'),
      value: config.launchUrl,
    },
  ];
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const urls = { launchUrl: config.launchUrl, loginUrl: config.loginUrl, jwksUrl: config.jwksUrl };
  const moodleSteps = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10'] as const;
  const canvasSteps = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10'] as const;
  const canvasValues = { ...urls, issuer: CANVAS.issuer, login: CANVAS.authLoginUrl, token: CANVAS.authTokenUrl, keyset: CANVAS.keysetUrl };

  /** a read-only key (JWKS or PEM) with its hint and a Copy button */
  const keyBlock = (id: string, label: string, value: string, hint: string, rows: number) => (
    <>
      <textarea id={id} data-testid={id} readOnly rows={rows} spellCheck={false} value={value} aria-describedby={`${id}-hint`} style={monospace} />
      <p className="inline-form" style={{ margin: '0.25rem 0 0' }}>
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
        <button type="button" className="small" aria-label={t('tool.copyLabel', { field: label })} data-testid={`${id}-copy`} onClick={() => void copy(label, value, id)}>
          {t('tool.copy')}
        </button>
      </p>
    </>
  );

  return (
    <>
      <section className="card" aria-labelledby="lti-tool-title" data-testid="lti-tool-config">
        <h2 id="lti-tool-title">{t('tool.title')}</h2>
        <p className="muted">{t('tool.help')}</p>
        {toolFields.map((f) => (
          <div key={f.id}>
            <label htmlFor={f.id}>{f.label}</label>
            <div className="inline-form">
              <input
                id={f.id}
                data-testid={f.testId}
                readOnly
                value={f.value}
                aria-describedby={`${f.id}-hint`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="small"
                aria-label={t('tool.copyLabel', { field: f.label })}
                data-testid={`${f.testId}-copy`}
                onClick={() => void copy(f.label, f.value, f.id)}
              >
                {t('tool.copy')}
              </button>
            </div>
            <small id={`${f.id}-hint`} className="muted">
              {f.hint}
            </small>
          </div>
        ))}
        <label htmlFor="lti-jwks">{t('tool.jwks')}</label>
        {jwks === null ? (
          <p className="muted">{t('tool.loading')}</p>
        ) : 'error' in jwks ? (
          <p className="error" role="alert" data-testid="lti-jwks-error">
            {t('tool.jwksError', { error: jwks.error })}
          </p>
        ) : (
          <>
            {keyBlock('lti-jwks', t('tool.jwks'), jwks.text, t('tool.jwksTextHint'), 8)}
            {jwks.pem ? (
              <>
                <label htmlFor="lti-public-key">{t('tool.pem')}</label>
                {keyBlock('lti-public-key', t('tool.pem'), jwks.pem, t('tool.pemHint'), 9)}
              </>
            ) : null}
          </>
        )}
        <p role="status" aria-live="polite" data-testid="lti-copy-status">
          {copyStatus}
        </p>
      </section>

      <section className="card" aria-labelledby="lti-guides-title" data-testid="lti-guides">
        <h2 id="lti-guides-title">{t('guides.title')}</h2>
        <details data-testid="lti-guide-moodle">
          <summary>{t('guides.moodle.title')}</summary>
          <ol style={{ overflowWrap: 'anywhere' }}>
            {moodleSteps.map((s) => (
              <li key={s}>{t.rich(`guides.moodle.${s}`, { ...urls, code })}</li>
            ))}
          </ol>
        </details>
        <details data-testid="lti-guide-canvas">
          <summary>{t('guides.canvas.title')}</summary>
          <ol style={{ overflowWrap: 'anywhere' }}>
            {canvasSteps.map((s) => (
              <li key={s}>{t.rich(`guides.canvas.${s}`, { ...canvasValues, code })}</li>
            ))}
          </ol>
          <p className="muted">{t('guides.canvas.note')}</p>
          <p>
            <button type="button" className="small" data-testid="lti-canvas-prefill" onClick={prefillCanvas}>
              {t('guides.canvas.prefill')}
            </button>
          </p>
        </details>
      </section>

      <section className="card" aria-labelledby="lti-platforms-title" data-testid="lti-platforms">
        <h2 id="lti-platforms-title" ref={platformsTitleRef} tabIndex={-1}>
          {t('platforms.title')}
        </h2>
        <p role="status" aria-live="polite" data-testid="lti-platforms-status">
          {listStatus}
        </p>
        {listError ? (
          <p className="error" role="alert" data-testid="lti-platforms-error">
            {listError}
          </p>
        ) : null}
        <DataTable
          testId="lti-platforms-table"
          rowTestId="lti-platform-row"
          rows={platforms}
          rowKey={(p) => p.id}
          empty={t('platforms.empty')}
          columns={[
            { header: t('platforms.name'), cell: (p) => p.name },
            { header: t('platforms.issuer'), cell: (p) => p.issuer },
            { header: t('platforms.clientId'), cell: (p) => p.clientId },
            { header: t('platforms.lastLaunch'), cell: (p) => when(p.stats.lastLaunchAt) },
            { header: t('platforms.launches'), cell: (p) => format.number(p.stats.launchesThisMonth) },
            {
              header: t('platforms.passback'),
              cell: (p) =>
                p.stats.passbackFailures || p.stats.passbackPending ? (
                  <>
                    <span className={p.stats.passbackFailures ? 'error-text' : undefined}>
                      {t('platforms.passbackFailed', { count: p.stats.passbackFailures })}
                    </span>
                    {', '}
                    {t('platforms.passbackPending', { count: p.stats.passbackPending })}
                    {p.stats.passbackFailures ? (
                      <>
                        {' '}
                        <button
                          type="button"
                          className="small"
                          aria-label={t('platforms.retryLabel', { name: p.name })}
                          data-testid="lti-passback-retry"
                          onClick={() => void retryPassback(p)}
                        >
                          {t('platforms.retry')}
                        </button>
                      </>
                    ) : null}
                  </>
                ) : (
                  <span className="muted">{t('platforms.passbackNone')}</span>
                ),
            },
            {
              header: t('platforms.actions'),
              cell: (p) => (
                <span className="inline-form" style={{ flexWrap: 'nowrap' }}>
                  <button
                    type="button"
                    className="small"
                    aria-label={t('platforms.editLabel', { name: p.name })}
                    data-testid="lti-platform-edit"
                    onClick={() => startEdit(p)}
                  >
                    {t('platforms.edit')}
                  </button>
                  <ConfirmDialog
                    testId="lti-remove-dialog"
                    title={t('platforms.removeTitle', { name: p.name })}
                    description={t('platforms.removeDescription')}
                    confirmLabel={t('platforms.removeConfirm')}
                    onConfirm={() => remove(p)}
                    trigger={
                      <button
                        type="button"
                        className="small"
                        aria-label={t('platforms.removeLabel', { name: p.name })}
                        data-testid="lti-platform-remove"
                      >
                        {t('platforms.remove')}
                      </button>
                    }
                  />
                </span>
              ),
            },
          ]}
        />
      </section>

      <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="lti-form-title" data-testid="lti-platform-form" noValidate>
        <h2 id="lti-form-title" ref={formTitleRef} tabIndex={-1}>
          {editing ? t('form.editTitle', { name: editing.name }) : t('form.registerTitle')}
        </h2>
        <p className="muted">{t('form.help')}</p>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))', gap: '0 1.25rem' }}>
          {FIELDS.map((f) => (
            <div key={f}>
              <label htmlFor={`lti-f-${f}`}>{t(`form.${f}`)}</label>
              <input
                id={`lti-f-${f}`}
                name={f}
                data-testid={`lti-f-${f}`}
                ref={f === 'clientId' ? clientIdRef : undefined}
                value={values[f]}
                onChange={(e) => set(f, e.target.value)}
                required={!OPTIONAL.has(f)}
                aria-describedby={`lti-f-${f}-hint${formError ? ' lti-form-error' : ''}`}
                type={URL_FIELDS.has(f) ? 'url' : 'text'}
                inputMode={URL_FIELDS.has(f) ? 'url' : undefined}
                placeholder={URL_FIELDS.has(f) ? 'https://' : undefined}
                autoComplete="off"
                spellCheck={false}
                maxLength={f === 'clientId' || f === 'name' || f === 'deploymentId' ? 255 : 500}
              />
              <small id={`lti-f-${f}-hint`} className="muted">
                {t(`form.${f}Hint`)}
              </small>
            </div>
          ))}
        </div>
        {formError ? (
          <p id="lti-form-error" className="error" role="alert" data-testid="lti-form-error">
            {formError}
          </p>
        ) : null}
        <p>
          <button type="submit" className="primary" disabled={saving} data-testid="lti-platform-submit">
            {saving ? t('form.saving') : editing ? t('form.save') : t('form.register')}
          </button>
        </p>
        {editing ? (
          <p>
            <button type="button" className="secondary" onClick={cancelEdit} data-testid="lti-platform-cancel">
              {t('form.cancel')}
            </button>
          </p>
        ) : null}
        <p role="status" aria-live="polite" data-testid="lti-status">
          {formStatus}
        </p>
      </form>

      <section className="card" aria-labelledby="lti-courses-title" data-testid="lti-courses">
        <h2 id="lti-courses-title">{t('courses.title')}</h2>
        <DataTable
          testId="lti-courses-table"
          rowTestId="lti-course-row"
          rows={contexts}
          rowKey={(c) => `${c.platformId}/${c.contextId}`}
          empty={t('courses.empty')}
          columns={[
            {
              header: t('courses.course'),
              cell: (c) => (
                <Link
                  href={`/settings/lti/courses/${encodeURIComponent(c.platformId)}/${encodeURIComponent(c.contextId)}`}
                  data-testid="lti-course-link"
                >
                  {c.title ?? c.label ?? c.contextId}
                </Link>
              ),
            },
            { header: t('courses.platform'), cell: (c) => c.platformName },
            { header: t('courses.lastLaunch'), cell: (c) => when(c.lastLaunchAt) },
            { header: t('courses.roster'), cell: (c) => (c.hasRoster ? t('courses.yes') : t('courses.no')) },
          ]}
        />
      </section>
    </>
  );
}
