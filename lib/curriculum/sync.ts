// Synchronisation from the central curriculum service into the local curriculum tables.
// - the caller's bearer token is forwarded (lib/curriculum/client.ts, bounded timeouts);
// - upserts run in batches inside transactions (lib/curriculum/upsert.ts);
// - each sync writes a sync log entry: in_progress → completed | completed_with_errors;
// - a second sync of the same framework while one runs is refused (409), never interleaved: a Redis lock
//   (cache().setIfAbsent with a TTL longer than the bounded sync) guards each framework and the full list.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { cache } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { apiError, AppError, errorOf } from '@/lib/errors';
import { log } from '@/lib/log';
import { CurriculumServiceError, fetchFramework, fetchFrameworks } from './client';
import {
  upstreamFramework,
  upstreamGrade,
  upstreamObjective,
  upstreamStage,
  upstreamSubject,
  upstreamTopic,
  upstreamUnit,
} from './schemas';
import { upsertAll, type ItemError, type TableSpec } from './upsert';

const fw = z.object({ framework_code: z.string().min(1).max(100) });

export const TABLES = {
  framework: {
    entity: 'framework',
    table: 'curriculum_frameworks',
    columns: [
      ['code', 'varchar'],
      ['name', 'varchar'],
      ['description', 'text'],
      ['framework_type', 'varchar'],
      ['country_code', 'varchar'],
      ['organization', 'varchar'],
      ['version', 'varchar'],
      ['language', 'varchar'],
      ['valid_from', 'date'],
      ['valid_until', 'date'],
      ['is_active', 'boolean'],
      ['is_published', 'boolean'],
    ],
    key: ['code'],
    schema: upstreamFramework,
    values: (r) => [r.code, r.name, r.description, r.framework_type, r.country_code, r.organization, r.version, r.language, r.valid_from, r.valid_until, r.is_active, r.is_published],
  } satisfies TableSpec<z.output<typeof upstreamFramework>>,
  stage: {
    entity: 'stage',
    table: 'curriculum_stages',
    columns: [
      ['framework_code', 'varchar'],
      ['code', 'varchar'],
      ['name', 'varchar'],
      ['description', 'text'],
      ['age_start', 'int'],
      ['age_end', 'int'],
      ['sequence', 'int'],
    ],
    key: ['framework_code', 'code'],
    schema: upstreamStage.extend(fw.shape),
    values: (r) => [r.framework_code, r.code, r.name, r.description, r.age_start, r.age_end, r.sequence],
  } satisfies TableSpec<z.output<typeof upstreamStage> & { framework_code: string }>,
  grade: {
    entity: 'grade',
    table: 'curriculum_grades',
    columns: [
      ['framework_code', 'varchar'],
      ['stage_code', 'varchar'],
      ['code', 'varchar'],
      ['name', 'varchar'],
      ['typical_age', 'int'],
      ['sequence', 'int'],
    ],
    key: ['framework_code', 'code'],
    schema: upstreamGrade.extend(fw.shape),
    values: (r) => [r.framework_code, r.stage_code, r.code, r.name, r.typical_age, r.sequence],
  } satisfies TableSpec<z.output<typeof upstreamGrade> & { framework_code: string }>,
  subject: {
    entity: 'subject',
    table: 'curriculum_subjects',
    columns: [
      ['framework_code', 'varchar'],
      ['code', 'varchar'],
      ['name', 'varchar'],
      ['description', 'text'],
      ['icon', 'varchar'],
      ['color', 'varchar'],
      ['is_core', 'boolean'],
      ['sequence', 'int'],
    ],
    key: ['framework_code', 'code'],
    schema: upstreamSubject.extend(fw.shape),
    values: (r) => [r.framework_code, r.code, r.name, r.description, r.icon, r.color, r.is_core, r.sequence],
  } satisfies TableSpec<z.output<typeof upstreamSubject> & { framework_code: string }>,
  unit: {
    entity: 'unit',
    table: 'curriculum_units',
    columns: [
      ['framework_code', 'varchar'],
      ['subject_code', 'varchar'],
      ['grade_code', 'varchar'],
      ['code', 'varchar'],
      ['name', 'varchar'],
      ['description', 'text'],
      ['estimated_hours', 'float8'],
      ['sequence', 'int'],
    ],
    key: ['framework_code', 'subject_code', 'grade_code', 'code'],
    schema: upstreamUnit.extend(fw.shape),
    values: (r) => [r.framework_code, r.subject_code, r.grade_code, r.code, r.name, r.description, r.estimated_hours, r.sequence],
  } satisfies TableSpec<z.output<typeof upstreamUnit> & { framework_code: string }>,
  topic: {
    entity: 'topic',
    table: 'curriculum_topics',
    columns: [
      ['framework_code', 'varchar'],
      ['subject_code', 'varchar'],
      ['grade_code', 'varchar'],
      ['unit_code', 'varchar'],
      ['code', 'varchar'],
      ['name', 'varchar'],
      ['description', 'text'],
      ['base_difficulty', 'numeric'],
      ['estimated_minutes', 'int'],
      ['sequence', 'int'],
    ],
    key: ['framework_code', 'subject_code', 'grade_code', 'unit_code', 'code'],
    schema: upstreamTopic.extend(fw.shape),
    values: (r) => [r.framework_code, r.subject_code, r.grade_code, r.unit_code, r.code, r.name, r.description, r.base_difficulty, r.estimated_minutes, r.sequence],
  } satisfies TableSpec<z.output<typeof upstreamTopic> & { framework_code: string }>,
  objective: {
    entity: 'objective',
    table: 'curriculum_objectives',
    columns: [
      ['framework_code', 'varchar'],
      ['subject_code', 'varchar'],
      ['grade_code', 'varchar'],
      ['unit_code', 'varchar'],
      ['topic_code', 'varchar'],
      ['code', 'varchar'],
      ['objective', 'text'],
      ['bloom_level', 'varchar'],
      ['mastery_threshold', 'numeric'],
      ['sequence', 'int'],
    ],
    key: ['framework_code', 'subject_code', 'grade_code', 'unit_code', 'topic_code', 'code'],
    schema: upstreamObjective.extend(fw.shape),
    values: (r) => [r.framework_code, r.subject_code, r.grade_code, r.unit_code, r.topic_code, r.code, r.objective, r.bloom_level, r.mastery_threshold, r.sequence],
  } satisfies TableSpec<z.output<typeof upstreamObjective> & { framework_code: string }>,
} as const;

