import { z } from 'zod';
import { adminTenant, deleteFramework, frameworkPatch, frameworkTree, LOCAL_ERR, localNodeSchema, renameFramework } from '@/lib/curriculum/local';
import { localFrameworkParams } from '@/lib/curriculum/schemas';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const errors = [LOCAL_ERR.admin, LOCAL_ERR.noTenant, LOCAL_ERR.notFound];

export const GET = route(
  {
    action: 'get local framework',
    auth: 'user',
    params: localFrameworkParams,
    summary: "One of the school's frameworks with all its entries (admin)",
    tags: ['Curriculum'],
    response: z.object({ id: z.string(), code: z.string(), name: z.string(), description: z.string().nullable(), nodes: z.array(localNodeSchema) }),
    errors,
  },
  async (ctx) => reply(await frameworkTree(adminTenant(ctx.principal, requireUser(ctx)), ctx.params.id)),
);

export const PATCH = route(
  { action: 'rename local framework', auth: 'user', params: localFrameworkParams, body: frameworkPatch, summary: "Rename one of the school's frameworks (admin)", tags: ['Curriculum'], response: NO_DATA, message: true, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    await renameFramework(adminTenant(ctx.principal, user), ctx.params.id, ctx.body, user.id);
    return reply(undefined, { message: 'Framework renamed' });
  },
);

export const DELETE = route(
  { action: 'delete local framework', auth: 'user', params: localFrameworkParams, summary: "Delete one of the school's frameworks with its entries (admin)", description: 'Curriculum metadata already saved on content is kept.', tags: ['Curriculum'], response: NO_DATA, message: true, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    await deleteFramework(adminTenant(ctx.principal, user), ctx.params.id, user.id);
    return reply(undefined, { message: 'Framework deleted' });
  },
);
