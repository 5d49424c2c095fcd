// Read-only curriculum endpoints: active frameworks by name; everything below a framework by sequence;
// sync history newest first. Rows are mapped to the spec's field names (snake_case, "Curriculum hierarchy").
import { z } from 'zod';
import { config } from '@/lib/config';
import { localFramework, localFrameworkViews, localGrades, localObjectives, localStages, localSubjects, localTopics, localUnits } from './local';
import { db } from '@/lib/db/client';
import type {
  CurriculumFramework,
  CurriculumGrade,
  CurriculumObjective,
  CurriculumStage,
  CurriculumSubject,
  CurriculumSyncLog,
  CurriculumTopic,
  CurriculumUnit,
} from '@/lib/generated/prisma/client';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const dec = (d: { toNumber(): number } | null) => (d === null ? null : d.toNumber());

const str = z.string();
const optStr = z.string().nullable();
const int = z.number().int();

/** The API shapes of the curriculum hierarchy (the spec's snake_case names): the routes' response schemas. */
export const frameworkViewSchema = z.object({
  code: str,
  name: str,
  description: optStr,
  framework_type: optStr,
  country_code: optStr,
  organization: optStr,
  version: optStr,
  language: optStr,
  /** YYYY-MM-DD */
  valid_from: optStr,
  valid_until: optStr,
  is_active: z.boolean(),
  is_published: z.boolean(),
});
export const stageViewSchema = z.object({ framework_code: str, code: str, name: str, description: optStr, age_start: int.nullable(), age_end: int.nullable(), sequence: int });
export const gradeViewSchema = z.object({ framework_code: str, stage_code: str, code: str, name: str, typical_age: int.nullable(), sequence: int });
export const subjectViewSchema = z.object({ framework_code: str, code: str, name: str, description: optStr, icon: optStr, color: optStr, is_core: z.boolean(), sequence: int });
export const unitViewSchema = z.object({ framework_code: str, subject_code: str, grade_code: str, code: str, name: str, description: optStr, estimated_hours: z.number().nullable(), sequence: int });
export const topicViewSchema = z.object({
  framework_code: str,
  subject_code: str,
  grade_code: str,
  unit_code: str,
  code: str,
  name: str,
  description: optStr,
  base_difficulty: z.number().nullable(),
  estimated_minutes: int.nullable(),
  sequence: int,
});
export const objectiveViewSchema = z.object({
  framework_code: str,
  subject_code: str,
  grade_code: str,
  unit_code: str,
  topic_code: str,
  code: str,
  objective: str,
  bloom_level: optStr,
  mastery_threshold: z.number(),
  sequence: int,
});
export const syncLogViewSchema = z.object({
  id: int,
  framework_code: optStr,
  sync_type: str,
  status: str,
  items_synced: int,
  error_message: optStr,
  started_at: str,
  completed_at: optStr,
});

export const frameworkView = (f: CurriculumFramework): z.infer<typeof frameworkViewSchema> => ({
  code: f.code,
  name: f.name,
  description: f.description,
  framework_type: f.frameworkType,
  country_code: f.countryCode,
  organization: f.organization,
  version: f.version,
  language: f.language,
  valid_from: day(f.validFrom),
  valid_until: day(f.validUntil),
  is_active: f.isActive,
  is_published: f.isPublished,
});

export const stageView = (s: CurriculumStage): z.infer<typeof stageViewSchema> => ({
  framework_code: s.frameworkCode,
  code: s.code,
  name: s.name,
  description: s.description,
  age_start: s.ageStart,
  age_end: s.ageEnd,
  sequence: s.sequence,
});

export const gradeView = (g: CurriculumGrade): z.infer<typeof gradeViewSchema> => ({
  framework_code: g.frameworkCode,
  stage_code: g.stageCode,
  code: g.code,
  name: g.name,
  typical_age: g.typicalAge,
  sequence: g.sequence,
});

export const subjectView = (s: CurriculumSubject): z.infer<typeof subjectViewSchema> => ({
  framework_code: s.frameworkCode,
  code: s.code,
  name: s.name,
  description: s.description,
  icon: s.icon,
  color: s.color,
  is_core: s.isCore,
  sequence: s.sequence,
});

export const unitView = (u: CurriculumUnit): z.infer<typeof unitViewSchema> => ({
  framework_code: u.frameworkCode,
  subject_code: u.subjectCode,
  grade_code: u.gradeCode,
  code: u.code,
  name: u.name,
  description: u.description,
  estimated_hours: u.estimatedHours,
  sequence: u.sequence,
});

export const topicView = (t: CurriculumTopic): z.infer<typeof topicViewSchema> => ({
  framework_code: t.frameworkCode,
  subject_code: t.subjectCode,
  grade_code: t.gradeCode,
  unit_code: t.unitCode,
  code: t.code,
  name: t.name,
  description: t.description,
  base_difficulty: dec(t.baseDifficulty),
  estimated_minutes: t.estimatedMinutes,
  sequence: t.sequence,
});

