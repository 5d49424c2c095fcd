// Read-only curriculum endpoints: active frameworks by name; everything below a framework by sequence;
// sync history newest first. Rows are mapped to the spec's field names (snake_case, "Curriculum hierarchy").
import { config } from '@/lib/config';
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

export const frameworkView = (f: CurriculumFramework) => ({
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

export const stageView = (s: CurriculumStage) => ({
  framework_code: s.frameworkCode,
  code: s.code,
  name: s.name,
  description: s.description,
  age_start: s.ageStart,
  age_end: s.ageEnd,
  sequence: s.sequence,
});

export const gradeView = (g: CurriculumGrade) => ({
  framework_code: g.frameworkCode,
  stage_code: g.stageCode,
  code: g.code,
  name: g.name,
  typical_age: g.typicalAge,
  sequence: g.sequence,
});

export const subjectView = (s: CurriculumSubject) => ({
  framework_code: s.frameworkCode,
  code: s.code,
  name: s.name,
  description: s.description,
  icon: s.icon,
  color: s.color,
  is_core: s.isCore,
  sequence: s.sequence,
});

export const unitView = (u: CurriculumUnit) => ({
  framework_code: u.frameworkCode,
  subject_code: u.subjectCode,
  grade_code: u.gradeCode,
  code: u.code,
  name: u.name,
  description: u.description,
  estimated_hours: u.estimatedHours,
  sequence: u.sequence,
});

export const topicView = (t: CurriculumTopic) => ({
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

export const objectiveView = (o: CurriculumObjective) => ({
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

export const syncLogView = (l: CurriculumSyncLog) => ({
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

export async function listFrameworks() {
  const rows = await db().curriculumFramework.findMany({ where: { isActive: true }, orderBy: [{ name: 'asc' }, { code: 'asc' }] });
  return rows.map(frameworkView);
}

export async function listStages(frameworkCode: string) {
  return (await db().curriculumStage.findMany({ where: { frameworkCode }, orderBy: bySequence })).map(stageView);
}

export async function listGrades(frameworkCode: string, stageCode: string) {
  return (await db().curriculumGrade.findMany({ where: { frameworkCode, stageCode }, orderBy: bySequence })).map(gradeView);
}

export async function listSubjects(frameworkCode: string) {
  return (await db().curriculumSubject.findMany({ where: { frameworkCode }, orderBy: bySequence })).map(subjectView);
}

export async function listUnits(frameworkCode: string, subjectCode: string, gradeCode: string) {
  return (await db().curriculumUnit.findMany({ where: { frameworkCode, subjectCode, gradeCode }, orderBy: bySequence })).map(unitView);
}

export async function listTopics(frameworkCode: string, subjectCode: string, gradeCode: string, unitCode: string) {
  return (await db().curriculumTopic.findMany({ where: { frameworkCode, subjectCode, gradeCode, unitCode }, orderBy: bySequence })).map(topicView);
}

export async function listObjectives(frameworkCode: string, subjectCode: string, gradeCode: string, unitCode: string, topicCode: string) {
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
  frameworks: number;
}

export async function curriculumStatus(): Promise<CurriculumStatus> {
  const frameworks = await db().curriculumFramework.count({ where: { isActive: true } });
  return { configured: Boolean(config().curriculumServiceUrl), frameworks };
}
