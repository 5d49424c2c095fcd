// What the AI pages share (components/ai/CreateWithAi.tsx, components/ai/ContentAiActions.tsx): the content types
// the AI writes with their names' catalog keys, Bloom's levels, the credits an answer reports, and the API's error
// texts as sentences for the user (catalog namespace `ai`).
import type { useTranslations } from 'next-intl';

export const AI_TYPES = ['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.DragText', 'H5P.MarkTheWords'] as const;
export type AiType = (typeof AI_TYPES)[number];
export type AiTypeKey = 'multiChoice' | 'trueFalse' | 'blanks' | 'dragText' | 'markTheWords';
/** a type's name is `t(\`types.${AI_TYPE_KEY[type]}\`)` */
export const AI_TYPE_KEY: Record<AiType, AiTypeKey> = {
  'H5P.MultiChoice': 'multiChoice',
  'H5P.TrueFalse': 'trueFalse',
  'H5P.Blanks': 'blanks',
  'H5P.DragText': 'dragText',
  'H5P.MarkTheWords': 'markTheWords',
};

export const BLOOMS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export type BloomsLevel = (typeof BLOOMS)[number];

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
  return t('errors.generic', { error: message });
}
