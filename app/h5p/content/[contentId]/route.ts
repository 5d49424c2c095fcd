import { z } from 'zod';
import { CONTENT_BODY_ERRORS, CONTENT_ERRORS, contentBodyDoc, contentInfoSchema, currentRevisionOf, deleteContent, getContentInfo, revisionReply, savedContentSchema, updateContent } from '@/lib/h5p/content/content';
import { baseFromIfMatch, REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { readerOf } from '@/lib/h5p/content/access';
import { anyBody, contentIdParams, jsonBodyDoc } from '@/lib/h5p/http/request';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

const contract = { tags: ['H5P content'] };

export const GET = route(
  {
    action: 'get content',
    auth: 'user',
    params: contentIdParams,
    ...contract,
    summary: 'Content details',
    description: 'Also answers the latest revision id as `currentRevision` and `ETag` (what a save names as its base).',
    response: contentInfoSchema,
    extra: { currentRevision: z.string().nullable() },
    errors: [CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const info = await getContentInfo(ctx.params.contentId, readerOf(ctx.principal, ctx.user));
    return reply(info, revisionReply(await currentRevisionOf(ctx.params.contentId)));
  },
);

export const PUT = route(
  {
    action: 'update content',
    auth: 'teacher',
    params: contentIdParams,
    body: anyBody,
    ...contract,
    summary: 'Update content (owner)',
    description:
      'Every save keeps a revision (note: optional, at most 500 characters). A save that names the revision it started from (`baseRevision` in the body, or `If-Match: "<revision id>"`) is refused with 409 when another save came after it; the envelope then carries `conflict` (revisionId, number, savedBy, savedAt). The new revision id comes back as `revisionId` and `ETag`.',
    requestBody: jsonBodyDoc(contentBodyDoc.extend({ baseRevision: z.string().optional(), note: z.string().max(500).optional() })),
    response: savedContentSchema,
    extra: { revisionId: z.string().nullable() },
    message: true,
    errors: [...CONTENT_BODY_ERRORS, CONTENT_ERRORS.updateForbidden, CONTENT_ERRORS.notFound, USER_ERR.notFound, REVISION_ERRORS.conflict],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const base = baseFromIfMatch(ctx.req.headers.get('if-match'));
    const { revisionId, ...data } = await updateContent(user, ctx.caller, ctx.params.contentId, ctx.body, base !== undefined ? { baseRevision: base } : {});
    return reply(data, { message: 'Content updated successfully', ...revisionReply(revisionId, 'revisionId') });
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
