// The request "Create with AI" sends for the form's values (components/ai/create/form.ts), or the field that
// refuses it: the same checks as the API's (lib/ai/limits.ts), so the user is told before anything is sent.
import { AI_LIMITS } from '@/lib/ai/limits';
import type { AiTranslator } from '../shared';
import { BRANCHING, type Choices, type FormValues } from './form';

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export interface CreateRequest {
  path: string;
  body: FormData | Record<string, unknown>;
  /** a job (PDF, video) rather than a draft */
  job: boolean;
}
export type Prepared = { request: CreateRequest } | { invalid: { field: string; message: string } };

/** The number of items asked for, within the type's limit (5 when the field holds no number). */
export const countOf = (v: FormValues, c: Choices): number => Math.min(c.max, Math.max(1, Math.round(Number(v.count)) || 5));

/** The request for the values, or the field that refuses them with its message. `n` is countOf(v, c). */
export function prepareRequest(v: FormValues, c: Choices, n: number, t: AiTranslator): Prepared {
  const { language, difficulty, blooms, objective } = v;
  const { counted, effectiveType } = c;
  const options = { language, difficulty, ...(blooms ? { bloomsLevel: blooms } : {}), ...(counted ? { questionCount: n } : {}) };
  const curriculum = objective ? { curriculum: { ...objective, difficulty, language } } : {};
  // multipart routes take the objective as JSON
  const curriculumJson = objective ? JSON.stringify(curriculum.curriculum) : null;
  const form = (fields: Record<string, string | Blob | null | undefined>) => {
    const f = new FormData();
    for (const [k, val] of Object.entries({ ...options, ...fields }) as [string, unknown][]) {
      if (val === null || val === undefined || val === '') continue;
      if (val instanceof File) f.append(k, val, val.name);
      else if (val instanceof Blob) f.append(k, val, k);
      else if (typeof val === 'string' || typeof val === 'number') f.append(k, String(val));
    }
    return f;
  };
  const invalid = (field: string, message: string): Prepared => ({ invalid: { field, message } });
  const ok = (path: string, body: CreateRequest['body'], job: boolean): Prepared => ({ request: { path, body, job } });
  const tooBig = (field: string, file: File, mb: number) => (file.size > mb * MB ? invalid(field, t('errors.tooBig', { name: file.name, max: mb })) : null);
  const httpUrl = (s: string) => /^https?:\/\/\S+$/i.test(s);
  switch (v.source) {
    case 'topic':
    case 'text': {
      const value = (v.source === 'topic' ? v.topic : v.text).trim();
      if (!value) return invalid(`ai-${v.source}`, v.source === 'topic' ? t('errors.topicRequired') : t('errors.textRequired'));
      const from = v.source === 'topic' ? { topic: value } : { text: value };
      if (effectiveType === BRANCHING) return ok('/api/ai/generate/branching-scenario', { ...from, ...options, ...curriculum, save: false }, false);
      return ok('/api/ai/generate', { contentType: effectiveType, ...from, ...options, ...curriculum, save: false }, false);
    }
    case 'url': {
      const value = v.url.trim();
      if (!value) return invalid('ai-url', t('errors.urlRequired'));
      if (!httpUrl(value)) return invalid('ai-url', t('errors.urlInvalid'));
      return ok('/api/ai/generate/url', { contentType: effectiveType, url: value, ...options, ...curriculum, save: false }, false);
    }
    case 'pdf':
      if (!v.pdf) return invalid('ai-pdf', t('errors.pdfRequired'));
      return (
        tooBig('ai-pdf', v.pdf, AI_LIMITS.pdfBytes / MB) ??
        ok('/api/ai/jobs/pdf', form({ file: v.pdf, contentType: effectiveType, pages: v.pages.trim(), curriculum: curriculumJson }), true)
      );
    case 'image':
      if (!v.image) return invalid('ai-image', t('errors.imageRequired'));
      if (v.image.type && !IMAGE_TYPES.includes(v.image.type)) return invalid('ai-image', t('errors.imageType'));
      return (
        tooBig('ai-image', v.image, AI_LIMITS.imageBytes / MB) ??
        ok('/api/ai/generate/image-hotspots', form({ image: v.image, topic: v.imageTopic.trim(), save: 'false', curriculum: curriculumJson }), false)
      );
    case 'video': {
      const captionsTooBig = v.captions && tooBig('ai-captions', v.captions, AI_LIMITS.captionsBytes / MB);
      if (captionsTooBig) return captionsTooBig;
      const rest = { captions: v.captions, title: v.videoTitle.trim(), curriculum: curriculumJson };
      if (v.videoFrom === 'url') {
        const value = v.videoUrl.trim();
        if (!httpUrl(value)) return invalid('ai-video-url', t('errors.videoUrlRequired'));
        return ok('/api/ai/jobs/video', form({ videoUrl: value, ...rest }), true);
      }
      if (!v.video) return invalid('ai-video', t('errors.videoRequired'));
      return tooBig('ai-video', v.video, (v.captions ? AI_LIMITS.videoBytes : AI_LIMITS.transcribeBytes) / MB) ?? ok('/api/ai/jobs/video', form({ video: v.video, ...rest }), true);
    }
  }
}
