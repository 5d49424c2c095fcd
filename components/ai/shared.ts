// What the AI pages share (components/ai/CreateWithAi.tsx, ContentAiActions.tsx, CollectionAiActions.tsx): the content types
// the AI writes with their names' catalog keys, Bloom's levels, the credits an answer reports, and the API's
// errors as sentences for the user, chosen by their machine code (catalog namespace `ai`).
import type { useTranslations } from 'next-intl';
import { ApiCallError } from '@/components/shared/api';
import { AI_ERROR_CODES, AI_ERROR_CODE_SHAPES } from '@/lib/ai/error-codes';
import { MEDIA_TYPES, TOPIC_TYPES } from '@/lib/ai/types';
import { errorCodeOf } from '@/lib/errors/catalogue';

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


/** an AI action the caller's plan has (allowed), else the name of the plan that unlocks it */
export interface AiToolGate {
  allowed: boolean;
  plan: string;
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

/** The setter of the credits a page shows (a React state setter's updater form). */
export type SetCredits = (f: (c: AiCredits) => AiCredits) => void;

/** A refused AI call as a sentence for the user; past the generation limit the credits shown are all used. */
export function aiFailure(t: AiTranslator, err: unknown, setCredits: SetCredits): string {
  if (aiErrorCode(err) === AI_ERROR_CODES.limit) setCredits(creditsUsedUp);
  return aiErrorText(t, err);
}

/**
 * An error's machine code: the one the server named (X-Error-Code, carried by ApiCallError). A text without one —
 * an item's error recorded in a job, an answer that carried no header — gets the code the server derives from its
 * texts (lib/errors errorCodeOf); any other error (a network failure) has none.
 */
export function aiErrorCode(err: unknown): string {
  if (err instanceof ApiCallError) return err.code || errorCodeOf(err.message);
  return typeof err === 'string' ? errorCodeOf(err) : '';
}

const messageOf = (err: unknown): string => (typeof err === 'string' ? err : err instanceof Error ? err.message : String(err));

/**
 * An error of the AI routes (or of saving content) as a sentence for the user, chosen by its machine code
 * (lib/ai/error-codes.ts); the text supplies only the details (a plan's name, a type, a provider's reason). `err` is
 * what a call threw (ApiCallError) or a text the server recorded (a job's item). Anything else: its own text.
 */
export function aiErrorText(t: AiTranslator, err: unknown): string {
  const message = messageOf(err);
  const code = aiErrorCode(err);
  switch (code) {
    case AI_ERROR_CODES.limit:
      return t('errors.limit');
    case AI_ERROR_CODES.quota:
      return t('errors.quota');
    case AI_ERROR_CODES.invalid:
      return t('errors.invalid');
    case AI_ERROR_CODES.unavailable:
      // the provider's reason follows the text after a colon
      return t('errors.unavailable', { detail: message.replace(/^[^:]*:?\s*/, '') || message });
    case AI_ERROR_CODES.notConfigured:
      return t('errors.notConfigured');
    case AI_ERROR_CODES.teacher:
      return t('errors.teacher');
    case AI_ERROR_CODES.notFound:
      return t('errors.notFound');
    case AI_ERROR_CODES.rate:
      return t('errors.rate');
    case AI_ERROR_CODES.plan: {
      // a plan gate: callApi passes on the envelope's sentence, which names the plan
      const plan = /^This feature requires the (.+) plan or higher$/.exec(message)?.[1];
      if (plan) return t('errors.plan', { plan });
      break;
    }
    case AI_ERROR_CODES.fileTooLarge:
      return t('errors.fileTooLarge');
    case AI_ERROR_CODES.jobNotFound:
      return t('errors.jobNotFound');
  }
  if (AI_ERROR_CODE_SHAPES.typeNotGenerable.test(code)) return t('errors.typeNotGenerable');
  if (AI_ERROR_CODE_SHAPES.notInstalled.test(code)) {
    const missing = /^Content type (\S+) is not installed$/.exec(message)?.[1];
    if (missing) return t('errors.notInstalled', { type: aiTypeName(t, missing) });
  }
  return t('errors.generic', { error: message });
}
