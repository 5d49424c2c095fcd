// The H5P library's own asynchronous routes (what @lumieducation/h5p-express maps), as route handlers acting
// as the authenticated caller: /h5p/ajax?action=…, /h5p/contentUserData/…, /h5p/finishedData, /h5p/params/…,
// /h5p/download/…. Replies keep the shapes the H5P client reads.
import fsp from 'node:fs/promises';
import { H5pError } from '@lumieducation/h5p-server';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { assertContentMatches, extensionOf } from '@/lib/files/sniff';
import { AppError, validationMessage } from '@/lib/errors';
import { assertEmbedScope, fastLaneRequest, route, type RouteContext } from '@/lib/http/route';
import { db } from '@/lib/db/client';
import { stateIdOf } from '@/lib/results';
import { h5pErrorResponse, nodeToWeb } from './files';
import { MultipartError, parseAjaxBody, parseAjaxText, UploadTooLargeError, type UploadedFile } from '@/lib/net/multipart';
import { assertCanRead } from '@/lib/h5p/content/access';
import { type H5pActor } from '@/lib/h5p/engine/permissions';
import { languageCode } from './request';
import { h5p, MAX_FILE_SIZE } from '@/lib/h5p/engine/server';
import { exportFilename } from '@/lib/h5p/export/h5p';
import { inspectLibraryUpload } from '@/lib/h5p/content/import';
import { withoutHiddenTypes } from '@/lib/h5p/content-types/hidden';

type Ctx = RouteContext<undefined, undefined, undefined>;

/** The texts of the asynchronous routes' own refusals (documented in app/h5p/[...path]/contract.ts). */
export const AJAX_ERR = {
  tooLarge: 'File too large',
  finishedData: 'Validation error: contentId, score and maxScore are required',
} as const;

const actor = (ctx: Ctx): H5pActor => ctx.caller;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An author's embed plays for anonymous viewers: the one the player names (?learner=<uuid>, the id their browser
 * keeps) has saved state of their own, under `anon:<uuid>`; without it (null) there is none — the author's is
 * never used. Undefined for every other caller.
 */
export function anonymousViewer(principal: Ctx['principal'], url: URL): string | null | undefined {
  if (principal?.kind !== 'embed' || principal.tokenUse === 'player') return undefined;
  // a preview as learner keeps no state at all
  if (principal.tokenUse === 'preview') return null;
  // an LMS learner's launch: their own state, under their learner key (lib/lti/launch.ts)
  if (principal.tokenUse === 'lti') return principal.learnerKey ? stateIdOf(principal.learnerKey) : null;
  const id = url.searchParams.get('learner');
  return id && UUID.test(id) ? `anon:${id.toLowerCase()}` : null;
}

/** Nobody's state: who an anonymous viewer without an id plays as (no saved state is ever kept under it). */
export const NO_VIEWER = 'anon:none';

/** The actor a player model is rendered for: an embed's anonymous viewer (never its author), else the caller. */
export function playerActor<A extends { id: string }>(principal: Ctx['principal'], url: URL, actor: A): A {
  const viewer = anonymousViewer(principal, url);
  return viewer === undefined ? actor : { ...actor, id: viewer ?? NO_VIEWER };
}

async function guarded(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    const res = h5pErrorResponse(err);
    if (res) return res;
    if (err instanceof UploadTooLargeError) throw new AppError(413, AJAX_ERR.tooLarge);
    if (err instanceof MultipartError) throw new AppError(400, `Validation error: ${err.message}`);
    throw err;
  }
}

const asLibraryFile = (f: UploadedFile | undefined) =>
  f ? { mimetype: f.mimetype, name: f.filename, size: f.size, tempFilePath: f.path } : undefined;

