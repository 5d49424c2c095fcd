import { z } from 'zod';
import { revisionReply } from '@/lib/h5p/content/content';
import { RIGHTS_ERRORS, rightsBody, rightsResultSchema, updateRights } from '@/lib/h5p/content/rights';
import { baseFromIfMatch, REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

export const PATCH = route(
  {
    action: 'update rights of use',
    auth: 'teacher',
    params: contentIdParams,
    body: rightsBody,
    tags: ['H5P content'],
    summary: "Edit the item's rights of use: licence, authors, source, years, change log (owner or editor)",
    description:
      "H5P's licence metadata, any subset (a member left out keeps its value). A save like PUT /h5p/content/:id: it keeps a revision (kind edit, note \"Rights of use changed\"), takes a base revision (`baseRevision` or `If-Match`; 409 when another save came after it) and leaves the parameters and files as they are. The new revision id comes back as `revisionId` and `ETag`.",
    response: rightsResultSchema,
    extra: { revisionId: z.string().nullable() },
    message: true,
    errors: [RIGHTS_ERRORS.unknownLicence, RIGHTS_ERRORS.version, RIGHTS_ERRORS.year, RIGHTS_ERRORS.source, RIGHTS_ERRORS.authors, RIGHTS_ERRORS.changes, USER_ERR.notFound, RIGHTS_ERRORS.updateForbidden, RIGHTS_ERRORS.notFound, REVISION_ERRORS.conflict],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const base = baseFromIfMatch(ctx.req.headers.get('if-match'));
    const { revisionId, ...data } = await updateRights(user, ctx.caller, ctx.params.contentId, ctx.body, base !== undefined ? { baseRevision: base } : {});
    return reply(data, { message: 'Rights of use updated', ...revisionReply(revisionId, 'revisionId') });
  },
);