export const objectiveView = (o: CurriculumObjective): z.infer<typeof objectiveViewSchema> => ({
  framework_code: o.frameworkCode,
  subject_code: o.subjectCode,
  grade_code: o.gradeCode,
  unit_code: o.unitCode,
  topic_code: o.topicCode,
  code: o.code,
  objective: o.objective,
  bloom_level: o.bloomLevel,
  mastery_threshold: o.masteryThreshold.toNumber(),
  sequence: o.sequence,
});

export const syncLogView = (l: CurriculumSyncLog): z.infer<typeof syncLogViewSchema> => ({
  id: l.id,
  framework_code: l.frameworkCode,
  sync_type: l.syncType,
  status: l.status,
  items_synced: l.itemsSynced,
  error_message: l.errorMessage,
  started_at: l.startedAt.toISOString(),
  completed_at: l.completedAt?.toISOString() ?? null,
});

const bySequence = [{ sequence: 'asc' as const }, { code: 'asc' as const }];

// The pickers' reads: the synced frameworks, and the caller's tenant's local ones (lib/curriculum/local.ts). A local
// framework whose code is also a synced one is the tenant's own: it is listed once, and its levels are read locally.

export async function listFrameworks(tenantId: string | null = null) {
  const [rows, local] = await Promise.all([
    db().curriculumFramework.findMany({ where: { isActive: true }, orderBy: [{ name: 'asc' }, { code: 'asc' }] }),
    localFrameworkViews(tenantId),
  ]);
  if (!local.length) return rows.map(frameworkView);
  const own = new Set(local.map((f) => f.code));
  return [...rows.filter((r) => !own.has(r.code)).map(frameworkView), ...local].sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
}

export async function listStages(frameworkCode: string, tenantId: string | null = null) {
  const local = await localFramework(tenantId, frameworkCode);
  if (local) return localStages(local);
  return (await db().curriculumStage.findMany({ where: { frameworkCode }, orderBy: bySequence })).map(stageView);
}

export async function listGrades(frameworkCode: string, stageCode: string, tenantId: string | null = null) {
  const local = await localFramework(tenantId, frameworkCode);
  if (local) return localGrades(local, stageCode);
  return (await db().curriculumGrade.findMany({ where: { frameworkCode, stageCode }, orderBy: bySequence })).map(gradeView);
}

export async function listSubjects(frameworkCode: string, tenantId: string | null = null) {
  const local = await localFramework(tenantId, frameworkCode);
  if (local) return localSubjects(local);
  return (await db().curriculumSubject.findMany({ where: { frameworkCode }, orderBy: bySequence })).map(subjectView);
}

export async function listUnits(frameworkCode: string, subjectCode: string, gradeCode: string, tenantId: string | null = null) {
  const local = await localFramework(tenantId, frameworkCode);
  if (local) return localUnits(local, subjectCode, gradeCode);
  return (await db().curriculumUnit.findMany({ where: { frameworkCode, subjectCode, gradeCode }, orderBy: bySequence })).map(unitView);
}

export async function listTopics(frameworkCode: string, subjectCode: string, gradeCode: string, unitCode: string, tenantId: string | null = null) {
  const local = await localFramework(tenantId, frameworkCode);
  if (local) return localTopics(local, subjectCode, gradeCode, unitCode);
  return (await db().curriculumTopic.findMany({ where: { frameworkCode, subjectCode, gradeCode, unitCode }, orderBy: bySequence })).map(topicView);
}

export async function listObjectives(frameworkCode: string, subjectCode: string, gradeCode: string, unitCode: string, topicCode: string, tenantId: string | null = null) {
  const local = await localFramework(tenantId, frameworkCode);
  if (local) return localObjectives(local, subjectCode, gradeCode, unitCode, topicCode);
  return (await db().curriculumObjective.findMany({ where: { frameworkCode, subjectCode, gradeCode, unitCode, topicCode }, orderBy: bySequence })).map(
    objectiveView,
  );
}

export async function syncHistory(limit: number) {
  const rows = await db().curriculumSyncLog.findMany({ orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take: limit });
  return rows.map(syncLogView);
}

/** Where the local curriculum stands, for pages that explain an empty picker: is a central service configured
 * (CURRICULUM_SERVICE_URL), and how many active frameworks have been synced. */
export interface CurriculumStatus {
  configured: boolean;
  /** active frameworks the caller can pick from: synced ones and their tenant's local ones */
  frameworks: number;
}

export async function curriculumStatus(tenantId: string | null = null): Promise<CurriculumStatus> {
  const [synced, local] = await Promise.all([
    db().curriculumFramework.count({ where: { isActive: true } }),
    tenantId ? db().localCurriculumFramework.count({ where: { tenantId } }) : Promise.resolve(0),
  ]);
  return { configured: Boolean(config().curriculumServiceUrl), frameworks: synced + local };
}
