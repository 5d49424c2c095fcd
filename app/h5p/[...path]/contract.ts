// The API document's entries of the H5P client's own routes, which this catch-all serves beside the static files
// (core, editor, custom, temp: not API): each path runs ajaxGet / ajaxPost (lib/h5p/http/ajax.ts), whose route()
// options give auth, tier and content-token; the paths, their ids and bodies are what the H5P client sends.
import { z } from 'zod';
import { CONTENT_NOT_FOUND } from '@/lib/h5p/content/access';
import { AJAX_ACTIONS, AJAX_ERR, ajaxGet, ajaxPost } from '@/lib/h5p/http/ajax';
import { languageCode } from '@/lib/h5p/http/request';
import type { ContractDoc } from '@/lib/http/openapi';

const TAG = 'H5P player and editor';
const id100 = z.string().min(1).max(100);
const contentErrors = { 404: [CONTENT_NOT_FOUND] };
const form = (properties: Record<string, Record<string, unknown>>, required: string[]) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required, properties } } },
});
const userDataParams = z.object({ contentId: id100, dataType: id100, subContentId: id100 });

export const contract: ContractDoc[] = [
  {
    path: '/h5p/ajax',
    tag: TAG,
    operations: {
      GET: {
        summary: 'Editor AJAX reads (content type cache, libraries)',
        handler: ajaxGet,
        query: z.object({
          action: z.enum(AJAX_ACTIONS.GET),
          machineName: z.string().max(255).optional(),
          majorVersion: z.string().max(20).optional(),
          minorVersion: z.string().max(20).optional(),
          language: languageCode.optional(),
        }),
        success: { kind: 'json', description: 'the answer the H5P editor expects' },
      },
      POST: {
        summary: 'Editor AJAX calls (libraries, translations, files, filter, installs, uploads)',
        description: 'library-upload installs libraries from a package: only a super administrator.',
        handler: ajaxPost,
        query: z.object({ action: z.enum(AJAX_ACTIONS.POST), language: languageCode.optional(), id: z.string().max(100).optional(), hubId: z.string().max(255).optional() }),
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object' } },
            'application/x-www-form-urlencoded': { schema: { type: 'object' } },
            'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, h5p: { type: 'string', format: 'binary' } } } },
          },
        },
        success: { kind: 'json', description: 'the answer the H5P editor expects' },
        errors: { 413: [AJAX_ERR.tooLarge] },
      },
    },
  },
  {
    path: '/h5p/contentUserData/{contentId}/{dataType}/{subContentId}',
    tag: TAG,
    operations: {
      GET: {
        summary: 'Saved state of the player',
        handler: ajaxGet,
        params: userDataParams,
        query: z.object({ contextId: z.string().max(255).optional(), asUserId: z.string().max(255).optional() }),
        success: { kind: 'json', description: 'success, data (the saved state, or false)' },
        errors: contentErrors,
      },
      POST: {
        summary: 'Save the player\'s state',
        handler: ajaxPost,
        params: userDataParams,
        query: z.object({ contextId: z.string().max(255).optional(), ignorePost: z.enum(['yes']).optional() }),
        requestBody: form({ data: { type: 'string' }, preload: { type: 'string', enum: ['0', '1'] }, invalidate: { type: 'string', enum: ['0', '1'] } }, []),
        success: { kind: 'json', description: 'success' },
        errors: contentErrors,
      },
    },
  },
  {
    path: '/h5p/finishedData',
    tag: TAG,
    operations: {
      POST: {
        summary: 'Record a result of the player',
        handler: ajaxPost,
        requestBody: form(
          { contentId: { type: 'string', maxLength: 100 }, score: { type: 'number' }, maxScore: { type: 'number' }, opened: { type: 'integer' }, finished: { type: 'integer' }, time: { type: 'integer' } },
          ['contentId', 'score', 'maxScore'],
        ),
        success: { kind: 'json', description: 'success' },
        errors: { 400: [AJAX_ERR.finishedData], ...contentErrors },
      },
    },
  },
  {
    path: '/h5p/params/{contentId}',
    tag: TAG,
    operations: {
      GET: { summary: 'Parameters of content (editor)', handler: ajaxGet, params: z.object({ contentId: id100 }), success: { kind: 'json', description: 'the content\'s parameters and metadata' }, errors: contentErrors },
    },
  },
  {
    path: '/h5p/download/{contentId}',
    tag: TAG,
    operations: {
      GET: {
        summary: 'Download content as an .h5p package (player)',
        handler: ajaxGet,
        params: z.object({ contentId: id100 }),
        success: { kind: 'file', description: 'the .h5p package', contentType: 'application/zip' },
        errors: contentErrors,
      },
    },
  },
];
