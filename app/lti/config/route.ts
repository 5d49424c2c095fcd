import { reply, requireUser, route } from '@/lib/http/route';
import { ltiToolConfig, toolConfigSchema } from '@/lib/lti/config';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';

export const GET = route({ action: 'get LTI configuration', feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, summary: 'LTI 1.3 tool configuration', tags: ['LTI'], response: toolConfigSchema }, async (ctx) =>
  reply(await ltiToolConfig({ user: requireUser(ctx), principal: ctx.principal })),
);
