'use client';
// The tool's side of an LTI registration, to paste into an LMS: its addresses and its public key set (as JSON
// and, where the browser can convert it, as a PEM public key), each with a Copy button.
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Copy, Link2 } from 'lucide-react';
import { apiFetch } from '@/components/shared/api';
import { Button, Card, Field } from '@/components/ui';
import styles from '../lti.module.css';
import type { z } from 'zod';
import type { toolConfigSchema } from '@/lib/lti/config';

/** GET /lti/config (the route's response schema) */
export type ToolConfig = z.infer<typeof toolConfigSchema>;

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

export function ToolConfigSection({ config }: { config: ToolConfig }) {
  const t = useTranslations('lti');
  const [copyStatus, setCopyStatus] = useState('');
  const [jwks, setJwks] = useState<{ text: string; pem: string | null } | { error: string } | null>(null);

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

  /** a read-only key (JWKS or PEM) with its hint and a Copy button */
  const keyBlock = (id: string, label: string, value: string, hint: string, rows: number) => (
    <>
      <textarea id={id} data-testid={id} readOnly rows={rows} spellCheck={false} value={value} aria-describedby={`${id}-hint`} className={styles.key} />
      <p className={styles.keyFoot}>
        <small id={`${id}-hint`}>{hint}</small>
        <Button size="sm" icon={Copy} aria-label={t('tool.copyLabel', { field: label })} data-testid={`${id}-copy`} onClick={() => void copy(label, value, id)}>
          {t('tool.copy')}
        </Button>
      </p>
    </>
  );

  return (
    <Card className={styles.card} aria-labelledby="lti-tool-title" data-testid="lti-tool-config">
      <h2 id="lti-tool-title" className={styles.cardTitle}>
        <Link2 aria-hidden size={20} />
        {t('tool.title')}
      </h2>
      <p className={styles.help}>{t('tool.help')}</p>
      <div className={styles.stack}>
        {toolFields.map((f) => (
          <Field key={f.id} label={f.label} htmlFor={f.id} hint={<span id={`${f.id}-hint`}>{f.hint}</span>}>
            <div className={styles.copyRow}>
              <input id={f.id} data-testid={f.testId} readOnly value={f.value} aria-describedby={`${f.id}-hint`} onFocus={(e) => e.currentTarget.select()} />
              <Button size="sm" icon={Copy} aria-label={t('tool.copyLabel', { field: f.label })} data-testid={`${f.testId}-copy`} onClick={() => void copy(f.label, f.value, f.id)}>
                {t('tool.copy')}
              </Button>
            </div>
          </Field>
        ))}
      </div>
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
      <p role="status" aria-live="polite" data-testid="lti-copy-status" className={styles.status}>
        {copyStatus}
      </p>
    </Card>
  );
}
