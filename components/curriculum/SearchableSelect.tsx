'use client';
// A labelled native <select> with a filter box above it: type to narrow long lists (frameworks, subjects),
// then choose with the keyboard or the mouse. An empty list disables the select and says why, visibly.
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import styles from './curriculum.module.css';

export interface Choice {
  code: string;
  name: string;
  /** extra text shown after the name (e.g. the stage of a grade) */
  hint?: string;
}

/** Lists longer than this get a filter box. */
const FILTER_FROM = 8;

export function SearchableSelect({
  label,
  choices,
  value,
  onChange,
  testId,
  emptyReason,
  placeholder,
}: {
  label: string;
  choices: Choice[];
  value: string;
  onChange: (code: string) => void;
  testId: string;
  /** shown (and linked to the select) when there is nothing to choose */
  emptyReason: string;
  /** the first, empty option (default: "Choose…") */
  placeholder?: string;
}) {
  const t = useTranslations('curriculum.select');
  const locale = useLocale();
  const id = useId();
  const [filter, setFilter] = useState('');
  const q = filter.trim().toLowerCase();
  const shown = q ? choices.filter((c) => c.code === value || `${c.name} ${c.code} ${c.hint ?? ''}`.toLowerCase().includes(q)) : choices;
  const empty = choices.length === 0;
  return (
    <div className={styles.select}>
      <label htmlFor={`${id}-select`}>{label}</label>
      {choices.length > FILTER_FROM ? (
        <input
          type="search"
          // English lower-cases the field name inside the sentence; German keeps its capitalised nouns
          aria-label={t('filter', { label: locale === 'en' ? label.toLowerCase() : label })}
          placeholder={t('filterPlaceholder')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          data-testid={`${testId}-filter`}
          className={styles.filter}
        />
      ) : null}
      <select
        id={`${id}-select`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={empty}
        aria-describedby={empty ? `${id}-reason` : undefined}
        data-testid={testId}
      >
        <option value="">{q && shown.length === 0 ? t('noMatch') : (placeholder ?? t('choose'))}</option>
        {shown.map((c) => (
          <option key={c.code} value={c.code}>
            {c.hint ? `${c.name} (${c.hint})` : c.name}
          </option>
        ))}
      </select>
      {empty ? (
        <p id={`${id}-reason`} className={styles.reason} data-testid={`${testId}-reason`}>
          {emptyReason}
        </p>
      ) : null}
    </div>
  );
}
