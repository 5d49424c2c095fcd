import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { resultsReader } from '@/lib/results/analytics';
import { learnerKeyParams } from '@/lib/results/http';
import { erasedSchema, eraseLearner, exportLearner } from '@/lib/results/privacy';

export const dynamic = 'force-dynamic';

// GDPR access: everything stored about one learner's learning in the admin's scope, as a JSON download.
export const GET = route(
  {
    action: 'export learner results',
    params: learnerKeyParams,
    summary: "GDPR access: everything stored about one learner's learning in the admin's scope (admin)",
    tags: ['Results'],
    response: { kind: 'file', description: 'JSON download: attempts, responses, statements, savedState, ltiLaunches, playerScores', contentType: 'application/json' },
    errors: [ADMIN_ERRORS.admin],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const data = await exportLearner(await resultsReader(ctx.principal, ctx.user), ctx.params.learnerKey);
    return new Response(JSON.stringify({ success: true, data }, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="learner-${ctx.params.learnerKey.replace(/[^\w.-]+/g, '-')}.json"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
);

// GDPR erasure: deletes the learner's results in the admin's scope.
export const DELETE = route(
  {
    action: 'erase learner results',
    params: learnerKeyParams,
    summary: "GDPR erasure: delete one learner's results in the admin's scope (admin; audited)",
    description: 'data: the counts deleted.',
    tags: ['Results'],
    response: erasedSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const erased = await eraseLearner(await resultsReader(ctx.principal, ctx.user), ctx.params.learnerKey, ctx.user?.id);
    return reply(erased, { message: 'Learner results erased' });
  },
);
