import { adminTenant, addNode, LOCAL_ERR, localNodeSchema, nodeBody } from '@/lib/curriculum/local';
import { localFrameworkParams } from '@/lib/curriculum/schemas';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'add curriculum entry',
    auth: 'user',
    params: localFrameworkParams,
    body: nodeBody,
    summary: "Add a stage, grade, subject, unit, topic or objective to one of the school's frameworks (admin)",
    description: 'A grade names its stageCode; a unit its subjectCode and gradeCode; a topic also its unitCode; an objective also its topicCode.',
    tags: ['Curriculum'],
    status: 201,
    response: localNodeSchema,
    message: true,
    errors: [LOCAL_ERR.admin, LOCAL_ERR.noTenant, LOCAL_ERR.notFound, LOCAL_ERR.parentNotFound, LOCAL_ERR.nodeExists],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const node = await addNode(adminTenant(ctx.principal, user), ctx.params.id, ctx.body, user.id);
    return reply(node, { status: 201, message: 'Entry added' });
  },
);
