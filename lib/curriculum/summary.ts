// The curriculum and quality objects embedded in content listings (collections, marketplace).
import { z } from 'zod';
import type { ContentCurriculumMetadata } from '@/lib/generated/prisma/client';

export const curriculumSummarySchema = z.object({
  frameworkCode: z.string(),
  frameworkName: z.string(),
  stageCode: z.string().nullable(),
  stageName: z.string().nullable(),
  gradeCode: z.string(),
  gradeName: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  topicCodes: z.array(z.string()),
  topicNames: z.array(z.string()),
  difficulty: z.string(),
  language: z.string(),
});
export type CurriculumSummary = z.infer<typeof curriculumSummarySchema>;

type MetadataLike = Pick<
  ContentCurriculumMetadata,
  'frameworkCode' | 'frameworkName' | 'stageCode' | 'stageName' | 'gradeCode' | 'gradeName' | 'subjectCode' | 'subjectName' | 'topicCodes' | 'topicNames' | 'difficulty' | 'language'
>;

/** null without metadata, and for metadata without a framework (difficulty and language only), as curriculumFromColumns. */
export function curriculumSummary(m: MetadataLike | null | undefined): CurriculumSummary | null {
  if (!m || !m.frameworkCode) return null;
  return {
    frameworkCode: m.frameworkCode,
    frameworkName: m.frameworkName,
    stageCode: m.stageCode,
    stageName: m.stageName,
    gradeCode: m.gradeCode,
    gradeName: m.gradeName,
    subjectCode: m.subjectCode,
    subjectName: m.subjectName,
    topicCodes: m.topicCodes,
    topicNames: m.topicNames,
    difficulty: m.difficulty,
    language: m.language,
  };
}

/** The curriculum columns of content_curriculum_metadata as raw SQL returns them (null without metadata). */
export interface CurriculumColumns {
  framework_code: string | null;
  framework_name: string | null;
  stage_code: string | null;
  stage_name: string | null;
  grade_code: string | null;
  grade_name: string | null;
  subject_code: string | null;
  subject_name: string | null;
  topic_codes: string[] | null;
  topic_names: string[] | null;
  difficulty: string | null;
  language: string | null;
}

/** curriculumSummary of a raw SQL row that LEFT JOINed the metadata (null when the content has none). */
export function curriculumFromColumns(r: CurriculumColumns): CurriculumSummary | null {
  if (!r.framework_code) return null;
  return {
    frameworkCode: r.framework_code,
    frameworkName: r.framework_name ?? '',
    stageCode: r.stage_code,
    stageName: r.stage_name,
    gradeCode: r.grade_code ?? '',
    gradeName: r.grade_name ?? '',
    subjectCode: r.subject_code ?? '',
    subjectName: r.subject_name ?? '',
    topicCodes: r.topic_codes ?? [],
    topicNames: r.topic_names ?? [],
    difficulty: r.difficulty ?? 'medium',
    language: r.language ?? 'en',
  };
}

/** overallScore and the report's dimensions (open: each dimension as the quality report stored it). */
export const qualitySummarySchema = z.object({ overallScore: z.number(), dimensions: z.record(z.string(), z.unknown()) });
export type QualitySummary = z.infer<typeof qualitySummarySchema>;

/** overallScore and the report's dimensions (an object; {} when the report has none). */
export function qualitySummary(q: { overallScore: number; report: unknown } | null | undefined): QualitySummary | null {
  if (!q) return null;
  const dims = q.report && typeof q.report === 'object' ? (q.report as { dimensions?: unknown }).dimensions : undefined;
  return { overallScore: q.overallScore, dimensions: dims && typeof dims === 'object' && !Array.isArray(dims) ? (dims as Record<string, unknown>) : {} };
}
