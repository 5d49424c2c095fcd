import { readerOf } from '@/lib/h5p/content/access';
import { contentIdParams } from '@/lib/h5p/http/request';
import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { beat, editorsOf, presenceSchema } from '@/lib/h5p/revisions/presence';
import { assertHistoryReader, assertMayUpdate } from '@/lib/h5p/revisions/service';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const contract = { tags: ['H5P content'], response: presenceSchema };

// Who else has the item open in the editor now (issue 27 item 2: "Ana is editing"; a hint, nothing is locked).
export const GET = route(
  {
    action: 'read editors',
    auth: 'user',
    params: contentIdParams,
    ...contract,
    summary: 'Who is editing the item now (owner, tenant admin, super admin)',
    errors: [REVISION_ERRORS.contentNotFound],
  },
  async (ctx) => {
    await assertHistoryReader(readerOf(ctx.principal, ctx.user), ctx.params.contentId);
    return reply({ editors: await editorsOf(ctx.params.contentId, ctx.user?.id ?? null) });
  },
);

// An open editor's beat (every 20 s); answers who else is editing.
export const POST = route(
  {
    action: 'announce editor',
    auth: 'teacher',
    params: contentIdParams,
    ...contract,
    summary: 'The caller is editing the item (a beat every 20 s; owner); answers who else is',
    errors: [REVISION_ERRORS.contentNotFound, REVISION_ERRORS.updateForbidden, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    await assertMayUpdate(user, ctx.params.contentId);
    return reply({ editors: await beat(ctx.params.contentId, { id: user.id, name: user.name || user.email }) });
  },
);
