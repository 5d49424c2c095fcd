'use client';
// The tenant's brand and custom domain (PUT /api/tenant/brand, PUT /api/tenant/domain), with a live preview: the top
// bar in the chosen colour with the logo and name, and the custom CSS applied to sample markup inside a sandboxed
// frame (no script, no origin), so a preview can never touch this page.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Button, Card, Field } from '@/components/ui';
import styles from './BrandSettings.module.css';
import { useToast } from '@/components/ui/Toaster';
import { accessibleBrand } from '@/lib/tenant/contrast';
import { cssForStyle, escapeHtml } from '@/lib/shared/escape';

export interface BrandValues {
  primaryColor: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  appName: string;
  customCss: string | null;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function BrandSettings({ initial, customDomain, baseDomain, tenantName }: { initial: BrandValues; customDomain: string | null; baseDomain: string; tenantName: string }) {
  const t = useTranslations('settings.brand');
  const toast = useToast();
  const [v, setV] = useState<BrandValues>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [domain, setDomain] = useState(customDomain ?? '');
  const [domainSaved, setDomainSaved] = useState(customDomain);
  const [domainError, setDomainError] = useState<string | null>(null);
  const colourValid = HEX.test(v.primaryColor);
  const set = <K extends keyof BrandValues>(k: K, value: BrandValues[K]) => setV((x) => ({ ...x, [k]: value }));

  // the preview bar shows the colour as it will be used (AA with white): a custom property set on the element, read by
  // its stylesheet (an arbitrary colour has no class of its own)
  const previewBrand = accessibleBrand(colourValid ? v.primaryColor : '#6366f1');
  const previewBarRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    previewBarRef.current?.style.setProperty('--preview-brand', previewBrand);
  }, [previewBrand]);

  const previewDoc = useMemo(() => {
    const css = cssForStyle(v.customCss ?? '');
    return `<!doctype html><html><head><style>body{font:14px system-ui,sans-serif;margin:12px;--brand:${accessibleBrand(colourValid ? v.primaryColor : '#6366f1')}}button{background:var(--brand);color:#fff;border:0;border-radius:6px;padding:6px 12px}.card{border:1px solid #ddd;border-radius:8px;padding:12px}</style><style>${css}</style></head><body><div class="card"><h2>${escapeHtml(v.appName || tenantName)}</h2><p>${escapeHtml(t('previewText'))}</p><button type="button">${escapeHtml(t('previewButton'))}</button></div></body></html>`;
  }, [v.customCss, v.primaryColor, v.appName, colourValid, tenantName, t]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const body = { ...v, logoUrl: v.logoUrl?.trim() || null, faviconUrl: v.faviconUrl?.trim() || null, customCss: v.customCss?.trim() ? v.customCss : null };
      const { data } = await callApi<{ brandConfig: BrandValues }>('PUT', '/api/tenant/brand', body);
      setV(data.brandConfig);
      toast({ title: t('saved'), tone: 'success' });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const saveDomain = async (e: React.FormEvent) => {
    e.preventDefault();
    setDomainError(null);
    try {
      const { data } = await callApi<{ customDomain: string }>('PUT', '/api/tenant/domain', { customDomain: domain.trim().toLowerCase() });
      setDomainSaved(data.customDomain);
      toast({ title: t('domainSaved'), tone: 'success' });
    } catch (err) {
      setDomainError((err as Error).message);
    }
  };

  return (
    <>
      <Card as="form" className="brand-form" onSubmit={(e) => void save(e)} aria-labelledby="brand-title" data-testid="brand-form">
        <h2 id="brand-title">{t('formTitle')}</h2>
        <div className="brand-grid">
          <div className="brand-fields">
            <p className="muted" data-testid="brand-required-note">
              {t('requiredNote')}
            </p>
            <Field label={t('color')} htmlFor="brand-color" required requiredLabel={t('required')}>
              <span className="color-row">
                <input id="brand-color-picker" type="color" aria-label={t('colorPicker')} value={colourValid ? v.primaryColor : '#6366f1'} onChange={(e) => set('primaryColor', e.target.value)} />
                <input id="brand-color" data-testid="brand-color" value={v.primaryColor} onChange={(e) => set('primaryColor', e.target.value)} aria-invalid={!colourValid} aria-describedby="brand-color-help" maxLength={7} required />
              </span>
              <small id="brand-color-help" className={colourValid ? 'muted' : 'error'}>
                {colourValid ? t('colorHelp') : t('colorInvalid')}
              </small>
            </Field>
            <Field label={t('appName')} htmlFor="brand-name" required requiredLabel={t('required')}>
              <input id="brand-name" data-testid="brand-name" value={v.appName} onChange={(e) => set('appName', e.target.value)} required maxLength={100} />
            </Field>
            <Field label={t('logoUrl')} htmlFor="brand-logo">
              <input id="brand-logo" type="url" inputMode="url" placeholder="https://" value={v.logoUrl ?? ''} onChange={(e) => set('logoUrl', e.target.value)} maxLength={1000} />
            </Field>
            <Field label={t('faviconUrl')} htmlFor="brand-favicon">
              <input id="brand-favicon" type="url" inputMode="url" placeholder="https://" value={v.faviconUrl ?? ''} onChange={(e) => set('faviconUrl', e.target.value)} maxLength={1000} />
            </Field>
            <Field label={t('customCss')} htmlFor="brand-css">
              <textarea id="brand-css" rows={6} spellCheck={false} value={v.customCss ?? ''} onChange={(e) => set('customCss', e.target.value)} maxLength={50_000} aria-describedby="brand-css-help" />
              <small id="brand-css-help" className="muted">
                {t('customCssHelp')}
              </small>
            </Field>
          </div>
          <div className="brand-preview" aria-label={t('preview')}>
            <p className="muted">{t('preview')}</p>
            <div className={`brand-preview-bar ${styles.previewBar}`} ref={previewBarRef} data-testid="brand-preview-bar">
              {v.logoUrl ? <img src={v.logoUrl} alt="" height={24} /> : null}
              <span>{v.appName || tenantName}</span>
            </div>
            <iframe title={t('preview')} sandbox="" srcDoc={previewDoc} className="brand-preview-frame" />
          </div>
        </div>
        {error ? (
          <p className="error" role="alert" data-testid="brand-error">
            {error}
          </p>
        ) : null}
        <p>
          <Button type="submit" variant="primary" disabled={!colourValid} loading={saving} data-testid="brand-save">
            {saving ? t('saving') : t('save')}
          </Button>
        </p>
      </Card>
      <Card as="form" onSubmit={(e) => void saveDomain(e)} aria-labelledby="domain-title" data-testid="domain-form">
        <h2 id="domain-title">{t('domainTitle')}</h2>
        <p>{domainSaved ? t('domainCurrent', { domain: domainSaved }) : t('domainNone')}</p>
        <Field label={t('domain')} htmlFor="brand-domain" required requiredLabel={t('required')}>
          <input id="brand-domain" data-testid="brand-domain" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="learn.example.org" maxLength={500} minLength={3} aria-describedby="domain-help" required />
          <small id="domain-help" className="muted">
            {t('domainHelp', { base: baseDomain })}
          </small>
        </Field>
        {domainError ? (
          <p className="error" role="alert" data-testid="domain-error">
            {domainError}
          </p>
        ) : null}
        <p>
          <Button type="submit" disabled={domain.trim().length < 3} data-testid="domain-save">
            {t('domainSave')}
          </Button>
        </p>
      </Card>
    </>
  );
}
