'use client';
// The source of "Create with AI": the choice (a topic, a pasted text, a web page, a PDF, an image or a video; a
// source the plan lacks shows its plan's badge) and the chosen source's fields.
import { useTranslations } from 'next-intl';
import { AI_LIMITS } from '@/lib/ai/limits';
import type { FieldErrors } from './FormError';
import { Badge, Field } from '@/components/ui';
import { aiStyles as styles } from '../parts';
import { SOURCE_GATE, SOURCE_KEY, SOURCES, TEXT_MAX, TOPIC_MAX, type CreateWithAiGates, type FormValues, type SetField, type Source } from './form';

export function SourcePicker({ source, gates, onChange }: { source: Source; gates: CreateWithAiGates; onChange: (s: Source) => void }) {
  const t = useTranslations('ai');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('form.source')}</legend>
      <div className={styles.choices}>
        {SOURCES.map((s) => {
          const gateKey = SOURCE_GATE[s];
          const g = gateKey ? gates[gateKey] : null;
          return (
            <label key={s} className={styles.choice}>
              <input type="radio" name="ai-source" value={s} checked={source === s} onChange={() => onChange(s)} data-testid={`ai-source-${s}`} />
              {t(`form.${SOURCE_KEY[s]}`)}
              {g && !g.allowed ? (
                <Badge tone="brand">{t('form.planBadge', { plan: g.plan })}</Badge>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The fields of the chosen source. */
export function SourceFields({ values, set, errors }: { values: FormValues; set: SetField; errors: FieldErrors }) {
  const t = useTranslations('ai');
  const { source } = values;
  const { describedBy, invalidField } = errors;
  const hint = (id: string, text: string) => <span id={`${id}-hint`}>{text}</span>;
  const fileInput = (id: string, label: string, accept: string, onFile: (f: File | null) => void, hintText: string, required = true) => (
    <Field label={label} htmlFor={id} hint={hint(id, hintText)}>
      <input
        id={id}
        data-testid={id}
        type="file"
        accept={accept}
        required={required}
        className={styles.file}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        aria-describedby={describedBy(id)}
        aria-invalid={invalidField(id)}
      />
    </Field>
  );

  return source === 'topic' ? (
    <Field label={t('form.topic')} htmlFor="ai-topic" hint={hint('ai-topic', t('form.topicHint'))}>
      <input
        id="ai-topic"
        data-testid="ai-topic"
        value={values.topic}
        onChange={(e) => set('topic', e.target.value)}
        maxLength={TOPIC_MAX}
        required
        autoComplete="off"
        aria-describedby={describedBy('ai-topic')}
        aria-invalid={invalidField('ai-topic')}
      />
    </Field>
  ) : source === 'text' ? (
    <Field label={t('form.text')} htmlFor="ai-text" hint={hint('ai-text', t('form.textHint'))}>
      <textarea
        id="ai-text"
        data-testid="ai-text"
        value={values.text}
        onChange={(e) => set('text', e.target.value)}
        maxLength={TEXT_MAX}
        rows={8}
        required
        className={styles.textarea}
        aria-describedby={describedBy('ai-text')}
        aria-invalid={invalidField('ai-text')}
      />
    </Field>
  ) : source === 'url' ? (
    <Field label={t('form.url')} htmlFor="ai-url" hint={hint('ai-url', t('form.urlHint'))}>
      <input
        id="ai-url"
        data-testid="ai-url"
        type="url"
        inputMode="url"
        value={values.url}
        onChange={(e) => set('url', e.target.value)}
        maxLength={AI_LIMITS.url}
        required
        autoComplete="url"
        aria-describedby={describedBy('ai-url')}
        aria-invalid={invalidField('ai-url')}
      />
    </Field>
  ) : source === 'pdf' ? (
    <div className={styles.fieldGrid}>
      {fileInput('ai-pdf', t('form.pdf'), 'application/pdf,.pdf', (f) => set('pdf', f), t('form.pdfHint'))}
      <Field label={t('form.pages')} htmlFor="ai-pages" hint={hint('ai-pages', t('form.pagesHint'))}>
        <input
          id="ai-pages"
          data-testid="ai-pages"
          value={values.pages}
          onChange={(e) => set('pages', e.target.value)}
          maxLength={AI_LIMITS.pages}
          autoComplete="off"
          aria-describedby="ai-pages-hint"
        />
      </Field>
    </div>
  ) : source === 'image' ? (
    <div className={styles.fieldGrid}>
      {fileInput('ai-image', t('form.image'), 'image/png,image/jpeg,image/gif', (f) => set('image', f), t('form.imageHint'))}
      <Field label={t('form.imageTopic')} htmlFor="ai-image-topic">
        <input
          id="ai-image-topic"
          data-testid="ai-image-topic"
          value={values.imageTopic}
          onChange={(e) => set('imageTopic', e.target.value)}
          maxLength={TOPIC_MAX}
          autoComplete="off"
        />
      </Field>
    </div>
  ) : (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('form.videoFrom')}</legend>
        <div className={styles.choices}>
          {(['file', 'url'] as const).map((v) => (
            <label key={v} className={styles.choice}>
              <input type="radio" name="ai-video-from" value={v} checked={values.videoFrom === v} onChange={() => set('videoFrom', v)} data-testid={`ai-video-from-${v}`} />
              {v === 'file' ? t('form.videoFile') : t('form.videoLink')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.fieldGrid}>
        {values.videoFrom === 'file' ? (
          fileInput('ai-video', t('form.video'), 'video/mp4,video/webm,video/ogg', (f) => set('video', f), t('form.videoHint'))
        ) : (
          <Field label={t('form.videoUrl')} htmlFor="ai-video-url" hint={hint('ai-video-url', t('form.videoUrlHint'))}>
            <input
              id="ai-video-url"
              data-testid="ai-video-url"
              type="url"
              inputMode="url"
              value={values.videoUrl}
              onChange={(e) => set('videoUrl', e.target.value)}
              maxLength={AI_LIMITS.url}
              required
              autoComplete="off"
              aria-describedby={describedBy('ai-video-url')}
              aria-invalid={invalidField('ai-video-url')}
            />
          </Field>
        )}
        {fileInput('ai-captions', t('form.captions'), 'text/vtt,.vtt', (f) => set('captions', f), t('form.captionsHint'), false)}
        <Field label={t('form.videoTitle')} htmlFor="ai-video-title">
          <input
            id="ai-video-title"
            data-testid="ai-video-title"
            value={values.videoTitle}
            onChange={(e) => set('videoTitle', e.target.value)}
            maxLength={AI_LIMITS.title}
            autoComplete="off"
          />
        </Field>
      </div>
    </>
  );
}
