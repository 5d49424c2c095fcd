import { z } from 'zod';
import { readerOf } from '@/lib/h5p/content/access';
import { serveStored, USER_FILE_CSP } from '@/lib/h5p/http/files';
import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { revisionFileKey, revisionParams } from '@/lib/h5p/revisions/service';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const params = revisionParams.extend({ file: z.array(z.string().min(1).max(255)).min(1).max(20) });

// A file of a revision (issue 27 item 3), as it was when the revision was saved: what the player of a revision loads
// its images, audio and video from (the model's contentUrl, lib/h5p/revisions/service.ts). Stored once by content
// hash, so it never changes: cached privately for a year.
const fileRoute = () =>
  route(
    {
      action: 'get revision file',
      auth: 'user',
      params,
      tags: ['H5P content'],
      summary: 'A file of a revision, as it was saved (owner, editor, tenant admin, super admin)',
      response: { kind: 'file', description: 'the file (with Range)' },
      errors: [REVISION_ERRORS.contentNotFound, REVISION_ERRORS.notFound, REVISION_ERRORS.fileNotFound],
    },
    async (ctx) => {
      const { contentId, revisionId, file } = ctx.params;
      const name = file.join('/');
      const key = await revisionFileKey(readerOf(ctx.principal, ctx.user), contentId, revisionId, name);
      return serveStored(ctx.req, key, { name, cacheControl: 'private, max-age=31536000, immutable', range: true, headers: { 'Content-Security-Policy': USER_FILE_CSP } });
    },
  );

export const GET = fileRoute();
export const HEAD = fileRoute();
