import { z } from 'zod';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { deletePlatform, PLATFORM_ERR, platformPatch, platformView, platformViewSchema, updatePlatform } from '@/lib/lti/platforms';

export const dynamic = 'force-dynamic';

const opts = { feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, params: z.object({ platformId: z.uuid({ message: 'must be a UUID' }) }) } as const;

export const PATCH = route({ ...opts, action: 'update platform', body: platformPatch, tags: ['LTI'], response: platformViewSchema, summary: 'Edit a platform', errors: [PLATFORM_ERR.notFound, PLATFORM_ERR.taken] }, async (ctx) =>
  reply(platformView(await updatePlatform({ user: requireUser(ctx), principal: ctx.principal }, ctx.params.platformId, ctx.body))),
);

export const DELETE = route({ ...opts, action: 'delete platform', summary: 'Remove a platform with its launches and courses', tags: ['LTI'], response: NO_DATA, message: true, errors: [PLATFORM_ERR.notFound] }, async (ctx) => {
  await deletePlatform({ user: requireUser(ctx), principal: ctx.principal }, ctx.params.platformId);
  return reply(undefined, { message: 'Platform removed' });
});
