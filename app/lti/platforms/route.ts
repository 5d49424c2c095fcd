import { reply, requireUser, route } from '@/lib/http/route';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { z } from 'zod';
import { listPlatforms, platformBody, PLATFORM_ERR, platformRowSchema, platformView, platformViewSchema, registerPlatform } from '@/lib/lti/platforms';

export const dynamic = 'force-dynamic';

const opts = { feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED } as const;

// Register a platform (upsert on issuer + client id: the caller's registration is updated).
export const POST = route({ ...opts, action: 'register platform', body: platformBody, status: 201, tags: ['LTI'], response: platformViewSchema, summary: 'Register a platform (upsert on issuer and client id)', errors: [PLATFORM_ERR.taken] }, async (ctx) => {
  const p = await registerPlatform({ user: requireUser(ctx), principal: ctx.principal }, ctx.body);
  return reply(platformView(p), { status: 201 });
});

// The caller's platforms with their figures (the settings page).
export const GET = route({ ...opts, action: 'list platforms', tags: ['LTI'], response: z.array(platformRowSchema), summary: 'The caller\'s platforms with last launch, launches this month and passback failures' }, async (ctx) =>
  reply(await listPlatforms({ user: requireUser(ctx), principal: ctx.principal })),
);
