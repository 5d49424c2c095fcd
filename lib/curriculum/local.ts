// A school's own curriculum frameworks (issue 25 item 9), kept in PostgreSQL per tenant: imported from a file
// (lib/curriculum/local-import.ts) in one transaction, listed, renamed and deleted by the tenant's admins, their
// nodes added, renamed and removed; read by the pickers of that tenant's users beside the synced frameworks
// (lib/curriculum/read.ts). Every query carries the tenant; an account without a tenant has no local frameworks
// (a missing tenant is never "the same tenant").
import { z } from 'zod';
import { db, Prisma } from '@/lib/db/client';
import type { LocalCurriculumFramework, LocalCurriculumNode } from '@/lib/generated/prisma/client';
import { apiError, AppError, errorOf } from '@/lib/errors';
import { audit } from '@/lib/log';
import { ImportError, LEVELS, parseCurriculumFile, type FrameworkInput, type Level } from './local-import';
import type { frameworkViewSchema, gradeViewSchema, objectiveViewSchema, stageViewSchema, subjectViewSchema, topicViewSchema, unitViewSchema } from './read';

export const ADMIN_REQUIRED = 'Admin access required';
export const INVALID_FILE = 'Invalid curriculum file';
export const NO_TENANT = 'Local frameworks belong to a school: your account has no tenant';
export const LOCAL_FRAMEWORK_NOT_FOUND = 'Framework not found';
export const NODE_NOT_FOUND = 'Curriculum entry not found';
export const CODE_IN_USE = 'Framework code already used by the central curriculum';
export const NODE_EXISTS = 'An entry with this code already exists here';
export const PARENT_NOT_FOUND = 'The entry above this one does not exist';

/** The local framework routes' own errors. */
export const LOCAL_ERR = {
  admin: errorOf(403, ADMIN_REQUIRED),
  invalid: errorOf(400, INVALID_FILE, '<where>: <why>'),
  noTenant: errorOf(403, NO_TENANT),
  notFound: errorOf(404, LOCAL_FRAMEWORK_NOT_FOUND),
  nodeNotFound: errorOf(404, NODE_NOT_FOUND),
  codeInUse: errorOf(409, CODE_IN_USE, '<code>'),
  nodeExists: errorOf(409, NODE_EXISTS),
  parentNotFound: apiError(400, 'parent_not_found', `${PARENT_NOT_FOUND}: <level> <code>`),
} as const;

/**
 * The tenant whose local frameworks an admin manages: 403 Admin access required for a non-admin (from the admin
 * page's session or an API client's token), 403 for an admin whose account has no tenant.
 */
export function adminTenant(principal: { role: string } | null, user: { tenantId: string | null } | null): string {
  if (principal?.role !== 'admin') throw new AppError(403, ADMIN_REQUIRED);
  if (!user?.tenantId) throw new AppError(403, NO_TENANT);
  return user.tenantId;
}

// ---------------------------------------------------------------- views

export const localFrameworkSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  countryCode: z.string().nullable(),
  language: z.string().nullable(),
  counts: z.object({ stage: z.number(), grade: z.number(), subject: z.number(), unit: z.number(), topic: z.number(), objective: z.number() }),
  updatedAt: z.string(),
});
export type LocalFrameworkView = z.infer<typeof localFrameworkSchema>;

export const localNodeSchema = z.object({
  id: z.string(),
  level: z.enum(LEVELS),
  stageCode: z.string(),
  subjectCode: z.string(),
  gradeCode: z.string(),
  unitCode: z.string(),
  topicCode: z.string(),
  code: z.string(),
  name: z.string(),
  bloomLevel: z.string().nullable(),
  sequence: z.number(),
});
export type LocalNodeView = z.infer<typeof localNodeSchema>;

export const importResultSchema = z.object({
  frameworks: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), nodes: z.number(), replaced: z.boolean() })),
});

const emptyCounts = () => ({ stage: 0, grade: 0, subject: 0, unit: 0, topic: 0, objective: 0 });

