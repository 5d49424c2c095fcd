'use client';
// Framework → stage → grade → subject → unit → topic → objectives, then saved as the content's curriculum
// metadata (POST /api/curriculum/content/:contentId/metadata). Each level loads from the read endpoints.
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { useToast } from '@/components/ui/Toaster';
import { CurriculumCascade, type CurriculumChoice } from './CurriculumCascade';
import { DIFFICULTIES, isDifficulty, useLanguageChoices } from './CurriculumFields';
import type { CurriculumState } from './CurriculumNotice';

export function CurriculumPicker({ contents, curriculum }: { contents: { id: string; title: string }[]; curriculum: CurriculumState }) {
  const [contentId, setContentId] = useState(contents[0]?.id ?? '');
  const [choice, setChoice] = useState<CurriculumChoice | null>(null);
  const [difficulty, setDifficulty] = useState('medium');
  const [language, setLanguage] = useState('en');
  const [current, setCurrent] = useState<Record<string, unknown> | null>(null);
  const [status, setStatus] = useState('');
  const t = useTranslations('curriculum');
  const format = useFormatter();
  const toast = useToast();
  const languages = useLanguageChoices();

  const e = encodeURIComponent;

  useEffect(() => {
    if (!contentId) return;
    callApi<Record<string, unknown> | null>('GET', `/api/curriculum/content/${e(contentId)}/metadata`)
      .then((r) => setCurrent(r.data))
      .catch(() => setCurrent(null));
  }, [contentId, status]);

  const ready = contentId && choice;
  const currentDifficulty = current ? String(current.difficulty) : '';

  async function save() {
    if (!choice) return;
    try {
      await callApi('POST', `/api/curriculum/content/${e(contentId)}/metadata`, {
        ...choice,
        difficulty,
        language,
      });
      // the time on the user's clock (the app formats in UTC by default)
      setStatus(
        t('picker.savedAt', {
          time: format.dateTime(new Date(), { timeStyle: 'medium', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
        }),
      );
      toast({ title: t('picker.savedToast') });
    } catch (err) {
      const message = (err as Error).message;
      setStatus(t('picker.saveFailed', { message }));
      toast({ title: t('picker.saveFailedToast'), description: message, tone: 'error' });
    }
  }

  return (
    <div>
      <label>
        {t('fields.content')}
        <select value={contentId} onChange={(ev) => setContentId(ev.target.value)} data-testid="pick-content">
          {contents.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      {current ? (
        <p className="muted" data-testid="current-metadata">
          {t('picker.current', {
            framework: String(current.framework_name),
            grade: String(current.grade_name),
            subject: String(current.subject_name),
            difficulty: isDifficulty(currentDifficulty) ? t(`difficultyInline.${currentDifficulty}`) : currentDifficulty,
          })}
        </p>
      ) : (
        <p className="muted">{t('picker.noMetadata')}</p>
      )}
      <CurriculumCascade curriculum={curriculum} testIdPrefix="pick" onChange={setChoice} />
      <div className="toolbar">
        <label>
          {t('fields.difficulty')}
          <select value={difficulty} onChange={(ev) => setDifficulty(ev.target.value)} style={{ display: 'block' }}>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {t(`difficultyInline.${d}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('fields.language')}
          <select value={language} onChange={(ev) => setLanguage(ev.target.value)} style={{ display: 'block' }} data-testid="pick-language">
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className="primary" disabled={!ready} onClick={save} data-testid="save-metadata">
        {t('picker.save')}
      </button>
      {status ? <p data-testid="metadata-status">{status}</p> : null}
    </div>
  );
}
