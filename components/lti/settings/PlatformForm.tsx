'use client';
// The form that registers a platform or edits one (its state: usePlatformForm).
import { useTranslations } from 'next-intl';
import { Plus, Save } from 'lucide-react';
import { Button, Card, Field } from '@/components/ui';
import styles from '../lti.module.css';
import { FIELDS, OPTIONAL, URL_FIELDS, type usePlatformForm } from './usePlatformForm';

export function PlatformForm({ form }: { form: ReturnType<typeof usePlatformForm> }) {
  const t = useTranslations('lti');
  const { editing, values, error, saving, status } = form;
  return (
    <Card as="form" className={styles.card} onSubmit={(e) => void form.submit(e)} aria-labelledby="lti-form-title" data-testid="lti-platform-form" noValidate>
      <h2 id="lti-form-title" ref={form.titleRef} tabIndex={-1} className={styles.cardTitle}>
        {editing ? t('form.editTitle', { name: editing.name }) : t('form.registerTitle')}
      </h2>
      <p className={styles.help}>{t('form.help')}</p>
      <div className={styles.fieldGrid}>
        {FIELDS.map((f) => (
          <Field key={f} label={t(`form.${f}`)} htmlFor={`lti-f-${f}`} hint={<span id={`lti-f-${f}-hint`}>{t(`form.${f}Hint`)}</span>}>
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
          </Field>
        ))}
      </div>
      {error ? (
        <p id="lti-form-error" className="error" role="alert" data-testid="lti-form-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" icon={editing ? Save : Plus} loading={saving} data-testid="lti-platform-submit">
          {saving ? t('form.saving') : editing ? t('form.save') : t('form.register')}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={form.cancelEdit} data-testid="lti-platform-cancel">
            {t('form.cancel')}
          </Button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" data-testid="lti-status" className={styles.status}>
        {status}
      </p>
    </Card>
  );
}
