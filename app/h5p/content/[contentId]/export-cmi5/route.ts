import { cmi5Response } from '@/lib/h5p/cmi5';
import { actorOf } from '@/lib/h5p/permissions';
import { contentIdParams } from '@/lib/h5p/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// The content as a cmi5 course package (cmi5.xml with one AU), for a cmi5 LMS (feature cmi5-launch).
export const GET = route({ action: 'export cmi5 package', auth: 'user', feature: 'cmi5-launch', params: contentIdParams }, async (ctx) =>
  cmi5Response(ctx.params.contentId, actorOf(ctx.principal!)),
);