// ---------------------------------------------------------------- errors

export const FRAMEWORK_NOT_FOUND = 'Framework not found';
export const SYNC_ALL_BUSY = 'Sync of frameworks already in progress';
/** The sync routes' own errors. */
export const SYNC_ERR = {
  notFound: errorOf(404, FRAMEWORK_NOT_FOUND),
  allBusy: errorOf(409, SYNC_ALL_BUSY),
  /** thrown with AppError.filled(…, { code }) */
  frameworkBusy: apiError(409, 'sync_of_framework_already_in_progress', 'Sync of framework <code> already in progress'),
} as const;

const itemErrorSchema = z.object({ entity: z.string(), code: z.string(), error: z.string() });
/** The success data of POST /api/curriculum/sync/frameworks. */
export const syncFrameworksResultSchema = z.object({ synced: z.number().int(), errors: z.array(itemErrorSchema) });
/** The success data of POST /api/curriculum/sync/frameworks/{code}: the rows synced per level, and the items refused. */
export const syncFrameworkResultSchema = z.object({
  stages: z.number().int(),
  grades: z.number().int(),
  subjects: z.number().int(),
  units: z.number().int(),
  topics: z.number().int(),
  objectives: z.number().int(),
  errors: z.array(itemErrorSchema),
});

// ---------------------------------------------------------------- lock

/** Longer than any sync can run: every upstream call is bounded and batches have their own timeouts. */
const LOCK_TTL_MS = 10 * 60_000;

async function withLock<T>(key: string, busy: () => AppError, fn: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  if (!(await cache().setIfAbsent(key, token, LOCK_TTL_MS))) throw busy();
  try {
    return await fn();
  } finally {
    try {
      // release only our own lock (it may have expired and been taken by another sync)
      if ((await cache().get(key)) === token) await cache().del(key);
    } catch (err) {
      log.warn({ err, key }, 'could not release the curriculum sync lock (it expires by itself)');
    }
  }
}

export const lockKeys = {
  all: () => 'curriculum:sync:frameworks',
  framework: (code: string) => `curriculum:sync:framework:${code}`,
};

// ---------------------------------------------------------------- errors of the central service

/** The central service failed as a whole: 404 for an unknown framework, otherwise 500 with the reason. */
function upstreamError(err: unknown, action: string): unknown {
  if (err instanceof CurriculumServiceError) {
    if (err.kind === 'not_found') return new AppError(404, FRAMEWORK_NOT_FOUND);
    return new AppError(500, `Failed to ${action}`, { reason: err.message });
  }
  return err;
}