const nodeView = (n: LocalCurriculumNode): LocalNodeView => ({
  id: n.id,
  level: n.level as Level,
  stageCode: n.stageCode,
  subjectCode: n.subjectCode,
  gradeCode: n.gradeCode,
  unitCode: n.unitCode,
  topicCode: n.topicCode,
  code: n.code,
  name: n.name,
  bloomLevel: n.bloomLevel,
  sequence: n.sequence,
});

// ---------------------------------------------------------------- import

/**
 * Imports the frameworks of a file into the tenant: all or nothing, in one transaction. A framework whose code the
 * tenant already has is replaced as a whole; a code of a synced (central) framework is refused (409).
 */
export async function importFrameworks(tenantId: string, userId: string, text: string, contentType: string) {
  let frameworks: FrameworkInput[];
  try {
    frameworks = parseCurriculumFile(text, contentType);
  } catch (err) {
    if (err instanceof ImportError) throw AppError.of(LOCAL_ERR.invalid, err.message);
    throw err;
  }
  const codes = frameworks.map((f) => f.code);
  const central = await db().curriculumFramework.findFirst({ where: { code: { in: codes } }, select: { code: true } });
  if (central) throw AppError.of(LOCAL_ERR.codeInUse, central.code);
  const result = await db().$transaction(
    async (tx) => {
      const out: { id: string; code: string; name: string; nodes: number; replaced: boolean }[] = [];
      for (const f of frameworks) {
        const removed = await tx.localCurriculumFramework.deleteMany({ where: { tenantId, code: f.code } });
        const row = await tx.localCurriculumFramework.create({
          data: { tenantId, code: f.code, name: f.name, description: f.description, countryCode: f.countryCode, language: f.language, createdBy: userId },
        });
        for (let i = 0; i < f.nodes.length; i += 1000) {
          await tx.localCurriculumNode.createMany({
            data: f.nodes.slice(i, i + 1000).map((n) => ({ ...n, details: n.details as Prisma.InputJsonValue, frameworkId: row.id })),
          });
        }
        out.push({ id: row.id, code: f.code, name: f.name, nodes: f.nodes.length, replaced: removed.count > 0 });
      }
      return out;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  audit(userId, 'import curriculum', { tenantId, frameworks: codes });
  return { frameworks: result };
}

// ---------------------------------------------------------------- admin: frameworks

export async function listLocalFrameworks(tenantId: string): Promise<LocalFrameworkView[]> {
  const rows = await db().localCurriculumFramework.findMany({ where: { tenantId }, orderBy: [{ name: 'asc' }, { code: 'asc' }] });
  if (!rows.length) return [];
  const counts = await db().localCurriculumNode.groupBy({
    by: ['frameworkId', 'level'],
    where: { frameworkId: { in: rows.map((r) => r.id) }, framework: { tenantId } },
    _count: { _all: true },
  });
  return rows.map((r) => {
    const c = emptyCounts();
    for (const g of counts) if (g.frameworkId === r.id && g.level in c) c[g.level as Level] = g._count._all;
    return { id: r.id, code: r.code, name: r.name, description: r.description, countryCode: r.countryCode, language: r.language, counts: c, updatedAt: r.updatedAt.toISOString() };
  });
}

async function ownFramework(tenantId: string, id: string): Promise<LocalCurriculumFramework> {
  const row = await db().localCurriculumFramework.findFirst({ where: { id, tenantId } });
  if (!row) throw new AppError(404, LOCAL_FRAMEWORK_NOT_FOUND);
  return row;
}

export const frameworkPatch = z.object({ name: z.string().trim().min(1).max(255), description: z.string().trim().max(2000).nullish() });

export async function renameFramework(tenantId: string, id: string, patch: z.infer<typeof frameworkPatch>, userId: string) {
  await ownFramework(tenantId, id);
  await db().localCurriculumFramework.updateMany({
    where: { id, tenantId },
    data: { name: patch.name, ...(patch.description !== undefined ? { description: patch.description || null } : {}) },
  });
  audit(userId, 'rename curriculum framework', { tenantId, id });
}

export async function deleteFramework(tenantId: string, id: string, userId: string) {
  const removed = await db().localCurriculumFramework.deleteMany({ where: { id, tenantId } });
  if (removed.count === 0) throw new AppError(404, LOCAL_FRAMEWORK_NOT_FOUND);
  audit(userId, 'delete curriculum framework', { tenantId, id });
}

/** A framework with all its nodes, for the admin's editor. */
export async function frameworkTree(tenantId: string, id: string) {
  const fw = await ownFramework(tenantId, id);
  const nodes = await db().localCurriculumNode.findMany({ where: { frameworkId: fw.id, framework: { tenantId } }, orderBy: [{ sequence: 'asc' }, { code: 'asc' }] });
  return { id: fw.id, code: fw.code, name: fw.name, description: fw.description, nodes: nodes.map(nodeView) };
}

// ---------------------------------------------------------------- admin: nodes

const code = z.string().trim().min(1).max(100);
const parent = z.string().trim().max(100).default('');
export const nodeBody = z
  .object({
    level: z.enum(LEVELS),
    code,
    name: z.string().trim().min(1).max(2000),
    stageCode: parent,
    subjectCode: parent,
    gradeCode: parent,
    unitCode: parent,
    topicCode: parent,
  })
  .superRefine((n, ctx) => {
    const needs: Record<Level, (keyof typeof n)[]> = {
      stage: [],
      grade: ['stageCode'],
      subject: [],
      unit: ['subjectCode', 'gradeCode'],
      topic: ['subjectCode', 'gradeCode', 'unitCode'],
      objective: ['subjectCode', 'gradeCode', 'unitCode', 'topicCode'],
    };
    for (const k of needs[n.level]) if (!n[k]) ctx.addIssue({ code: 'custom', path: [k], message: `required at the ${n.level} level` });
    if (n.level !== 'objective' && n.name.length > 255) ctx.addIssue({ code: 'custom', path: ['name'], message: 'at most 255 characters' });
  });
export const nodePatch = z.object({ name: z.string().trim().min(1).max(2000) });

/** The node a new node hangs under (none for stages and subjects). */
function parentOf(n: { level: Level; stageCode: string; subjectCode: string; gradeCode: string; unitCode: string; topicCode: string }) {
  switch (n.level) {
    case 'grade':
      return [{ level: 'stage' as const, code: n.stageCode }];
    case 'unit':
      return [
        { level: 'subject' as const, code: n.subjectCode },
        { level: 'grade' as const, code: n.gradeCode },
      ];
    case 'topic':
      return [{ level: 'unit' as const, code: n.unitCode, subjectCode: n.subjectCode, gradeCode: n.gradeCode }];
    case 'objective':
      return [{ level: 'topic' as const, code: n.topicCode, subjectCode: n.subjectCode, gradeCode: n.gradeCode, unitCode: n.unitCode }];
    default:
      return [];
  }
}

export async function addNode(tenantId: string, frameworkId: string, input: z.infer<typeof nodeBody>, userId: string): Promise<LocalNodeView> {
  await ownFramework(tenantId, frameworkId);
  for (const p of parentOf(input)) {
    const found = await db().localCurriculumNode.findFirst({ where: { frameworkId, framework: { tenantId }, ...p }, select: { id: true } });
    if (!found) throw AppError.filled(LOCAL_ERR.parentNotFound, { level: p.level, code: p.code });
  }
  // the parent codes a level does not have stay '' (the unique key relies on it)
  const keep: Record<Level, string[]> = { stage: [], grade: ['stageCode'], subject: [], unit: ['subjectCode', 'gradeCode'], topic: ['subjectCode', 'gradeCode', 'unitCode'], objective: ['subjectCode', 'gradeCode', 'unitCode', 'topicCode'] };
  const codes = Object.fromEntries(['stageCode', 'subjectCode', 'gradeCode', 'unitCode', 'topicCode'].map((k) => [k, keep[input.level].includes(k) ? input[k as 'stageCode'] : '']));
  // grades are unique in a framework whatever their stage
  const key = { frameworkId, level: input.level, subjectCode: codes.subjectCode!, gradeCode: codes.gradeCode!, unitCode: codes.unitCode!, topicCode: codes.topicCode!, code: input.code };
  const last = await db().localCurriculumNode.aggregate({ where: { frameworkId, framework: { tenantId } }, _max: { sequence: true } });
  try {
    const row = await db().localCurriculumNode.create({ data: { ...key, stageCode: codes.stageCode!, name: input.name, sequence: (last._max.sequence ?? 0) + 1 } });
    await db().localCurriculumFramework.updateMany({ where: { id: frameworkId, tenantId }, data: { updatedAt: new Date() } });
    audit(userId, 'add curriculum entry', { tenantId, frameworkId, level: input.level, code: input.code });
    return nodeView(row);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new AppError(409, NODE_EXISTS);
    throw err;
  }
}

async function ownNode(tenantId: string, frameworkId: string, nodeId: string) {
  const node = await db().localCurriculumNode.findFirst({ where: { id: nodeId, frameworkId, framework: { tenantId } } });
  if (!node) throw new AppError(404, NODE_NOT_FOUND);
  return node;
}

export async function renameNode(tenantId: string, frameworkId: string, nodeId: string, patch: z.infer<typeof nodePatch>, userId: string) {
  const node = await ownNode(tenantId, frameworkId, nodeId);
  if (node.level !== 'objective' && patch.name.length > 255) throw new AppError(400, 'Validation error: name: at most 255 characters');
  await db().localCurriculumNode.updateMany({ where: { id: nodeId, frameworkId, framework: { tenantId } }, data: { name: patch.name } });
  audit(userId, 'rename curriculum entry', { tenantId, frameworkId, nodeId });
}

/** Removes a node and everything under it (a stage its grades and their units …), in one transaction. */
export async function deleteNode(tenantId: string, frameworkId: string, nodeId: string, userId: string) {
  const n = await ownNode(tenantId, frameworkId, nodeId);
  const scope = { frameworkId, framework: { tenantId } };
  const below: Prisma.LocalCurriculumNodeWhereInput[] = [{ id: n.id }];
  switch (n.level) {
    case 'stage': {
      const grades = await db().localCurriculumNode.findMany({ where: { ...scope, level: 'grade', stageCode: n.code }, select: { code: true } });
      const g = grades.map((x) => x.code);
      below.push({ level: 'grade', stageCode: n.code }, { level: { in: ['unit', 'topic', 'objective'] }, gradeCode: { in: g } });
      break;
    }
    case 'grade':
      below.push({ level: { in: ['unit', 'topic', 'objective'] }, gradeCode: n.code });
      break;
    case 'subject':
      below.push({ level: { in: ['unit', 'topic', 'objective'] }, subjectCode: n.code });
      break;
    case 'unit':
      below.push({ level: { in: ['topic', 'objective'] }, subjectCode: n.subjectCode, gradeCode: n.gradeCode, unitCode: n.code });
      break;
    case 'topic':
      below.push({ level: 'objective', subjectCode: n.subjectCode, gradeCode: n.gradeCode, unitCode: n.unitCode, topicCode: n.code });
      break;
  }
  await db().localCurriculumNode.deleteMany({ where: { ...scope, OR: below } });
  audit(userId, 'remove curriculum entry', { tenantId, frameworkId, level: n.level, code: n.code });
}

// ---------------------------------------------------------------- the pickers' reads

/** The tenant's local framework of a code (null for a caller without a tenant or an unknown code). */
export async function localFramework(tenantId: string | null, code: string) {
  if (!tenantId) return null;
  return db().localCurriculumFramework.findFirst({ where: { tenantId, code } });
}

export async function localFrameworkViews(tenantId: string | null): Promise<z.infer<typeof frameworkViewSchema>[]> {
  if (!tenantId) return [];
  const rows = await db().localCurriculumFramework.findMany({ where: { tenantId } });
  return rows.map((f) => ({
    code: f.code,
    name: f.name,
    description: f.description,
    framework_type: null,
    country_code: f.countryCode,
    organization: null,
    version: null,
    language: f.language,
    valid_from: null,
    valid_until: null,
    is_active: true,
    is_published: false,
  }));
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const details = (n: LocalCurriculumNode) => (n.details && typeof n.details === 'object' && !Array.isArray(n.details) ? (n.details as Record<string, unknown>) : {});

async function nodes(fw: LocalCurriculumFramework, where: Prisma.LocalCurriculumNodeWhereInput) {
  return db().localCurriculumNode.findMany({ where: { frameworkId: fw.id, framework: { tenantId: fw.tenantId }, ...where }, orderBy: [{ sequence: 'asc' }, { code: 'asc' }] });
}

export async function localStages(fw: LocalCurriculumFramework): Promise<z.infer<typeof stageViewSchema>[]> {
  return (await nodes(fw, { level: 'stage' })).map((n) => ({
    framework_code: fw.code,
    code: n.code,
    name: n.name,
    description: n.description,
    age_start: int(details(n).age_start),
    age_end: int(details(n).age_end),
    sequence: n.sequence,
  }));
}

export async function localGrades(fw: LocalCurriculumFramework, stageCode: string): Promise<z.infer<typeof gradeViewSchema>[]> {
  return (await nodes(fw, { level: 'grade', stageCode })).map((n) => ({
    framework_code: fw.code,
    stage_code: n.stageCode,
    code: n.code,
    name: n.name,
    typical_age: int(details(n).typical_age),
    sequence: n.sequence,
  }));
}

export async function localSubjects(fw: LocalCurriculumFramework): Promise<z.infer<typeof subjectViewSchema>[]> {
  return (await nodes(fw, { level: 'subject' })).map((n) => ({
    framework_code: fw.code,
    code: n.code,
    name: n.name,
    description: n.description,
    icon: strOrNull(details(n).icon),
    color: strOrNull(details(n).color),
    is_core: details(n).is_core === true,
    sequence: n.sequence,
  }));
}

export async function localUnits(fw: LocalCurriculumFramework, subjectCode: string, gradeCode: string): Promise<z.infer<typeof unitViewSchema>[]> {
  return (await nodes(fw, { level: 'unit', subjectCode, gradeCode })).map((n) => ({
    framework_code: fw.code,
    subject_code: n.subjectCode,
    grade_code: n.gradeCode,
    code: n.code,
    name: n.name,
    description: n.description,
    estimated_hours: num(details(n).estimated_hours),
    sequence: n.sequence,
  }));
}

export async function localTopics(fw: LocalCurriculumFramework, subjectCode: string, gradeCode: string, unitCode: string): Promise<z.infer<typeof topicViewSchema>[]> {
  return (await nodes(fw, { level: 'topic', subjectCode, gradeCode, unitCode })).map((n) => ({
    framework_code: fw.code,
    subject_code: n.subjectCode,
    grade_code: n.gradeCode,
    unit_code: n.unitCode,
    code: n.code,
    name: n.name,
    description: n.description,
    base_difficulty: num(details(n).base_difficulty),
    estimated_minutes: int(details(n).estimated_minutes),
    sequence: n.sequence,
  }));
}

export async function localObjectives(
  fw: LocalCurriculumFramework,
  subjectCode: string,
  gradeCode: string,
  unitCode: string,
  topicCode: string,
): Promise<z.infer<typeof objectiveViewSchema>[]> {
  return (await nodes(fw, { level: 'objective', subjectCode, gradeCode, unitCode, topicCode })).map((n) => ({
    framework_code: fw.code,
    subject_code: n.subjectCode,
    grade_code: n.gradeCode,
    unit_code: n.unitCode,
    topic_code: n.topicCode,
    code: n.code,
    objective: n.name,
    bloom_level: n.bloomLevel,
    mastery_threshold: num(details(n).mastery_threshold) ?? 0.7,
    sequence: n.sequence,
  }));
}
