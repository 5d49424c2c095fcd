'use client';
import { useFormatter, useTranslations } from 'next-intl';

/** A date and time as the settings' tables show them ("never" for none). */
export function useWhen() {
  const t = useTranslations('lti');
  const format = useFormatter();
  return (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : t('never'));
}
