// The mastery score of an exported package (SCORM 1.2/2004, cmi5; issue 23 items 9 and 10): the share of the
// maximum score a learner needs to pass. The author chooses it at export (`masteryScore`, a percentage 0–100);
// without a choice it is the content's own pass mark where its parameters carry one (Question Set's
// passPercentage, Single Choice Set's behaviour.passPercentage, Essay's behaviour.percentagePassing), else 100 %.
// It is written into the package's manifest (1.2 adlcp:masteryscore, 2004 imsss:minNormalizedMeasure, cmi5
// masteryScore) and decides passed/failed at run time, where the LMS's own value (1.2
// cmi.student_data.mastery_score, 2004 cmi.scaled_passing_score, cmi5 LMS.LaunchData masteryScore) overrides it.
import { z } from 'zod';
import { errorOf } from '@/lib/errors';

const MESSAGE = 'masteryScore must be a percentage from 0 to 100';
/** zod's refusal of a bad `masteryScore` (the export routes' query) */
export const MASTERY_SCORE_INVALID = errorOf(400, `Validation error: masteryScore: ${MESSAGE}`);

/** The export routes' query parameter: a percentage, up to two decimals (`?masteryScore=80`). */
export const masteryScoreParam = z
  .string({ error: MESSAGE })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: MESSAGE })
  .transform(Number)
  .refine((n) => n >= 0 && n <= 100, { error: MESSAGE })
  .optional();

const percent = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100 ? v : null);

/** The content's own pass mark (a percentage) where its parameters have one. */
export function contentPassMark(params: unknown): number | null {
  if (!params || typeof params !== 'object') return null;
  const p = params as { passPercentage?: unknown; behaviour?: { passPercentage?: unknown; percentagePassing?: unknown } };
  return percent(p.passPercentage) ?? percent(p.behaviour?.passPercentage) ?? percent(p.behaviour?.percentagePassing);
}

/** The package's mastery score as a percentage: the author's choice, else the content's pass mark, else 100. */
export function masteryPercent(chosen: number | undefined, params: unknown): number {
  return chosen ?? contentPassMark(params) ?? 100;
}

/** As a scaled value 0–1 with at most four decimals (cmi5 masteryScore, SCORM 2004 minNormalizedMeasure). */
export const scaled = (percentage: number) => Math.round(percentage * 100) / 10000;
