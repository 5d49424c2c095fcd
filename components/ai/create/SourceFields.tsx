'use client';
// The source of "Create with AI": the choice (a topic, a pasted text, a web page, a PDF, an image or a video; a
// source the plan lacks shows its plan's badge) and the chosen source's fields.
import { useTranslations } from 'next-intl';
import { AI_LIMITS } from '@/lib/ai/limits';
import type { FieldErrors } from './FormError';
import {
  FIELD_GRID,
  FILE,
  GROUP,
  LEGEND,
  RADIO_LABEL,
  SOURCE_GATE,
  SOURCE_KEY,
  SOURCES,
  TEXTAREA,
  TEXT_MAX,
  TOPIC_MAX,
  type CreateWithAiGates,
  type FormValues,
  type SetField,
  type Source,
} from './form';

export function SourcePicker({ source, gates, onChange }: { source: Source; gates: CreateWithAiGates; onChange: (s: Source) => void }) {
  const t = useTranslations('ai');
  return (
    <fieldset style={GROUP}>
      <legend style={LEGEND}>{t('form.source')}</legend>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
        {SOURCES.map((s) => {
          const gateKey = SOURCE_GATE[s];
          const g = gateKey ? gates[gateKey] : null;
          return (
            <label key={s} style={RADIO_LABEL}>
              <input type="radio" name="ai-source" value={s} checked={source === s} onChange={() => onChange(s)} data-testid={`ai-source-${s}`} />
              {t(`form.${SOURCE_KEY[s]}`)}
              {g && !g.allowed ? (
                <span className="plan-badge" style={{ textTransform: 'none' }}>
                  {t('form.planBadge', { plan: g.plan })}
                </span>
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
  const fileInput = (id: string, label: string, accept: string, onFile: (f: File | null) => void, hint: string, required = true) => (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={id}
        type="file"
        accept={accept}
        required={required}
        style={FILE}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        aria-describedby={describedBy(id)}
        aria-invalid={invalidField(id)}
      />
      <small id={`${id}-hint`} className="muted">
        {hint}
      </small>
    </div>
  );

  return source === 'topic' ? (
    <div>
      <label htmlFor="ai-topic">{t('form.topic')}</label>
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
      <small id="ai-topic-hint" className="muted">
        {t('form.topicHint')}
      </small>
    </div>
  ) : source === 'text' ? (
    <div>
      <label htmlFor="ai-text">{t('form.text')}</label>
      <textarea
        id="ai-text"
        data-testid="ai-text"
        value={values.text}
        onChange={(e) => set('text', e.target.value)}
        maxLength={TEXT_MAX}
        rows={8}
        required
        style={TEXTAREA}
        aria-describedby={describedBy('ai-text')}
        aria-invalid={invalidField('ai-text')}
      />
      <small id="ai-text-hint" className="muted">
        {t('form.textHint')}
      </small>
    </div>
  ) : source === 'url' ? (
    <div>
      <label htmlFor="ai-url">{t('form.url')}</label>
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
      <small id="ai-url-hint" className="muted" style={{ overflowWrap: 'anywhere' }}>
        {t('form.urlHint')}
      </small>
    </div>
  ) : source === 'pdf' ? (
    <div style={FIELD_GRID}>
      {fileInput('ai-pdf', t('form.pdf'), 'application/pdf,.pdf', (f) => set('pdf', f), t('form.pdfHint'))}
      <div>
        <label htmlFor="ai-pages">{t('form.pages')}</label>
        <input
          id="ai-pages"
          data-testid="ai-pages"
          value={values.pages}
          onChange={(e) => set('pages', e.target.value)}
          maxLength={AI_LIMITS.pages}
          autoComplete="off"
          aria-describedby="ai-pages-hint"
        />
        <small id="ai-pages-hint" className="muted">
          {t('form.pagesHint')}
        </small>
      </div>
    </div>
  ) : source === 'image' ? (
    <div style={FIELD_GRID}>
      {fileInput('ai-image', t('form.image'), 'image/png,image/jpeg,image/gif', (f) => set('image', f), t('form.imageHint'))}
      <div>
        <label htmlFor="ai-image-topic">{t('form.imageTopic')}</label>
        <input
          id="ai-image-topic"
          data-testid="ai-image-topic"
          value={values.imageTopic}
          onChange={(e) => set('imageTopic', e.target.value)}
          maxLength={TOPIC_MAX}
          autoComplete="off"
        />
      </div>
    </div>
  ) : (
    <>
      <fieldset style={GROUP}>
        <legend style={LEGEND}>{t('form.videoFrom')}</legend>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
          {(['file', 'url'] as const).map((v) => (
            <label key={v} style={RADIO_LABEL}>
              <input type="radio" name="ai-video-from" value={v} checked={values.videoFrom === v} onChange={() => set('videoFrom', v)} data-testid={`ai-video-from-${v}`} />
              {v === 'file' ? t('form.videoFile') : t('form.videoLink')}
            </label>
          ))}
        </div>
      </fieldset>
      <div style={FIELD_GRID}>
        {values.videoFrom === 'file' ? (
          fileInput('ai-video', t('form.video'), 'video/mp4,video/webm,video/ogg', (f) => set('video', f), t('form.videoHint'))
        ) : (
          <div>
            <label htmlFor="ai-video-url">{t('form.videoUrl')}</label>
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
            <small id="ai-video-url-hint" className="muted">
              {t('form.videoUrlHint')}
            </small>
          </div>
        )}
        {fileInput('ai-captions', t('form.captions'), 'text/vtt,.vtt', (f) => set('captions', f), t('form.captionsHint'), false)}
        <div>
          <label htmlFor="ai-video-title">{t('form.videoTitle')}</label>
          <input
            id="ai-video-title"
            data-testid="ai-video-title"
            value={values.videoTitle}
            onChange={(e) => set('videoTitle', e.target.value)}
            maxLength={AI_LIMITS.title}
            autoComplete="off"
          />
        </div>
      </div>
    </>
  );
}