function pathParts(ctx: Ctx): string[] {
  return ctx.url.pathname.replace(/^\/h5p\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}

// ---- input checks at the top of the handlers: unknown actions and over-long ids are a 400 before the H5P
// library or the database sees them (issue 7, item 14)
export const AJAX_ACTIONS: Record<'GET' | 'POST', string[]> = {
  GET: ['content-type-cache', 'content-hub-metadata-cache', 'libraries'],
  POST: ['libraries', 'translations', 'files', 'filter', 'library-install', 'library-upload', 'get-content'],
};
const id100 = z.string().min(1).max(100);
const ajaxInput = z.object({
  contentId: id100.optional(),
  dataType: id100.optional(),
  subContentId: id100.optional(),
  contextId: z.string().max(255).optional(),
  asUserId: z.string().max(255).optional(),
  machineName: z.string().max(255).optional(),
  majorVersion: z.string().max(20).optional(),
  minorVersion: z.string().max(20).optional(),
  language: languageCode.optional(),
  id: z.string().max(100).optional(),
  hubId: z.string().max(100).optional(),
});
const INT32 = 2_147_483_647;
const finishedInput = z.object({
  contentId: id100,
  score: z.number().min(0).max(INT32),
  maxScore: z.number().min(0).max(INT32),
  opened: z.number().min(0).max(Number.MAX_SAFE_INTEGER),
  finished: z.number().min(0).max(Number.MAX_SAFE_INTEGER),
  time: z.number().min(0).max(INT32).optional(),
});

function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError(400, validationMessage(r.error));
  return r.data;
}

/** Checks the request's path ids and query; answers the query's language (normalised; English when absent). */
function validateAjax(method: 'GET' | 'POST', [kind, a, b, c]: string[], q: URLSearchParams): { language: string } {
  const action = q.get('action');
  if (kind === 'ajax' && action && !AJAX_ACTIONS[method].includes(action)) {
    throw new AppError(400, `Validation error: unknown action ${action.slice(0, 100)}`);
  }
  const ids = kind === 'contentUserData' ? { contentId: a, dataType: b, subContentId: c } : kind === 'params' || kind === 'download' ? { contentId: a } : {};
  const opt = (k: string) => q.get(k) ?? undefined;
  const input = check(ajaxInput, {
    ...ids,
    ...Object.fromEntries(['contextId', 'asUserId', 'machineName', 'majorVersion', 'minorVersion', 'language', 'id', 'hubId'].map((k) => [k, opt(k)])),
  });
  return { language: input.language ?? 'en' };
}

/** What the H5P client's own routes answer: its shapes, not the envelope (documented per path in app/h5p/[...path]/contract.ts). */
const H5P_CLIENT_ANSWER = { kind: 'json', description: "the answer the H5P client expects (per path: app/h5p/[...path]/contract.ts)" } as const;

