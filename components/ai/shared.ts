// What the AI pages share (components/ai/CreateWithAi.tsx, ContentAiActions.tsx, CollectionAiActions.tsx): the content types
// the AI writes with their names' catalog keys, Bloom's levels, the credits an answer reports, and the API's error
// texts as sentences for the user (catalog namespace `ai`).
import type { useTranslations } from 'next-intl';
import { MEDIA_TYPES, TOPIC_TYPES } from '@/lib/ai/types';

/** the types the AI writes from a topic, a text, a web page or a PDF (POST /api/ai/generate; remix) */
export const AI_TYPES = TOPIC_TYPES;
export type AiType = (typeof AI_TYPES)[number];
/** the types with a route of their own (branching scenario) or a fixed source (image, video) */
export const AI_MEDIA_TYPES = MEDIA_TYPES;
export type AiMediaType = (typeof AI_MEDIA_TYPES)[number];
export type AiTypeKey =
  | 'multiChoice'
  | 'trueFalse'
  | 'blanks'
  | 'dragText'
  | 'markTheWords'
  | 'singleChoiceSet'
  | 'questionSet'
  | 'dialogcards'
  | 'summary'
  | 'accordion'
  | 'coursePresentation'
  | 'branchingScenario'
  | 'imageHotspots'
  | 'interactiveVideo';
/** a type's name is `t(\`types.${AI_TYPE_KEY[type]}\`)` */
export const AI_TYPE_KEY: Record<AiType | AiMediaType, AiTypeKey> = {
  'H5P.MultiChoice': 'multiChoice',
  'H5P.TrueFalse': 'trueFalse',
  'H5P.Blanks': 'blanks',
  'H5P.DragText': 'dragText',
  'H5P.MarkTheWords': 'markTheWords',
  'H5P.SingleChoiceSet': 'singleChoiceSet',
  'H5P.QuestionSet': 'questionSet',
  'H5P.Dialogcards': 'dialogcards',
  'H5P.Summary': 'summary',
  'H5P.Accordion': 'accordion',
  'H5P.CoursePresentation': 'coursePresentation',
  'H5P.BranchingScenario': 'branchingScenario',
  'H5P.ImageHotspots': 'imageHotspots',
  'H5P.InteractiveVideo': 'interactiveVideo',
};
/** The name of a library (`H5P.X 1.2` or `H5P.X`) in the interface's language, else its machine name without `H5P.`. */
export function aiTypeName(t: AiTranslator, library: string): string {
  const machine = library.split(' ')[0] ?? '';
  const key = (AI_TYPE_KEY as Record<string, AiTypeKey | undefined>)[machine];
  return key ? t(`types.${key}`) : machine.replace(/^H5P\./, '');
}


export interface AiCredits {
  used: number;
  /** -1: unlimited */
  limit: number;
}

/** The AI generations left (Infinity when unlimited). */
export const creditsLeft = (c: AiCredits): number => (c.limit === -1 ? Infinity : Math.max(0, c.limit - c.used));

/** The credits after a 429 `AI generation limit reached`: all used. */
export const creditsUsedUp = (c: AiCredits): AiCredits => (c.limit === -1 ? c : { ...c, used: Math.max(c.used, c.limit) });

export type AiTranslator = ReturnType<typeof useTranslations<'ai'>>;

/** An error of the AI routes (or of saving content) as a sentence for the user. */
export function aiErrorText(t: AiTranslator, message: string): string {
  if (message === 'AI generation limit reached') return t('errors.limit');
  if (message === 'Monthly content quota exceeded') return t('errors.quota');
  if (message === 'AI provider returned invalid content') return t('errors.invalid');
  if (message.startsWith('AI provider is unavailable'))
    return t('errors.unavailable', { detail: message.replace(/^AI provider is unavailable:?\s*/, '') || message });
  if (message === 'AI generation is not configured') return t('errors.notConfigured');
  if (message === 'Teacher access required') return t('errors.teacher');
  if (message === 'Content not found') return t('errors.notFound');
  if (message === 'Too many requests. Please try again later.') return t('errors.rate');
  // a plan gate (403 feature_not_available): callApi passes on its sentence
  const plan = /^This feature requires the (.+) plan or higher$/.exec(message)?.[1];
  if (plan) return t('errors.plan', { plan });
  if (/^Content type .+ cannot be generated yet$/.test(message)) return t('errors.typeNotGenerable');
  const missing = /^Content type (\S+) is not installed$/.exec(message)?.[1];
  if (missing) return t('errors.notInstalled', { type: aiTypeName(t, missing) });
  if (message === 'File too large') return t('errors.fileTooLarge');
  if (message === 'Job not found') return t('errors.jobNotFound');
  return t('errors.generic', { error: message });
}
