import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { isSuperAdmin } from '@/lib/auth/roles';
import { reply, requireUser, route } from '@/lib/http/route';
import { cancelUpgrade, upgradeJobSchema, UPGRADE_ERRORS } from '@/lib/h5p/upgrade';

export const dynamic = 'force-dynamic';

const params = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });

// Stops a job between items (a queued one at once); the items already upgraded stay upgraded.
export const POST = route(
  {
    action: 'cancel content upgrade',
    params,
    summary: 'Stop an upgrade job between items; what was upgraded stays (admin)',
    tags: ['Admin'],
    response: upgradeJobSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin, UPGRADE_ERRORS.scope, UPGRADE_ERRORS.notFound],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    return reply(await cancelUpgrade(requireUser(ctx), isSuperAdmin(ctx.principal), ctx.params.jobId), { message: 'Upgrade stopping' });
  },
);
