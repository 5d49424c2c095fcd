// The course view (issue 12, item 6): the LTI contexts of the caller's platforms, and per context its roster
// (NRPS, when the platform offers it; else the learners seen in launches) with each learner's results for the
// content launched in that course.
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { passbackText } from '@/lib/results';
import { mapRoles } from './claims';
import { learnerKeyOf } from './launch';
import { platformFor, visibleWhere, type Caller } from './platforms';
import { listMembers, memberSchema, type Member } from './services';

export const COURSE_NOT_FOUND = 'Course not found';

/** GET /lti/contexts: the courses of the caller's platforms */
export const contextRowSchema = z.object({
  platformId: z.string(),
  platformName: z.string(),
  contextId: z.string(),
  title: z.string().nullable(),
  label: z.string().nullable(),
  lastLaunchAt: z.string(),
  hasRoster: z.boolean(),
});

/** GET /lti/contexts/{platformId}/{contextId}: one course, its roster with each learner's results */
export const courseViewSchema = z.object({
  platform: z.object({ id: z.string(), name: z.string() }),
  context: z.object({ id: z.string(), title: z.string().nullable(), label: z.string().nullable(), lastLaunchAt: z.string() }),
  contents: z.array(z.object({ id: z.string(), title: z.string() })),
  rosterError: z.string().nullable(),
  members: z.array(
    memberSchema.extend({
      learnerKey: z.string(),
      attempts: z.array(
        z.object({
          contentId: z.string(),
          title: z.string().nullable(),
          score: z.number().nullable(),
          maxScore: z.number().nullable(),
          scaled: z.number().nullable(),
          completed: z.boolean(),
          finishedAt: z.string().nullable(),
          passback: z.string().nullable(),
        }),
      ),
    }),
  ),
});

export async function listContexts(c: Caller): Promise<z.infer<typeof contextRowSchema>[]> {
  const rows = await db().ltiContext.findMany({
    where: { platform: visibleWhere(c) },
    include: { platform: { select: { id: true, name: true } } },
    orderBy: { lastLaunchAt: 'desc' },
    take: 200,
  });
  return rows.map((r) => ({
    platformId: r.platformId,
    platformName: r.platform.name,
    contextId: r.contextId,
    title: r.title,
    label: r.label,
    lastLaunchAt: r.lastLaunchAt.toISOString(),
    hasRoster: !!r.nrpsUrl,
  }));
}

export async function courseView(c: Caller, platformId: string, contextId: string): Promise<z.infer<typeof courseViewSchema>> {
  const platform = await platformFor(c, platformId).catch(() => {
    throw new AppError(404, COURSE_NOT_FOUND);
  });
  const ctx = await db().ltiContext.findUnique({ where: { platformId_contextId: { platformId, contextId } } });
  if (!ctx) throw new AppError(404, COURSE_NOT_FOUND);
  const launches = await db().ltiLaunch.findMany({
    where: { platformId, contextId },
    select: { subject: true, name: true, email: true, roles: true, contentId: true, createdAt: true },
    orderBy: { createdAt: 'desc' },
    take: 5000,
  });
  const contentIds = [...new Set(launches.map((l) => l.contentId).filter((x): x is string => !!x))];
  let members: Member[] = [];
  let rosterError: string | null = null;
  if (ctx.nrpsUrl || platform.nrpsEndpoint) {
    try {
      members = (await listMembers(platform, contextId)).members;
    } catch (err) {
      rosterError = (err as Error).message;
      log.info({ platformId, err: rosterError }, 'LTI roster unavailable; showing the learners seen in launches');
    }
  } else rosterError = 'The platform offers no roster (Names and Role Provisioning Services)';
  // learners seen in launches who are not on the roster (or without a roster) are shown too
  const known = new Set(members.map((m) => m.userId));
  for (const l of launches) {
    if (known.has(l.subject)) continue;
    known.add(l.subject);
    members.push({ userId: l.subject, roles: mapRoles(l.roles), name: l.name, email: l.email, status: 'Seen in launches' });
  }
  const keys = members.map((m) => learnerKeyOf(platformId, m.userId));
  const attempts = contentIds.length
    ? await db().$queryRaw<
        { learner_key: string; content_id: string; title: string | null; score: number | null; max_score: number | null; scaled: number | null; completed: boolean; finished_at: Date | null; passback_status: string | null; passback_detail: string | null }[]
      >`
      SELECT a.learner_key, a.content_id, c.title, a.score, a.max_score, a.scaled, a.completed, a.finished_at, g.status AS passback_status, g.detail AS passback_detail
      FROM learning_attempts a LEFT JOIN h5p_contents c ON c.id = a.content_id LEFT JOIN grade_passback g ON g.attempt_id = a.id
      WHERE a.learner_key = ANY(${keys}::text[]) AND a.content_id = ANY(${contentIds}::text[]) AND a.kind = 'attempt'
      ORDER BY a.started_at DESC LIMIT 5000`
    : [];
  const byKey = new Map<string, typeof attempts>();
  for (const a of attempts) byKey.set(a.learner_key, [...(byKey.get(a.learner_key) ?? []), a]);
  const titles = new Map((await db().h5pContent.findMany({ where: { id: { in: contentIds } }, select: { id: true, title: true } })).map((t) => [t.id, t.title]));
  return {
    platform: { id: platform.id, name: platform.name },
    context: { id: ctx.contextId, title: ctx.title, label: ctx.label, lastLaunchAt: ctx.lastLaunchAt.toISOString() },
    contents: contentIds.map((id) => ({ id, title: titles.get(id) ?? id })),
    rosterError,
    members: members.map((m) => {
      const key = learnerKeyOf(platformId, m.userId);
      return {
        ...m,
        learnerKey: key,
        attempts: (byKey.get(key) ?? []).map((a) => ({
          contentId: a.content_id,
          title: a.title,
          score: a.score,
          maxScore: a.max_score,
          scaled: a.scaled,
          completed: a.completed,
          finishedAt: a.finished_at?.toISOString() ?? null,
          passback: passbackText(a.passback_status, a.passback_detail),
        })),
      };
    }),
  };
}
