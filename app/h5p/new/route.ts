import { editorModel, editorModelSchema } from '@/lib/h5p/content/content';
import { languageQuery } from '@/lib/h5p/http/request';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'load editor', auth: 'teacher', query: languageQuery, tags: ['H5P content'], summary: 'Editor model for new content', response: editorModelSchema },
  async (ctx) => reply(await editorModel(ctx.caller, ctx.query.language)),
);
