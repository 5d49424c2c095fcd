'use client';
// The form that registers a platform or edits one (its state: usePlatformForm).
import { useTranslations } from 'next-intl';
import { FIELDS, OPTIONAL, URL_FIELDS, type usePlatformForm } from './usePlatformForm';

export function PlatformForm({ form }: { form: ReturnType<typeof usePlatformForm> }) {
  const t = useTranslations('lti');
  const { editing, values, error, saving, status } = form;
  return (
    <form className="card" onSubmit={(e) => void form.submit(e)} aria-labelledby="lti-form-title" data-testid="lti-platform-form" noValidate>
      <h2 id="lti-form-title" ref={form.titleRef} tabIndex={-1}>
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
              ref={f === 'clientId' ? form.clientIdRef : undefined}
              value={values[f]}
              onChange={(e) => form.set(f, e.target.value)}
              required={!OPTIONAL.has(f)}
              aria-describedby={`lti-f-${f}-hint${error ? ' lti-form-error' : ''}`}
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
      {error ? (
        <p id="lti-form-error" className="error" role="alert" data-testid="lti-form-error">
          {error}
        </p>
      ) : null}
      <p>
        <button type="submit" className="primary" disabled={saving} data-testid="lti-platform-submit">
          {saving ? t('form.saving') : editing ? t('form.save') : t('form.register')}
        </button>
      </p>
      {editing ? (
        <p>
          <button type="button" className="secondary" onClick={form.cancelEdit} data-testid="lti-platform-cancel">
            {t('form.cancel')}
          </button>
        </p>
      ) : null}
      <p role="status" aria-live="polite" data-testid="lti-status">
        {status}
      </p>
    </form>
  );
}
