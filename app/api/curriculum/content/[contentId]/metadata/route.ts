import { deleteMetadata, getMetadata, METADATA_ERR, metadataViewSchema, saveMetadata } from '@/lib/curriculum/metadata';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { contentIdParams, contentMetadataBody } from '@/lib/curriculum/schemas';
import { readerOf } from '@/lib/h5p/content/access';

export const dynamic = 'force-dynamic';

export const POST = route({ action: 'save metadata', auth: 'user', params: contentIdParams, body: contentMetadataBody, summary: 'Attach curriculum metadata to content (replaces it)', description: 'Difficulty and language can be saved without a framework: then no framework, grade, subject, stage, topic or objective field is given, and the framework fields read back as empty strings.', tags: ['Curriculum'], response: NO_DATA, message: true, errors: [METADATA_ERR.notOwner, METADATA_ERR.notFound] }, async (ctx) => {
  const user = requireUser(ctx);
  await saveMetadata(ctx.params.contentId, ctx.body, readerOf(ctx.principal, user));
  return reply(undefined, { message: 'Curriculum metadata saved' });
});

export const GET = route({ action: 'get metadata', auth: 'none', params: contentIdParams, summary: 'Curriculum metadata of content', description: 'null when the content has none.', tags: ['Curriculum'], response: metadataViewSchema.nullable() }, async (ctx) => {
  return reply(await getMetadata(ctx.params.contentId));
});

export const DELETE = route({ action: 'delete metadata', auth: 'user', params: contentIdParams, summary: 'Remove the curriculum metadata of content', tags: ['Curriculum'], response: NO_DATA, message: true, errors: [METADATA_ERR.notOwner, METADATA_ERR.notFound] }, async (ctx) => {
  const user = requireUser(ctx);
  await deleteMetadata(ctx.params.contentId, readerOf(ctx.principal, user));
  return reply(undefined, { message: 'Curriculum metadata deleted' });
});
