import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { isSuperAdmin } from '@/lib/auth/roles';
import { reply, requireUser, route } from '@/lib/http/route';
import {
  listUpgradeJobs,
  startUpgrade,
  startUpgradeBody,
  upgradableTypes,
  upgradableTypesSchema,
  upgradeJobSchema,
  upgradeScopeOf,
  UPGRADE_ERRORS,
} from '@/lib/h5p/upgrade';

export const dynamic = 'force-dynamic';

// GET: every installed content type with content in the admin's scope — items per version, the newest installed
// version, how many items an upgrade would reach — and the newest upgrade jobs.
export const GET = route(
  {
    action: 'list content upgrades',
    summary: 'Content versions per installed content type and the newest upgrade jobs (admin; a tenant admin sees their school)',
    tags: ['Admin'],
    response: upgradableTypesSchema.extend({ jobs: z.array(upgradeJobSchema) }),
    errors: [ADMIN_ERRORS.admin, UPGRADE_ERRORS.scope],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const user = requireUser(ctx);
    const superAdmin = isSuperAdmin(ctx.principal);
    const [overview, jobs] = await Promise.all([upgradableTypes(upgradeScopeOf(user, superAdmin)), listUpgradeJobs(user, superAdmin)]);
    return reply({ ...overview, jobs });
  },
);

// POST {machineName, toVersion?, dryRun?}: upgrades (or, with dryRun, only tries) every item in scope on an older
// version of the type to toVersion (default: the newest installed), as a job; 202 with the job to follow.
export const POST = route(
  {
    action: 'start content upgrade',
    body: startUpgradeBody,
    summary: "Upgrade a content type's items to an installed version, or try it (dryRun): a job with progress (admin)",
    description:
      "Runs the content type's own upgrades.js hooks on the server, in a sandbox, one item at a time. A dry run records what would change per item (a diff of the parameters) and writes nothing; a real run keeps a revision of every upgraded item (restorable) and leaves failed items untouched.",
    tags: ['Admin'],
    status: 202,
    response: upgradeJobSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin, UPGRADE_ERRORS.scope, UPGRADE_ERRORS.notInstalled, UPGRADE_ERRORS.nothing, UPGRADE_ERRORS.busy],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const job = await startUpgrade(requireUser(ctx), isSuperAdmin(ctx.principal), ctx.body);
    return reply(job, { status: 202, message: job.dryRun ? 'Dry run queued' : 'Upgrade queued' });
  },
);
