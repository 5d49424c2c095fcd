// Curriculum metadata of a content item (one row per content id): upsert (replaces), read, delete.
// Writes: the content's owner, an admin of the owner's tenant or a super_admin; anyone else 403. Content without
// an ownership record is open to any user, as H5P rule 3 treats it; unknown content is 404. Metadata rows
// outlive deleted content (H5P rule 4).
import { z } from 'zod';
import { CONTENT_NOT_FOUND, contentAccessFacts, mayManageContentData, type Reader } from '@/lib/h5p';
import { db } from '@/lib/db/client';
import type { ContentCurriculumMetadata } from '@/lib/generated/prisma/client';
import { AppError, errorOf } from '@/lib/errors';
import type { ContentMetadataInput } from './schemas';

export const NOT_OWNER = 'You do not own this content';
/** The metadata routes' own errors. */
export const METADATA_ERR = { notFound: errorOf(404, CONTENT_NOT_FOUND), notOwner: errorOf(403, NOT_OWNER) } as const;

const strings = z.array(z.string());
/** The API shape of a content item's curriculum metadata (the spec's snake_case names). */
export const metadataViewSchema = z.object({
  content_id: z.string(),
  framework_code: z.string(),
  framework_name: z.string(),
  country_code: z.string(),
  stage_code: z.string().nullable(),
  stage_name: z.string().nullable(),
  grade_code: z.string(),
  grade_name: z.string(),
  subject_code: z.string(),
  subject_name: z.string(),
  topic_codes: strings,
  topic_names: strings,
  objective_codes: strings,
  objective_descriptions: strings,
  difficulty: z.string(),
  language: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MetadataView = z.infer<typeof metadataViewSchema>;

export const metadataView = (m: ContentCurriculumMetadata): MetadataView => ({
  content_id: m.contentId,
  framework_code: m.frameworkCode,
  framework_name: m.frameworkName,
  country_code: m.countryCode,
  stage_code: m.stageCode,
  stage_name: m.stageName,
  grade_code: m.gradeCode,
  grade_name: m.gradeName,
  subject_code: m.subjectCode,
  subject_name: m.subjectName,
  topic_codes: m.topicCodes,
  topic_names: m.topicNames,
  objective_codes: m.objectiveCodes,
  objective_descriptions: m.objectiveDescriptions,
  difficulty: m.difficulty,
  language: m.language,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

async function assertMayWrite(contentId: string, caller: Reader) {
  const facts = await contentAccessFacts(contentId);
  if (!facts) throw new AppError(404, CONTENT_NOT_FOUND);
  if (!(await mayManageContentData(caller, facts))) throw new AppError(403, NOT_OWNER);
}

/** Saves (replaces) an item's metadata; without a framework only difficulty and language (the framework columns '' then). */
export async function saveMetadata(contentId: string, input: ContentMetadataInput, caller: Reader) {
  await assertMayWrite(contentId, caller);
  // every field is written on update too: an upsert replaces the previous metadata as a whole
  const data = {
    frameworkCode: input.frameworkCode ?? '',
    frameworkName: input.frameworkName ?? '',
    countryCode: input.countryCode ?? '',
    stageCode: input.stageCode ?? null,
    stageName: input.stageName ?? null,
    gradeCode: input.gradeCode ?? '',
    gradeName: input.gradeName ?? '',
    subjectCode: input.subjectCode ?? '',
    subjectName: input.subjectName ?? '',
    topicCodes: input.topicCodes,
    topicNames: input.topicNames,
    objectiveCodes: input.objectiveCodes,
    objectiveDescriptions: input.objectiveDescriptions,
    difficulty: input.difficulty,
    language: input.language,
  };
  await db().contentCurriculumMetadata.upsert({ where: { contentId }, create: { contentId, ...data }, update: data });
}

export async function getMetadata(contentId: string): Promise<MetadataView | null> {
  const row = await db().contentCurriculumMetadata.findUnique({ where: { contentId } });
  return row ? metadataView(row) : null;
}

export async function deleteMetadata(contentId: string, caller: Reader) {
  await assertMayWrite(contentId, caller);
  await db().contentCurriculumMetadata.deleteMany({ where: { contentId } });
}
