import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { contentUsage, contentUsageQuery, contentUsageSchema } from '@/lib/h5p/content/usage';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'read content usage',
    auth: 'teacher',
    query: contentUsageQuery,
    tags: ['H5P content'],
    summary: "Whether own content items are public and how many collections hold each (what deleting them touches)",
    description: "One entry per named item the caller owns, in the order named; ids of other users' content or of no content are left out.",
    response: z.array(contentUsageSchema),
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await contentUsage(user.id, ctx.query.ids));
  },
);
