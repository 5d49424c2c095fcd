import { USER_ERR } from '@/lib/auth/users';
import { readerOf } from '@/lib/h5p/content/access';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { idParams, updateBody } from '@/lib/collections/schemas';
import { COLLECTION_ERR, collectionDetail, collectionDetailSchema, deleteCollection, updateCollection } from '@/lib/collections/service';

export const dynamic = 'force-dynamic';

const tags = ['Collections'];
const ownerErrors = [USER_ERR.notFound, COLLECTION_ERR.notFound, COLLECTION_ERR.notOwner];

export const GET = route(
  {
    action: 'get collection detail',
    auth: 'user',
    params: idParams,
    summary: 'A collection with its items',
    description: "The owner's, or a public collection. Each item has a status: available, unavailable or restricted.",
    tags,
    response: collectionDetailSchema,
    errors: [USER_ERR.notFound, COLLECTION_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await collectionDetail(ctx.params.id, readerOf(ctx.principal, user)));
  },
);

export const PATCH = route(
  { action: 'update collection', auth: 'teacher', params: idParams, body: updateBody, summary: 'Update a collection (owner)', tags, response: NO_DATA, message: true, errors: ownerErrors },
  async (ctx) => {
    const user = requireUser(ctx);
    await updateCollection(ctx.params.id, user.id, ctx.body);
    return reply(undefined, { message: 'Collection updated' });
  },
);

export const DELETE = route(
  { action: 'delete collection', auth: 'teacher', params: idParams, summary: 'Delete a collection and its items (owner)', tags, response: NO_DATA, message: true, errors: ownerErrors },
  async (ctx) => {
    const user = requireUser(ctx);
    await deleteCollection(ctx.params.id, user.id);
    return reply(undefined, { message: 'Collection deleted' });
  },
);
