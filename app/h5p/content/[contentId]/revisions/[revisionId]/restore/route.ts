import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { restoreBody, restoreResultSchema, restoreRevision, revisionParams } from '@/lib/h5p/revisions/service';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// A revision restored (issue 27 item 3): a new revision of kind restore; nothing is removed. Owner only, as an update.
export const POST = route(
  {
    action: 'restore revision',
    auth: 'teacher',
    params: revisionParams,
    body: restoreBody,
    tags: ['H5P content'],
    summary: 'Restore a revision as a new revision (owner)',
    description: "The item's parameters, metadata and files become the revision's; the new revision (kind restore) carries the note \"Restored revision <n>\" unless a note is given. Recorded in the tenant's audit log (revision.restore).",
    response: restoreResultSchema,
    message: true,
    errors: [REVISION_ERRORS.contentNotFound, REVISION_ERRORS.notFound, REVISION_ERRORS.updateForbidden, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const data = await restoreRevision(user, ctx.params.contentId, ctx.params.revisionId, ctx.body?.note);
    return reply(data, { message: `Revision ${data.restored.number} restored` });
  },
);