const summarise = (errors: ItemError[]) =>
  errors.length === 0
    ? null
    : `${errors.length} item(s) failed: ${errors
        .slice(0, 20)
        .map((e) => `${e.entity} ${e.code}: ${e.error}`)
        .join(' | ')}${errors.length > 20 ? ' | …' : ''}`.slice(0, 4000);

// ---------------------------------------------------------------- syncs

export type SyncFrameworksResult = z.infer<typeof syncFrameworksResultSchema>;

/** POST /api/curriculum/sync/frameworks: the framework list only (no children). */
export async function syncFrameworks(token: string | undefined): Promise<SyncFrameworksResult> {
  return withLock(lockKeys.all(), () => new AppError(409, SYNC_ALL_BUSY), async () => {
    const entry = await db().curriculumSyncLog.create({ data: { frameworkCode: null, syncType: 'frameworks', status: 'in_progress' } });
    try {
      const list = await fetchFrameworks(token);
      const { synced, errors } = await upsertAll(TABLES.framework, list);
      await db().curriculumSyncLog.update({
        where: { id: entry.id },
        data: { status: errors.length ? 'completed_with_errors' : 'completed', itemsSynced: synced, errorMessage: summarise(errors), completedAt: new Date() },
      });
      return { synced, errors };
    } catch (err) {
      await markFailed(entry.id, err);
      throw upstreamError(err, 'sync frameworks');
    }
  });
}

export type SyncFrameworkResult = z.infer<typeof syncFrameworkResultSchema>;

const listOf = (data: Record<string, unknown>, member: string): unknown[] => {
  const v = data[member];
  return Array.isArray(v) ? v : [];
};

/** POST /api/curriculum/sync/frameworks/:code: the framework and its whole hierarchy, with a sync log entry. */
export async function syncFramework(code: string, token: string | undefined): Promise<SyncFrameworkResult> {
  return withLock(lockKeys.framework(code), () => AppError.filled(SYNC_ERR.frameworkBusy, { code }), async () => {
    const entry = await db().curriculumSyncLog.create({ data: { frameworkCode: code, syncType: 'framework', status: 'in_progress' } });
    try {
      const data = await fetchFramework(code, token);
      const errors: ItemError[] = [];
      // the framework row itself: must be valid and be the one asked for
      const head = await upsertAll(TABLES.framework, [{ ...data, code }]);
      if (head.synced !== 1) {
        throw new CurriculumServiceError('bad_payload', `Curriculum service sent an invalid framework: ${head.errors.map((e) => e.error).join('; ')}`);
      }
      const fill = { framework_code: code };
      const stages = await upsertAll(TABLES.stage, listOf(data, 'stages'), fill);
      const grades = await upsertAll(TABLES.grade, listOf(data, 'grades'), fill);
      const subjects = await upsertAll(TABLES.subject, listOf(data, 'subjects'), fill);
      const units = await upsertAll(TABLES.unit, listOf(data, 'units'), fill);
      const topics = await upsertAll(TABLES.topic, listOf(data, 'topics'), fill);
      const objectives = await upsertAll(TABLES.objective, listOf(data, 'objectives'), fill);
      for (const part of [stages, grades, subjects, units, topics, objectives]) errors.push(...part.errors);
      const itemsSynced = 1 + stages.synced + grades.synced + subjects.synced + units.synced + topics.synced + objectives.synced;
      await db().curriculumSyncLog.update({
        where: { id: entry.id },
        data: { status: errors.length ? 'completed_with_errors' : 'completed', itemsSynced, errorMessage: summarise(errors), completedAt: new Date() },
      });
      return {
        stages: stages.synced,
        grades: grades.synced,
        subjects: subjects.synced,
        units: units.synced,
        topics: topics.synced,
        objectives: objectives.synced,
        errors,
      };
    } catch (err) {
      await markFailed(entry.id, err);
      throw upstreamError(err, 'sync framework');
    }
  });
}

/**
 * A sync that failed as a whole (service down, token refused, unknown framework) still closes its log
 * entry: the spec's states end in completed or completed_with_errors, so it ends in the latter with the reason.
 */
async function markFailed(id: number, err: unknown) {
  const reason = err instanceof Error ? err.message : String(err);
  try {
    await db().curriculumSyncLog.update({ where: { id }, data: { status: 'completed_with_errors', errorMessage: reason.slice(0, 4000), completedAt: new Date() } });
  } catch (e) {
    log.error({ err: e }, 'could not close the curriculum sync log entry');
  }
}
