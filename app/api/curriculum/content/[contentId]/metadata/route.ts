import { deleteMetadata, getMetadata, saveMetadata } from '@/lib/curriculum/metadata';
import { contentIdParams, metadataBody } from '@/lib/curriculum/schemas';
import { readerOf } from '@/lib/h5p/content/access';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route({ action: 'save metadata', auth: 'user', params: contentIdParams, body: metadataBody }, async (ctx) => {
  const user = requireUser(ctx);
  await saveMetadata(ctx.params.contentId, ctx.body, readerOf(ctx.principal, user));
  return reply(undefined, { message: 'Curriculum metadata saved' });
});

export const GET = route({ action: 'get metadata', auth: 'none', params: contentIdParams }, async (ctx) => {
  return reply(await getMetadata(ctx.params.contentId));
});

export const DELETE = route({ action: 'delete metadata', auth: 'user', params: contentIdParams }, async (ctx) => {
  const user = requireUser(ctx);
  await deleteMetadata(ctx.params.contentId, readerOf(ctx.principal, user));
  return reply(undefined, { message: 'Curriculum metadata deleted' });
});
