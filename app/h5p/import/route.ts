import { importedContentSchema, IMPORT_ERRORS, importPackage } from '@/lib/h5p/content/import';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { uploadDoc } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';
// uploads up to 500 MB are streamed to disk; give the request time
export const maxDuration = 900;

export const POST = route(
  {
    action: 'import content',
    auth: 'teacher',
    rawBody: true,
    tags: ['H5P content'],
    summary: 'Import an .h5p package',
    status: 201,
    requestBody: uploadDoc('h5p', 'the .h5p package (a ZIP, at most 500 MB)'),
    response: importedContentSchema,
    message: true,
    errors: [IMPORT_ERRORS.noFile, IMPORT_ERRORS.type, IMPORT_ERRORS.notZip, IMPORT_ERRORS.tooLarge, IMPORT_ERRORS.truncated, CONTENT_ERRORS.quota, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const data = await importPackage(ctx.req, user, ctx.caller);
    return reply({ contentId: data.contentId, installedLibraries: data.installedLibraries }, { status: 201, message: 'Content imported successfully' });
  },
);
