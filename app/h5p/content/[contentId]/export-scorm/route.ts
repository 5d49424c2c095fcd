import { z } from 'zod';
import { masteryScoreParam } from '@/lib/h5p/export/mastery';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { contentIdParams } from '@/lib/h5p/http/request';
import { scormResponse } from '@/lib/h5p/export/scorm';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// masteryScore: the percentage a learner needs to pass (default the content's own pass mark, else 100)
const query = z.object({ version: z.enum(['1.2', '2004'], { error: 'version must be 1.2 or 2004' }).default('1.2'), masteryScore: masteryScoreParam }).loose();

export const GET = route({ action: 'export SCORM package', auth: 'user', feature: 'scorm-export', params: contentIdParams, query }, async (ctx) =>
  scormResponse(ctx.params.contentId, ctx.query.version, actorOf(ctx.principal!), ctx.query.masteryScore),
);
