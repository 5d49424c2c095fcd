import { listTopics } from '@/lib/curriculum/read';
import { topicParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get topics', auth: 'none', params: topicParams }, async (ctx) =>
  reply(await listTopics(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode, ctx.params.unitCode)),
);
