import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { createBody, listQuery } from '@/lib/collections/schemas';
import { collectionViewSchema, createCollection, listCollections } from '@/lib/collections/service';

export const dynamic = 'force-dynamic';

const contract = { tags: ['Collections'], errors: [USER_ERR.notFound] };

export const POST = route(
  { ...contract, action: 'create collection', auth: 'teacher', body: createBody, summary: 'Create a collection', status: 201, response: collectionViewSchema },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await createCollection(user.id, ctx.body), { status: 201 });
  },
);

export const GET = route(
  {
    ...contract,
    action: 'list collections',
    auth: 'user',
    query: listQuery,
    summary: 'List own collections',
    description: 'Most recently updated first.',
    response: z.array(collectionViewSchema),
    extra: { total: z.number().int() },
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { data, total } = await listCollections(user.id, ctx.query.offset, ctx.query.limit);
    return reply(data, { extra: { total } });
  },
);
