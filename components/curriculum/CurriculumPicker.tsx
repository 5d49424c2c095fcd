'use client';
// Framework → stage → grade → subject → unit → topic → objectives, then saved as the content's curriculum
// metadata (POST /api/curriculum/content/:contentId/metadata). Each level loads from the read endpoints (the synced
// frameworks and the school's own). Difficulty and language save without any framework (issue 25 item 9); a
// framework begun but not complete (no grade or subject yet) says what is missing instead of being dropped.
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { Save } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { CurriculumCascade, type CurriculumChoice } from './CurriculumCascade';
import { DIFFICULTIES, isDifficulty, isLanguageCode, useLanguageChoices } from './CurriculumFields';
import type { CurriculumState } from './CurriculumNotice';
import styles from './curriculum.module.css';

interface Current {
  framework_name: string;
  grade_name: string;
  subject_name: string;
  difficulty: string;
  language: string;
}

export function CurriculumPicker({ contents, curriculum }: { contents: { id: string; title: string }[]; curriculum: CurriculumState }) {
  const [contentId, setContentId] = useState(contents[0]?.id ?? '');
  const [choice, setChoice] = useState<CurriculumChoice | null>(null);
  const [started, setStarted] = useState(false);
  const [difficulty, setDifficulty] = useState('medium');
  const [language, setLanguage] = useState('en');
  const [current, setCurrent] = useState<Current | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  /** saves so far: each one reloads what is stored (two saves within one second show the same status text) */
  const [saves, setSaves] = useState(0);
  const t = useTranslations('curriculum');
  const format = useFormatter();
  const toast = useToast();
  const languages = useLanguageChoices();
  const id = useId();

  const e = encodeURIComponent;

  useEffect(() => {
    if (!contentId) return;
    let live = true;
    callApi<Current | null>('GET', `/api/curriculum/content/${e(contentId)}/metadata`)
      .then((r) => {
        if (!live) return;
        setCurrent(r.data);
        // the item's saved difficulty and language are where the choice starts
        if (r.data && isDifficulty(r.data.difficulty)) setDifficulty(r.data.difficulty);
        if (r.data?.language) setLanguage(r.data.language);
      })
      .catch(() => live && setCurrent(null));
    return () => {
      live = false;
    };
  }, [contentId, saves]);

  const changed = useCallback((v: CurriculumChoice | null, s: boolean) => {
    setChoice(v);
    setStarted(s);
  }, []);

  const incomplete = started && !choice;
  const ready = Boolean(contentId) && !incomplete && !saving;
  const currentDifficulty = current?.difficulty ?? '';
  const difficultyText = isDifficulty(currentDifficulty) ? t(`difficultyInline.${currentDifficulty}`) : currentDifficulty;
  const languageText = current && isLanguageCode(current.language) ? languages.find((l) => l.code === current.language)?.name ?? current.language : (current?.language ?? '');

  async function save() {
    if (!ready) return;
    setSaving(true);
    try {
      await callApi('POST', `/api/curriculum/content/${e(contentId)}/metadata`, choice ? { ...choice, difficulty, language } : { difficulty, language });
      // the time on the user's clock (the app formats in UTC by default)
      setStatus(
        t('picker.savedAt', {
          time: format.dateTime(new Date(), { timeStyle: 'medium', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
        }),
      );
      toast({ title: t('picker.savedToast') });
      setSaves((n) => n + 1);
    } catch (err) {
      const message = (err as Error).message;
      setStatus(t('picker.saveFailed', { message }));
      toast({ title: t('picker.saveFailedToast'), description: message, tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      <label htmlFor={`${id}-content`}>{t('fields.content')}</label>
      <select id={`${id}-content`} value={contentId} onChange={(ev) => setContentId(ev.target.value)} data-testid="pick-content">
        {contents.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      {current ? (
        <p className="muted" data-testid="current-metadata">
          {current.framework_name
            ? t('picker.current', { framework: current.framework_name, grade: current.grade_name, subject: current.subject_name, difficulty: difficultyText })
            : t('picker.currentNoFramework', { difficulty: difficultyText, language: languageText })}
        </p>
      ) : (
        <p className="muted">{t('picker.noMetadata')}</p>
      )}
      <CurriculumCascade curriculum={curriculum} testIdPrefix="pick" onChange={changed} frameworkPlaceholder={t('fields.none')} />
      <div className={styles.row}>
        <div className={styles.select}>
          <label htmlFor={`${id}-difficulty`}>{t('fields.difficulty')}</label>
          <select id={`${id}-difficulty`} value={difficulty} onChange={(ev) => setDifficulty(ev.target.value)} className={styles.control} data-testid="pick-difficulty">
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {t(`difficultyInline.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.select}>
          <label htmlFor={`${id}-language`}>{t('fields.language')}</label>
          <select id={`${id}-language`} value={language} onChange={(ev) => setLanguage(ev.target.value)} className={styles.control} data-testid="pick-language">
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className={styles.hint} data-testid="metadata-hint">
        {incomplete ? t('picker.frameworkIncomplete') : started ? null : t('picker.savesWithoutFramework')}
      </p>
      <Button variant="primary" icon={Save} loading={saving} disabled={!ready} aria-describedby={`${id}-hint`} onClick={() => void save()} data-testid="save-metadata">
        {t('picker.save')}
      </Button>
      {status ? (
        <p role="status" data-testid="metadata-status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
