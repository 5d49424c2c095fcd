import { z } from 'zod';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { MASTERY_SCORE_INVALID, masteryScoreParam } from '@/lib/h5p/export/mastery';
import { contentIdParams } from '@/lib/h5p/http/request';
import { scormResponse } from '@/lib/h5p/export/scorm';
import { route } from '@/lib/http/route';
import { errorOf } from '@/lib/errors';

export const dynamic = 'force-dynamic';

const VERSION_INVALID = 'version must be 1.2 or 2004';
// masteryScore: the percentage a learner needs to pass (default the content's own pass mark, else 100)
const query = z.object({ version: z.enum(['1.2', '2004'], { error: VERSION_INVALID }).default('1.2'), masteryScore: masteryScoreParam }).loose();

export const GET = route(
  {
    action: 'export SCORM package',
    auth: 'user',
    feature: 'scorm-export',
    params: contentIdParams,
    query,
    tags: ['H5P content'],
    summary: 'Export as a SCORM package (masteryScore: the percentage a learner needs to pass; default the content\'s own pass mark, else 100)',
    response: { kind: 'file', description: 'the SCORM package (attachment <title>_scorm<version>.zip)', contentType: 'application/zip' },
    errors: [errorOf(400, `Validation error: version: ${VERSION_INVALID}`), MASTERY_SCORE_INVALID, CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound],
  },
  async (ctx) => scormResponse(ctx.params.contentId, ctx.query.version, ctx.caller, ctx.query.masteryScore),
);
