// A learner's results for GDPR access and erasure (issue 11, item 3), for admins: a super admin sees every
// attempt; a tenant admin the attempts at content owned in their tenant, and every attempt of a user of their
// tenant. Erasure deletes the attempts (their statements, answers and outbox rows go with them), the learner's
// saved H5P state (h5p_content_user_data; an anonymous viewer's is kept under anon:<id>) and, for a user, the
// scores the H5P player stored for them (h5p_finished_data).
import { z } from 'zod';
import { audit } from '@/lib/log';
import { db, Prisma } from '@/lib/db/client';
import type { Reader } from '@/lib/h5p';
import { stateIdOf } from './statements';

/** SQL limiting attempts `a` to the admin's scope. */
function adminScope(reader: Reader): Prisma.Sql {
  if (reader.superAdmin) return Prisma.empty;
  const tenant = reader.tenantId ?? '00000000-0000-0000-0000-000000000000';
  return Prisma.sql`AND (EXISTS (SELECT 1 FROM content_ownership o JOIN users ou ON ou.id = o.user_id WHERE o.content_id = a.content_id AND ou.tenant_id = ${tenant}::uuid)
    OR EXISTS (SELECT 1 FROM users lu WHERE lu.id = a.user_id AND lu.tenant_id = ${tenant}::uuid))`;
}

const userIdOf = (key: string) => (key.startsWith('user:') ? key.slice(5) : null);

/** The id the learner's saved H5P state is kept under: a user's id, `anon:<id>` for an anonymous embed viewer, an LMS learner's key. */
const stateOwnerOf = (key: string) =>
  key.startsWith('user:') ? key.slice(5) : key.startsWith('anon:') ? key : key.startsWith('lti:') ? stateIdOf(key) : null;

/** An LMS learner's platform and subject (lti:<platform uuid>:<subject>), or null. */
function ltiLearnerOf(key: string): { platformId: string; subject: string } | null {
  const m = /^lti:([0-9a-f-]{36}):(.+)$/i.exec(key);
  return m ? { platformId: m[1]!.toLowerCase(), subject: m[2]! } : null;
}

/** The LMS launches of an LMS learner (name, e-mail, roles as the platform sent them), in the admin's scope. */
function ltiLaunchesWhere(reader: Reader, key: string): Prisma.LtiLaunchWhereInput | null {
  const lti = ltiLearnerOf(key);
  if (!lti) return null;
  return { platformId: lti.platformId, subject: lti.subject, ...(reader.superAdmin ? {} : { platform: { tenantId: reader.tenantId ?? '00000000-0000-0000-0000-000000000000' } }) };
}

/** SQL limiting saved state rows `d` to the admin's scope (content owned in their tenant, or a user of it). */
function stateScope(reader: Reader): Prisma.Sql {
  if (reader.superAdmin) return Prisma.empty;
  const tenant = reader.tenantId ?? '00000000-0000-0000-0000-000000000000';
  return Prisma.sql`AND (EXISTS (SELECT 1 FROM content_ownership o JOIN users ou ON ou.id = o.user_id WHERE o.content_id = d.content_id AND ou.tenant_id = ${tenant}::uuid)
    OR EXISTS (SELECT 1 FROM users lu WHERE lu.id::text = d.user_id AND lu.tenant_id = ${tenant}::uuid))`;
}

/** Everything stored about the learner's learning, in the admin's scope (attempts, answers and statements). */
export async function exportLearner(reader: Reader, learnerKey: string) {
  const attempts = await db().$queryRaw<Record<string, unknown>[]>`
    SELECT a.id, a.content_id, c.title AS content_title, a.learner_key, a.learner_name, a.source, a.kind, a.score, a.max_score, a.scaled, a.success,
           a.completed, a.duration_ms::float8 AS duration_ms, a.started_at, a.finished_at
    FROM learning_attempts a JOIN h5p_contents c ON c.id = a.content_id
    WHERE a.learner_key = ${learnerKey} ${adminScope(reader)} ORDER BY a.started_at`;
  const ids = attempts.map((a) => String(a.id));
  const owner = stateOwnerOf(learnerKey);
  const launchesWhere = ltiLaunchesWhere(reader, learnerKey);
  const [responses, statements, finished, savedState, ltiLaunches] = await Promise.all([
    ids.length ? db().attemptResponse.findMany({ where: { attemptId: { in: ids } }, orderBy: { answeredAt: 'asc' } }) : [],
    ids.length ? db().xapiStatement.findMany({ where: { attemptId: { in: ids } }, orderBy: { timestamp: 'asc' }, select: { statement: true } }) : [],
    userIdOf(learnerKey) && (reader.superAdmin || (await userInTenant(userIdOf(learnerKey)!, reader.tenantId)))
      ? db().h5pFinishedData.findMany({ where: { userId: userIdOf(learnerKey)! }, orderBy: { finishedTimestamp: 'asc' } })
      : [],
    owner
      ? db().$queryRaw<Record<string, unknown>[]>`SELECT d.content_id, d.data_type, d.sub_content_id, d.user_state, d.updated_at FROM h5p_content_user_data d WHERE d.user_id = ${owner} ${stateScope(reader)} ORDER BY d.updated_at`
      : [],
    launchesWhere
      ? db().ltiLaunch.findMany({
          where: launchesWhere,
          orderBy: { createdAt: 'asc' },
          select: { createdAt: true, messageType: true, name: true, email: true, roles: true, contextId: true, contextTitle: true, resourceLinkId: true, contentId: true },
        })
      : [],
  ]);
  return {
    learner: learnerKey,
    exportedAt: new Date().toISOString(),
    attempts,
    responses,
    statements: statements.map((s) => s.statement),
    savedState,
    ltiLaunches,
    playerScores: finished.map((f) => ({ contentId: f.contentId, score: f.score, maxScore: f.maxScore, finishedAt: new Date(Number(f.finishedTimestamp) * 1000).toISOString() })),
  };
}

async function userInTenant(userId: string, tenantId: string | null | undefined): Promise<boolean> {
  if (!tenantId) return false;
  const u = await db().user.findUnique({ where: { id: userId }, select: { tenantId: true } });
  return u?.tenantId === tenantId;
}

/** The counts of what an erasure deleted. */
export const erasedSchema = z.object({ attempts: z.number().int(), playerScores: z.number().int(), savedState: z.number().int(), ltiLaunches: z.number().int() });

/** Deletes the learner's results in the admin's scope; the counts of what went. */
export async function eraseLearner(reader: Reader, learnerKey: string, actorId: string | undefined): Promise<z.infer<typeof erasedSchema>> {
  const result = await db().$transaction(async (tx) => {
    const attempts = await tx.$executeRaw`DELETE FROM learning_attempts a WHERE a.learner_key = ${learnerKey} ${adminScope(reader)}`;
    const uid = userIdOf(learnerKey);
    const playerScores = uid && (reader.superAdmin || (await userInTenant(uid, reader.tenantId))) ? (await tx.h5pFinishedData.deleteMany({ where: { userId: uid } })).count : 0;
    const owner = stateOwnerOf(learnerKey);
    const savedState = owner ? await tx.$executeRaw`DELETE FROM h5p_content_user_data d WHERE d.user_id = ${owner} ${stateScope(reader)}` : 0;
    const launchesWhere = ltiLaunchesWhere(reader, learnerKey);
    const ltiLaunches = launchesWhere ? (await tx.ltiLaunch.deleteMany({ where: launchesWhere })).count : 0;
    return { attempts, playerScores, savedState, ltiLaunches };
  });
  audit(actorId, 'erase learner results', { learner: learnerKey, ...result });
  return result;
}
