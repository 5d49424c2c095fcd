'use client';
// What "Create with AI" asks (components/ai/CreateWithAi.tsx): the sources and types with their plan gates and
// limits, the form's values in one reducer (useCreateForm) and what they allow (choicesOf).
import { useCallback, useReducer } from 'react';
import { AI_LIMITS, DIFFICULTIES } from '@/lib/ai/limits';
import type { BloomLevel } from '@/lib/content/blooms';
import { AI_TYPES, type AiType } from '../shared';
import type { CurriculumObjective } from './ObjectivePicker';

/** a plan-gated source or type: allowed, else the name of the plan that unlocks it */
export interface AiFeatureGate {
  allowed: boolean;
  plan: string;
}
export interface CreateWithAiGates {
  url: AiFeatureGate;
  pdf: AiFeatureGate;
  image: AiFeatureGate;
  video: AiFeatureGate;
  branching: AiFeatureGate;
}

export const SOURCES = ['topic', 'text', 'url', 'pdf', 'image', 'video'] as const;
export type Source = (typeof SOURCES)[number];
export const SOURCE_KEY = { topic: 'sourceTopic', text: 'sourceText', url: 'sourceUrl', pdf: 'sourcePdf', image: 'sourceImage', video: 'sourceVideo' } as const;
/** the plan gate of each gated source */
export const SOURCE_GATE: Partial<Record<Source, keyof CreateWithAiGates>> = { url: 'url', pdf: 'pdf', image: 'image', video: 'video' };
export const BRANCHING = 'branching';
export type TypeChoice = AiType | typeof BRANCHING;
export type Difficulty = (typeof DIFFICULTIES)[number];

export type CountKey =
  | 'blanks'
  | 'dragText'
  | 'markTheWords'
  | 'singleChoiceSet'
  | 'questionSet'
  | 'dialogcards'
  | 'summary'
  | 'accordion'
  | 'coursePresentation'
  | 'branching'
  | 'hotspots'
  | 'video';
/** the types whose size the number sets (questionCount), with their hint's key; multiple choice and true/false are one question */
const COUNTED: Partial<Record<TypeChoice, CountKey>> = {
  'H5P.Blanks': 'blanks',
  'H5P.DragText': 'dragText',
  'H5P.MarkTheWords': 'markTheWords',
  'H5P.SingleChoiceSet': 'singleChoiceSet',
  'H5P.QuestionSet': 'questionSet',
  'H5P.Dialogcards': 'dialogcards',
  'H5P.Summary': 'summary',
  'H5P.Accordion': 'accordion',
  'H5P.CoursePresentation': 'coursePresentation',
  branching: 'branching',
};
// the server's own limits (lib/ai/limits.ts), so the form refuses what the API would
const COUNT_MAX: Record<CountKey, number> = {
  blanks: AI_LIMITS.questionCount,
  dragText: AI_LIMITS.questionCount,
  markTheWords: AI_LIMITS.questionCount,
  singleChoiceSet: AI_LIMITS.questionCount,
  questionSet: AI_LIMITS.questionCount,
  dialogcards: AI_LIMITS.questionCount,
  summary: AI_LIMITS.questionCount,
  accordion: AI_LIMITS.questionCount,
  coursePresentation: AI_LIMITS.questionCount,
  branching: AI_LIMITS.branchingSteps,
  hotspots: AI_LIMITS.hotspots,
  video: AI_LIMITS.questionCount,
};
export const TOPIC_MAX = AI_LIMITS.topic;
export const TEXT_MAX = AI_LIMITS.text;

/** Everything the form holds: the source and its fields, the type and its options, the curriculum objective. */
export interface FormValues {
  source: Source;
  topic: string;
  text: string;
  url: string;
  pdf: File | null;
  pages: string;
  image: File | null;
  imageTopic: string;
  videoFrom: 'file' | 'url';
  video: File | null;
  videoUrl: string;
  captions: File | null;
  videoTitle: string;
  type: TypeChoice;
  count: string;
  language: string;
  difficulty: Difficulty;
  blooms: BloomLevel | '';
  objective: CurriculumObjective | null;
}
type FormAction = { [K in keyof FormValues]: { field: K; value: FormValues[K] } }[keyof FormValues];
export type SetField = <K extends keyof FormValues>(field: K, value: FormValues[K]) => void;

const initialValues = (language: string): FormValues => ({
  source: 'topic',
  topic: '',
  text: '',
  url: '',
  pdf: null,
  pages: '',
  image: null,
  imageTopic: '',
  videoFrom: 'file',
  video: null,
  videoUrl: '',
  captions: null,
  videoTitle: '',
  type: 'H5P.MultiChoice',
  count: '5',
  language,
  difficulty: 'medium',
  blooms: '',
  objective: null,
});

const formReducer = (state: FormValues, action: FormAction): FormValues =>
  Object.is(state[action.field], action.value) ? state : { ...state, [action.field]: action.value };

/** The form's values (`set` is stable: it can be handed to children and effects). */
export function useCreateForm(defaultLanguage: string) {
  const [values, dispatch] = useReducer(formReducer, defaultLanguage, initialValues);
  const set: SetField = useCallback((field, value) => dispatch({ field, value } as FormAction), []);
  return { values, set };
}

/** What the values allow: the source's or type's plan gate, the types offered and the number's meaning. */
export function choicesOf(v: FormValues, gates: CreateWithAiGates) {
  const { source, type } = v;
  const gateKey = SOURCE_GATE[source];
  const gate = gateKey ? gates[gateKey] : type === BRANCHING && (source === 'topic' || source === 'text') ? gates.branching : null;
  /** the types a source offers: a fixed one for an image or a video */
  const typeChoices: TypeChoice[] = source === 'topic' || source === 'text' ? [...AI_TYPES, BRANCHING] : [...AI_TYPES];
  const effectiveType: TypeChoice = typeChoices.includes(type) ? type : 'H5P.MultiChoice';
  const counted: CountKey | undefined = source === 'image' ? 'hotspots' : source === 'video' ? 'video' : COUNTED[effectiveType];
  return {
    gate,
    blocked: gate !== null && !gate.allowed,
    /** a PDF or a video runs as a job */
    isJob: source === 'pdf' || source === 'video',
    typeChoices,
    fixedType: source === 'image' ? 'H5P.ImageHotspots' : source === 'video' ? 'H5P.InteractiveVideo' : null,
    effectiveType,
    counted,
    max: counted ? COUNT_MAX[counted] : AI_LIMITS.questionCount,
  };
}
export type Choices = ReturnType<typeof choicesOf>;