export const ajaxGet = route({ action: 'handle H5P request', auth: 'user', embed: true, response: H5P_CLIENT_ANSWER }, async (ctx) =>
  guarded(async () => {
    const [kind, a, b, c] = pathParts(ctx);
    const q = ctx.url.searchParams;
    const { language } = validateAjax('GET', [kind!, a!, b!, c!], q);
    const { ajax, editor } = await h5p();
    let user = actor(ctx);
    // an embed token only reports on its own content; the other asynchronous routes refuse it
    assertEmbedScope(ctx, kind === 'contentUserData' ? a : null);
    // an embed is seen by many anonymous viewers under one token: each has the saved state of their own id, and
    // one who names none has none (a player token names its one viewer, whose state is their own)
    const viewer = anonymousViewer(ctx.principal, ctx.url);
    if (viewer === null) return Response.json({ success: true, data: false });
    if (viewer) user = { ...user, id: viewer };
    switch (kind) {
      case 'ajax': {
        const action = q.get('action');
        if (!action) throw new AppError(400, 'Validation error: action is required');
        const result = await ajax.getAjax(action, q.get('machineName') ?? undefined, q.get('majorVersion') ?? undefined, q.get('minorVersion') ?? undefined, language, user);
        // the editor's own selector offers no type an admin hid (lib/h5p/content-types/hidden.ts)
        return Response.json(action === 'content-type-cache' ? await withoutHiddenTypes(result) : result);
      }
      case 'contentUserData': {
        if (!a || !b) throw new AppError(404, 'Not found');
        await assertCanRead(user.reader, a);
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
        await assertCanRead(user.reader, a);
        return Response.json(await ajax.getContentParameters(a, user));
      }
      case 'download': {
        if (!a) throw new AppError(404, 'Not found');
        await assertCanRead(user.reader, a);
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

export const ajaxPost = route({ action: 'handle H5P request', auth: 'user', rawBody: true, embed: true, response: H5P_CLIENT_ANSWER }, async (ctx) =>
  guarded(async () => {
    const [kind, a, b, c] = pathParts(ctx);
    const q = ctx.url.searchParams;
    const { language } = validateAjax('POST', [kind!, a!, b!, c!], q);
    const { ajax, editor } = await h5p();
    let user = actor(ctx);
    const embedded = ctx.principal?.kind === 'embed';
    if (embedded && kind !== 'contentUserData' && kind !== 'finishedData') assertEmbedScope(ctx, null);
    if (embedded && kind === 'contentUserData') {
      assertEmbedScope(ctx, a);
      // an anonymous viewer's state is kept under their own id; one who names none keeps none (see ajaxGet)
      const viewer = anonymousViewer(ctx.principal, ctx.url);
      if (viewer === null) return Response.json({ success: true });
      if (viewer) user = { ...user, id: viewer };
    }
    // the fast lane answers the form-encoded and JSON posts (the players' saved states: lib/http/fast-lane.ts) and has
    // read the body as text; Next.js passes every other one, multipart uploads included
    const fast = fastLaneRequest(ctx.req);
    const parsed = fast
      ? { body: parseAjaxText((ctx.req.headers.get('content-type') ?? '').toLowerCase(), (await fast.text?.()) ?? ''), files: {} as Record<string, UploadedFile>, cleanup: async () => undefined }
      : await parseAjaxBody(ctx.req, MAX_FILE_SIZE);
    try {
      const body = parsed.body as Record<string, string | string[] | undefined>;
      switch (kind) {
        case 'ajax': {
          const action = q.get('action');
          if (!action) throw new AppError(400, 'Validation error: action is required');
          if (action === 'library-upload') await inspectLibraryUpload(parsed.files.h5p);
          // an editor file upload must be what its name says by its bytes (lib/files/sniff.ts)
          if (action === 'files' && parsed.files.file) assertContentMatches(extensionOf(parsed.files.file.filename), parsed.files.file.head);
          const result = await ajax.postAjax(
            action,
            body as never,
            language,
            user,
            asLibraryFile(parsed.files.file),
            q.get('id') ?? undefined,
            undefined,
            asLibraryFile(parsed.files.h5p),
            q.get('hubId') ?? undefined,
          ).catch((err: unknown) => {
            throw installRefusal(action, user, err);
          });
          return Response.json(result);
        }
        case 'contentUserData': {
          if (!a || !b) throw new AppError(404, 'Not found');
          await assertCanRead(user.reader, a);
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
          if (!contentId || Number.isNaN(n(body.score)) || Number.isNaN(n(body.maxScore))) throw new AppError(400, AJAX_ERR.finishedData);
          const orZero = (v: number) => (Number.isNaN(v) ? 0 : v);
          const f = check(finishedInput, {
            contentId, score: n(body.score), maxScore: n(body.maxScore), opened: orZero(n(body.opened)), finished: orZero(n(body.finished)),
            time: Number.isNaN(n(body.time)) ? undefined : n(body.time),
          });
          assertEmbedScope(ctx, contentId);
          await assertCanRead(user.reader, contentId);
          // an author's embed plays for anonymous viewers, never as the author: their results are their own
          // attempts (the player's statements, lib/results/intake.ts), not a score on the author's record
          if (embedded && ctx.principal?.tokenUse !== 'player') return Response.json({ success: true });
          const time = f.time ?? Math.min(Math.max(f.finished - f.opened, 0), INT32);
          await editor.contentUserDataManager.setFinished(contentId, f.score, f.maxScore, f.opened, f.finished, time, user);
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

export const INSTALL_SUPER_ADMIN_ONLY = 'Only a super administrator can install or update content types from a package';

/**
 * library-upload by a caller who may not install libraries (anyone but a super_admin): the library installs
 * nothing from the package, and a package that needs libraries not installed yet is refused with 403.
 */
function installRefusal(action: string, user: H5pActor, err: unknown): unknown {
  if (action !== 'library-upload' || user.permissions.canUpdateAndInstallLibraries) return err;
  if (!(err instanceof H5pError) || err.errorId !== 'install-missing-libraries') return err;
  const missing = Object.values(err.replacements ?? {}).flat().join(', ');
  return new AppError(403, missing ? `${INSTALL_SUPER_ADMIN_ONLY} (not installed: ${missing})` : INSTALL_SUPER_ADMIN_ONLY);
}
