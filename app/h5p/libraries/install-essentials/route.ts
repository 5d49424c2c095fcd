import { essentialsResultSchema, HUB_ERRORS, installEssentials } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const maxDuration = 900;

export const POST = route(
  {
    action: 'install essential content types',
    auth: 'teacher',
    tags: ['H5P libraries'],
    summary: 'Install the essential content types',
    response: essentialsResultSchema,
    message: true,
    errors: [HUB_ERRORS.unreachable],
  },
  async (ctx) => {
    const data = await installEssentials(ctx.caller);
    return reply(data, { message: `Installed ${data.installed} of ${data.total} essential content types` });
  },
);
