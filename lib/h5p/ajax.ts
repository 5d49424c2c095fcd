// The H5P library's own asynchronous routes (what @lumieducation/h5p-express maps), as route handlers acting
// as the authenticated caller: /h5p/ajax?action=…, /h5p/contentUserData/…, /h5p/finishedData, /h5p/params/…,
// /h5p/download/…. Replies keep the shapes the H5P client reads.
import fsp from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { AppError } from '@/lib/http/errors';
import { assertEmbedScope, route, type RouteContext } from '@/lib/http/route';
import { db } from '@/lib/db/client';
import { h5pErrorResponse, nodeToWeb } from './http';
import { MultipartError, parseAjaxBody, UploadTooLargeError, type UploadedFile } from './multipart';
import { actorOf, type H5pActor } from './permissions';
import { bearerQueryToken } from './request';
import { h5p, MAX_FILE_SIZE } from './server';
import { exportFilename } from './export';

type Ctx = RouteContext<undefined, undefined, undefined>;

const actor = (ctx: Ctx): H5pActor => actorOf(ctx.principal!, bearerQueryToken(ctx.url));

async function guarded(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    const res = h5pErrorResponse(err);
    if (res) return res;
    if (err instanceof UploadTooLargeError) throw new AppError(413, 'File too large');
    if (err instanceof MultipartError) throw new AppError(400, `Validation error: ${err.message}`);
    throw err;
  }
}

const asLibraryFile = (f: UploadedFile | undefined) =>
  f ? { mimetype: f.mimetype, name: f.filename, size: f.size, tempFilePath: f.path } : undefined;

function pathParts(ctx: Ctx): string[] {
  return ctx.url.pathname.replace(/^\/h5p\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}

export const ajaxGet = route({ action: 'handle H5P request', auth: 'user', embed: true }, async (ctx) =>
  guarded(async () => {
    const [kind, a, b, c] = pathParts(ctx);
    const q = ctx.url.searchParams;
    const { ajax, editor } = await h5p();
    const user = actor(ctx);
    const embedded = ctx.principal?.kind === 'embed';
    // an embed token only reports on its own content; the other asynchronous routes refuse it
    assertEmbedScope(ctx, kind === 'contentUserData' ? a : null);
    // an embed is seen by many anonymous viewers under one token: no saved state to restore between them
    if (embedded) return Response.json({ success: true, data: false });
    switch (kind) {
      case 'ajax': {
        const action = q.get('action');
        if (!action) throw new AppError(400, 'Validation error: action is required');
        const result = await ajax.getAjax(action, q.get('machineName') ?? undefined, q.get('majorVersion') ?? undefined, q.get('minorVersion') ?? undefined, q.get('language') ?? 'en', user);
        return Response.json(result);
      }
      case 'contentUserData': {
        if (!a || !b) throw new AppError(404, 'Not found');
        // no saved state is not an error for the H5P client: it expects { success: true, data: false }
        const data = await editor.contentUserDataManager
          .getContentUserData(a, b, c ?? '0', user, q.get('contextId') ?? undefined, q.get('asUserId') ?? undefined)
          .catch((err: { httpStatusCode?: number }) => {
            if (err?.httpStatusCode === 404) return undefined;
            throw err;
          });
        return Response.json({ success: true, data: data?.userState ?? false });
      }
      case 'params': {
        if (!a) throw new AppError(404, 'Not found');
        return Response.json(await ajax.getContentParameters(a, user));
      }
      case 'download': {
        if (!a) throw new AppError(404, 'Not found');
        const row = await db().h5pContent.findUnique({ where: { id: a }, select: { title: true } });
        if (!row) throw new AppError(404, 'Content not found');
        const pass = new PassThrough();
        ajax.getDownload(a, user, pass).catch((err: Error) => pass.destroy(err));
        return new Response(nodeToWeb(pass), {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${exportFilename(row.title, '.h5p')}"` },
        });
      }
    }
    throw new AppError(404, 'Not found');
  }),
);

export const ajaxPost = route({ action: 'handle H5P request', auth: 'user', rawBody: true, embed: true }, async (ctx) =>
  guarded(async () => {
    const [kind, a, b, c] = pathParts(ctx);
    const q = ctx.url.searchParams;
    const { ajax, editor } = await h5p();
    const user = actor(ctx);
    const embedded = ctx.principal?.kind === 'embed';
    if (embedded && kind !== 'contentUserData' && kind !== 'finishedData') assertEmbedScope(ctx, null);
    if (embedded && kind === 'contentUserData') {
      assertEmbedScope(ctx, a);
      return Response.json({ success: true }); // no saved state for embeds (see ajaxGet)
    }
    const parsed = await parseAjaxBody(ctx.req, MAX_FILE_SIZE);
    try {
      const body = parsed.body as Record<string, string | string[] | undefined>;
      switch (kind) {
        case 'ajax': {
          const action = q.get('action');
          if (!action) throw new AppError(400, 'Validation error: action is required');
          const result = await ajax.postAjax(
            action,
            body as never,
            q.get('language') ?? 'en',
            user,
            asLibraryFile(parsed.files.file),
            q.get('id') ?? undefined,
            undefined,
            asLibraryFile(parsed.files.h5p),
            q.get('hubId') ?? undefined,
          );
          return Response.json(result);
        }
        case 'contentUserData': {
          if (!a || !b) throw new AppError(404, 'Not found');
          if (q.get('ignorePost') === 'yes') return Response.json({ success: true });
          const data = typeof body.data === 'string' ? body.data : body.data === undefined ? '' : JSON.stringify(body.data);
          await editor.contentUserDataManager.createOrUpdateContentUserData(
            a, b, c ?? '0', data, body.invalidate === '1' || body.invalidate === 'true', body.preload === '1' || body.preload === 'true',
            user, q.get('contextId') ?? undefined, q.get('asUserId') ?? undefined,
          );
          return Response.json({ success: true });
        }
        case 'finishedData': {
          const n = (v: unknown) => (v === undefined || v === '' ? NaN : Number(v));
          const contentId = typeof body.contentId === 'string' ? body.contentId : '';
          if (!contentId || Number.isNaN(n(body.score)) || Number.isNaN(n(body.maxScore))) throw new AppError(400, 'Validation error: contentId, score and maxScore are required');
          assertEmbedScope(ctx, contentId);
          const opened = n(body.opened);
          const finished = n(body.finished);
          await editor.contentUserDataManager.setFinished(
            contentId, n(body.score), n(body.maxScore),
            Number.isNaN(opened) ? 0 : opened, Number.isNaN(finished) ? 0 : finished,
            Number.isNaN(n(body.time)) ? (Number.isNaN(finished - opened) ? 0 : finished - opened) : n(body.time),
            user,
          );
          return Response.json({ success: true });
        }
      }
      throw new AppError(404, 'Not found');
    } finally {
      await parsed.cleanup();
      for (const f of Object.values(parsed.files)) await fsp.rm(f.path, { force: true }).catch(() => undefined);
    }
  }),
);
