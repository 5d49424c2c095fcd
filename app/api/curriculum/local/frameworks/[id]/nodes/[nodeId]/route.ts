import { adminTenant, deleteNode, LOCAL_ERR, nodePatch, renameNode } from '@/lib/curriculum/local';
import { localNodeParams } from '@/lib/curriculum/schemas';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const errors = [LOCAL_ERR.admin, LOCAL_ERR.noTenant, LOCAL_ERR.nodeNotFound];

export const PATCH = route(
  { action: 'rename curriculum entry', auth: 'user', params: localNodeParams, body: nodePatch, summary: "Rename an entry of one of the school's frameworks (admin)", tags: ['Curriculum'], response: NO_DATA, message: true, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    await renameNode(adminTenant(ctx.principal, user), ctx.params.id, ctx.params.nodeId, ctx.body, user.id);
    return reply(undefined, { message: 'Entry renamed' });
  },
);

export const DELETE = route(
  { action: 'remove curriculum entry', auth: 'user', params: localNodeParams, summary: "Remove an entry and everything under it from one of the school's frameworks (admin)", tags: ['Curriculum'], response: NO_DATA, message: true, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    await deleteNode(adminTenant(ctx.principal, user), ctx.params.id, ctx.params.nodeId, user.id);
    return reply(undefined, { message: 'Entry removed' });
  },
);
