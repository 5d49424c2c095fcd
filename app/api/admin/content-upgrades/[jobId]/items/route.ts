import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { isSuperAdmin } from '@/lib/auth/roles';
import { reply, requireUser, route } from '@/lib/http/route';
import { itemsQuery, upgradeItems, upgradeItemSchema, UPGRADE_ERRORS } from '@/lib/h5p/upgrade';

export const dynamic = 'force-dynamic';

const params = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });

// A page of a job's items, each with its result (upgraded, unchanged, failed and why) and what changed.
export const GET = route(
  {
    action: 'list content upgrade items',
    params,
    query: itemsQuery,
    summary: "A page of an upgrade job's items with each result and its parameter changes (admin); ?status= filters, ?after= pages",
    tags: ['Admin'],
    response: z.array(upgradeItemSchema),
    extra: { next: z.number().int().nullable() },
    errors: [ADMIN_ERRORS.admin, UPGRADE_ERRORS.scope, UPGRADE_ERRORS.notFound],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const { items, next } = await upgradeItems(requireUser(ctx), isSuperAdmin(ctx.principal), ctx.params.jobId, ctx.query);
    return reply(items, { extra: { next } });
  },
);
