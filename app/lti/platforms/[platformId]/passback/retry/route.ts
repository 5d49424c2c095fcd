import { z } from 'zod';
import { reply, requireUser, route } from '@/lib/http/route';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { retryFailedPassback } from '@/lib/lti/passback';
import { managedPlatform, PLATFORM_ERR } from '@/lib/lti/platforms';

export const dynamic = 'force-dynamic';

// Sends a platform's failed grades again (the settings page's "Send again").
export const POST = route(
  { feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, action: 'retry grade passback',
    params: z.object({ platformId: z.uuid({ message: 'must be a UUID' }) }),
    summary: 'Send a platform\'s failed grades again',
    tags: ['LTI'],
    response: z.object({ retried: z.number().int().describe('number of grades queued') }),
    errors: [PLATFORM_ERR.notFound],
  },
  async (ctx) => {
    const p = await managedPlatform({ user: requireUser(ctx), principal: ctx.principal }, ctx.params.platformId);
    return reply({ retried: await retryFailedPassback(p.id) });
  },
);
