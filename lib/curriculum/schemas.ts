// Zod schemas of the curriculum feature: the central service's records (snake_case, spec "Curriculum
// hierarchy"), the metadata body of POST /api/curriculum/content/:contentId/metadata, and route params.
import { z } from 'zod';
import { BLOOM_LEVELS } from '@/lib/content/blooms';


const code = z.string().trim().min(1).max(100);
const name = z.string().trim().min(1).max(255);
const text = z.string().nullish().transform((v) => v ?? null);
const int = z.number().int().nullish().transform((v) => v ?? null);
const num = z.number().nullish().transform((v) => v ?? null);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO 8601 date')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date')
  .nullish()
  .transform((v) => (v ? v.slice(0, 10) : null));
const sequence = z.number().int().nullish().transform((v) => v ?? 0);

export const upstreamFramework = z.object({
  code,
  name,
  description: text,
  framework_type: z.enum(['national', 'international', 'regional', 'enrichment']).nullish().transform((v) => v ?? null),
  country_code: z.string().max(10).nullish().transform((v) => v ?? null),
  organization: z.string().max(255).nullish().transform((v) => v ?? null),
  version: z.string().max(50).nullish().transform((v) => v ?? null),
  language: z.string().max(10).nullish().transform((v) => v ?? null),
  valid_from: isoDate,
  valid_until: isoDate,
  is_active: z.boolean().nullish().transform((v) => v ?? true),
  is_published: z.boolean().nullish().transform((v) => v ?? false),
});

export const upstreamStage = z.object({
  code,
  name,
  description: text,
  age_start: int,
  age_end: int,
  sequence,
});

export const upstreamGrade = z.object({
  stage_code: code,
  code,
  name,
  typical_age: int,
  sequence,
});

export const upstreamSubject = z.object({
  code,
  name,
  description: text,
  icon: z.string().max(100).nullish().transform((v) => v ?? null),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour')
    .nullish()
    .transform((v) => v ?? null),
  is_core: z.boolean().nullish().transform((v) => v ?? false),
  sequence,
});

export const upstreamUnit = z.object({
  subject_code: code,
  grade_code: code,
  code,
  name,
  description: text,
  estimated_hours: num,
  sequence,
});

export const upstreamTopic = z.object({
  subject_code: code,
  grade_code: code,
  unit_code: code,
  code,
  name,
  description: text,
  base_difficulty: z.number().min(-999.99).max(999.99).nullish().transform((v) => v ?? null),
  estimated_minutes: int,
  sequence,
});

export const upstreamObjective = z.object({
  subject_code: code,
  grade_code: code,
  unit_code: code,
  topic_code: code,
  code,
  objective: z.string().trim().min(1),
  bloom_level: z.enum(BLOOM_LEVELS).nullish().transform((v) => v ?? null),
  mastery_threshold: z.number().min(0).max(1).nullish().transform((v) => v ?? 0.7),
  sequence,
});

export type UpstreamFramework = z.output<typeof upstreamFramework>;

// ---------------------------------------------------------------- API input

export const metadataBody = z.object({
  frameworkCode: z.string().min(1).max(100),
  frameworkName: z.string().min(1).max(255),
  countryCode: z.string().min(1).max(10),
  stageCode: z.string().max(100).optional(),
  stageName: z.string().max(255).optional(),
  gradeCode: z.string().min(1).max(100),
  gradeName: z.string().min(1).max(255),
  subjectCode: z.string().min(1).max(100),
  subjectName: z.string().min(1).max(255),
  topicCodes: z.array(z.string().max(100)).max(50).default([]),
  topicNames: z.array(z.string().max(255)).max(50).default([]),
  objectiveCodes: z.array(z.string().max(100)).max(200).default([]),
  objectiveDescriptions: z.array(z.string().max(500)).max(200).default([]),
  difficulty: z.string().max(50).default('medium'),
  language: z.string().max(10).default('en'),
});
export type MetadataInput = z.output<typeof metadataBody>;

/** The fields that name a framework, its grade and subject: given together, or (difficulty and language only) not at all. */
const FRAMEWORK_FIELDS = ['frameworkCode', 'frameworkName', 'countryCode', 'gradeCode', 'gradeName', 'subjectCode', 'subjectName'] as const;

/**
 * The body of POST /api/curriculum/content/:contentId/metadata: metadataBody, except that an item's difficulty and
 * language can be saved without any framework (issue 25 item 9). Once one framework field is given, all are required,
 * and topics or objectives need a framework.
 */
export const contentMetadataBody = metadataBody
  .partial({ frameworkCode: true, frameworkName: true, countryCode: true, gradeCode: true, gradeName: true, subjectCode: true, subjectName: true })
  .superRefine((m, ctx) => {
    const given = FRAMEWORK_FIELDS.filter((k) => m[k] !== undefined);
    if (given.length === 0) {
      if (m.topicCodes.length || m.objectiveCodes.length || m.stageCode) ctx.addIssue({ code: 'custom', path: ['frameworkCode'], message: 'Required with a stage, topics or objectives' });
      return;
    }
    for (const k of FRAMEWORK_FIELDS) if (m[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'Invalid input: expected string, received undefined' });
  });
export type ContentMetadataInput = z.output<typeof contentMetadataBody>;

const pathCode = z.string().min(1).max(100);
export const contentIdParams = z.object({ contentId: z.string().min(1).max(100) });
export const codeParams = z.object({ code: pathCode });
// Next.js needs one segment name per level: the framework code is `[code]` in every nested path.
export const stageParams = z.object({ code: pathCode, stageCode: pathCode });
export const unitParams = z.object({ code: pathCode, subjectCode: pathCode, gradeCode: pathCode });
export const topicParams = unitParams.extend({ unitCode: pathCode });
export const objectiveParams = topicParams.extend({ topicCode: pathCode });
export const historyQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

// ---------------------------------------------------------------- local frameworks (lib/curriculum/local.ts)

export const localFrameworkParams = z.object({ id: z.uuid() });
export const localNodeParams = z.object({ id: z.uuid(), nodeId: z.uuid() });
