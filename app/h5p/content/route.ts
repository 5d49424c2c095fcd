import { CONTENT_BODY_ERRORS, CONTENT_ERRORS, contentBodyDoc, createContent, revisionReply, savedContentSchema } from '@/lib/h5p/content/content';
import { CONTENT_LIST_ERRORS, contentListBatches, contentListExtra, contentListItemSchema, listContents, listContentsQuery } from '@/lib/h5p/content/content-list';
import { streamedEnvelope } from '@/lib/http/json-stream';
import { anyBody, jsonBodyDoc, languageCode } from '@/lib/h5p/http/request';
import { callerLocale } from '@/lib/i18n/config';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';
import { z } from 'zod';

export const dynamic = 'force-dynamic';

const contract = { tags: ['H5P content'] };

export const GET = route(
  {
    action: 'list content',
    auth: 'teacher',
    // `language`: the language of the type titles only (it filters nothing, and a cursor stays valid across it)
    query: listContentsQuery.extend({ language: languageCode.optional().describe("the language of `contentTypeTitle` (default: the caller's interface language)") }),
    ...contract,
    summary: 'List own content',
    description:
      "Content with curriculum, quality, visibility and viewCount; without `limit` every match (the array is streamed: written in batches as they are read, `total` after it). `contentTypeTitle` is in `language` where H5P ships a translation of the type's title (else the caller's interface language: their chosen language, the `locale` cookie, Accept-Language), else the installed library's English title.",
    response: z.array(contentListItemSchema),
    extra: contentListExtra,
    errors: [...CONTENT_LIST_ERRORS, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const locale = ctx.query.language ?? callerLocale(ctx.req.headers, user);
    if (ctx.query.limit === undefined) {
      // every item: written batch by batch in constant memory, `total` after the array (the same envelope)
      const { batches, total } = contentListBatches(user.id, ctx.query, locale);
      return streamedEnvelope({ batches, trailer: () => ({ total: total() }), item: contentListItemSchema, extra: { total: contentListExtra.total }, action: 'list content' });
    }
    const { data, total, nextCursor } = await listContents(user.id, ctx.query, locale);
    // nextCursor only when another page follows (a last or unpaged list keeps the spec's envelope exactly)
    return reply(data, { extra: nextCursor ? { total, nextCursor } : { total } });
  },
);

export const POST = route(
  {
    action: 'create content',
    auth: 'teacher',
    body: anyBody,
    ...contract,
    summary: 'Create content',
    status: 201,
    requestBody: jsonBodyDoc(contentBodyDoc),
    response: savedContentSchema,
    extra: { revisionId: z.string().nullable() },
    message: true,
    errors: [...CONTENT_BODY_ERRORS, CONTENT_ERRORS.quota, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { revisionId, ...data } = await createContent(user, ctx.caller, ctx.body);
    return reply(data, { status: 201, message: 'Content created successfully', ...revisionReply(revisionId, 'revisionId') });
  },
);
