import { z } from 'zod';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { cmi5Response } from '@/lib/h5p/export/cmi5';
import { MASTERY_SCORE_INVALID, masteryScoreParam } from '@/lib/h5p/export/mastery';
import { contentIdParams } from '@/lib/h5p/http/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// masteryScore: the percentage a learner needs to pass (default the content's own pass mark, else 100)
const query = z.object({ masteryScore: masteryScoreParam }).loose();

// The content as a cmi5 course package (cmi5.xml with one AU), for a cmi5 LMS (feature cmi5-launch).
export const GET = route(
  {
    action: 'export cmi5 package',
    auth: 'user',
    feature: 'cmi5-launch',
    params: contentIdParams,
    query,
    tags: ['H5P content'],
    summary: 'Export as a cmi5 course package (cmi5.xml with one AU and its masteryScore; the AU reports to the launching LMS\'s LRS)',
    response: { kind: 'file', description: 'the cmi5 package (attachment <title>_cmi5.zip)', contentType: 'application/zip' },
    errors: [MASTERY_SCORE_INVALID, CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound],
  },
  async (ctx) => cmi5Response(ctx.params.contentId, ctx.caller, ctx.query.masteryScore),
);
