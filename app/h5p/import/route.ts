import { importPackage } from '@/lib/h5p/content/import';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
// uploads up to 500 MB are streamed to disk; give the request time
export const maxDuration = 900;

export const POST = route({ action: 'import content', auth: 'teacher', rawBody: true }, async (ctx) => {
  const user = requireUser(ctx);
  const data = await importPackage(ctx.req, user, actorOf(ctx.principal!));
  return reply({ contentId: data.contentId, installedLibraries: data.installedLibraries }, { status: 201, message: 'Content imported successfully' });
});
