import { CONTENT_BODY_ERRORS, CONTENT_ERRORS, contentBodyDoc, contentInfoSchema, deleteContent, getContentInfo, savedContentSchema, updateContent } from '@/lib/h5p/content/content';
import { readerOf } from '@/lib/h5p/content/access';
import { anyBody, contentIdParams, jsonBodyDoc } from '@/lib/h5p/http/request';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

const contract = { tags: ['H5P content'] };

export const GET = route(
  { action: 'get content', auth: 'user', params: contentIdParams, ...contract, summary: 'Content details', response: contentInfoSchema, errors: [CONTENT_ERRORS.notFound] },
  async (ctx) => reply(await getContentInfo(ctx.params.contentId, readerOf(ctx.principal, ctx.user))),
);

export const PUT = route(
  {
    action: 'update content',
    auth: 'teacher',
    params: contentIdParams,
    body: anyBody,
    ...contract,
    summary: 'Update content (owner)',
    requestBody: jsonBodyDoc(contentBodyDoc),
    response: savedContentSchema,
    message: true,
    errors: [...CONTENT_BODY_ERRORS, CONTENT_ERRORS.updateForbidden, CONTENT_ERRORS.notFound, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const data = await updateContent(user, ctx.caller, ctx.params.contentId, ctx.body);
    return reply(data, { message: 'Content updated successfully' });
  },
);

export const DELETE = route(
  {
    action: 'delete content',
    auth: 'teacher',
    params: contentIdParams,
    ...contract,
    summary: 'Delete content and its files (owner)',
    response: NO_DATA,
    message: true,
    errors: [CONTENT_ERRORS.deleteForbidden, CONTENT_ERRORS.notFound, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    await deleteContent(user, ctx.params.contentId);
    return reply(undefined, { message: 'Content deleted successfully' });
  },
);
