// Content: create, update, delete, read, list and visibility, with ownership (content_ownership) and the
// monthly quota per the spec's state tables and H5P rules 1–7. Every write that touches a user's content is
// scoped to the owner; content without an ownership row may be taken over by any teacher (rule 3).
import { H5pError, LibraryName, type ContentUserDataManager, type IContentMetadata, type IUser, type UrlGenerator } from '@lumieducation/h5p-server';
import path from 'node:path';
import { storageAccountOf } from '@/lib/plans/storage';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { z } from 'zod';
import { apiError, AppError, errorOf } from '@/lib/errors';
import { CONTENT_QUOTA_EXCEEDED, releaseContentQuota } from '@/lib/plans/quota';
import { copyUploadIntoContent } from './uploads';
import { assertCanRead, CONTENT_NOT_FOUND, readableNow, type Reader } from './access';
import { recordView } from './views';
import { contentSnapshot, contentSnapshotNow, forgetContent, type ContentSnapshot } from './content-cache';
import { compileTemplate, fillChunks, type PlayTemplate, type SlotValues } from './play-template';
import { cacheVersion, invalidate, localCache } from '@/lib/cache/local';
import { contentFilesKey } from '@/lib/auth/content-files-key';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { h5p, h5pNow, type H5pEngine } from '@/lib/h5p/engine/server';
import { preloadedStatesJsonNow } from '@/lib/h5p/engine/storage/user-data';
import { deleteQualityReport } from '@/lib/h5p/quality/store';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import { copyContent, COPY_SOURCE_SELECT } from './copy';
import { assertQuotaLeft } from './create-owned';
import { isOwnerOrEditor } from './roles';
import { changeAuthorOf } from './rights';
import { forbidsDerivatives, licenceOf, noDerivativesMessage } from '@/lib/content/licence';
import { withSave, type RevisionKind, type SaveContext } from '@/lib/h5p/revisions/context';
import { latestRevision, NOTE_MAX, settleRevisionFiles } from '@/lib/h5p/revisions/record';

export const ERR = {
  missingFields: 'Library and params are required',
  invalidLibrary: 'Invalid library format. Expected "<machineName> <major>.<minor>"',
  invalidParams: 'Invalid JSON in params',
  libraryNotInstalled: (lib: string) => `Library ${lib} is not installed`,
  notFound: CONTENT_NOT_FOUND,
  quota: CONTENT_QUOTA_EXCEEDED,
  notOwner: 'You do not own this content',
  updateForbidden: 'Only the owner can update this content',
  deleteForbidden: 'Only the owner can delete this content',
  visibilityForbidden: 'Only the owner can change the visibility of this content',
  invalidVisibility: 'Visibility must be "private" or "public"',
  hiddenByModerator: 'This content was hidden by a moderator and cannot be published',
} as const;

/** The content routes' own errors (the API document's catalogue; the codes are the texts', see errorOf). */
export const CONTENT_ERRORS = {
  missingFields: errorOf(400, ERR.missingFields),
  invalidLibrary: errorOf(400, ERR.invalidLibrary),
  invalidParams: errorOf(400, ERR.invalidParams),
  /** zod's refusal of PATCH /h5p/content/:id/visibility's body */
  invalidVisibility: errorOf(400, `Validation error: visibility: ${ERR.invalidVisibility}`),
  notFound: errorOf(404, ERR.notFound),
  notOwner: errorOf(403, ERR.notOwner),
  updateForbidden: errorOf(403, ERR.updateForbidden),
  deleteForbidden: errorOf(403, ERR.deleteForbidden),
  visibilityForbidden: errorOf(403, ERR.visibilityForbidden),
  hiddenByModerator: errorOf(403, ERR.hiddenByModerator),
  quota: errorOf(429, ERR.quota),
  /** a duplicate by someone else of content whose licence forbids derivatives */
  noDerivatives: apiError(403, 'licence_no_derivatives', noDerivativesMessage('<licence>')),
} as const;

/** The body errors of create and update (parseContentBody). */
export const CONTENT_BODY_ERRORS = [CONTENT_ERRORS.missingFields, CONTENT_ERRORS.invalidLibrary, CONTENT_ERRORS.invalidParams] as const;

export const CONTENT_DEFAULTS = {
  title: 'Untitled Content',
  embedTypes: ['iframe'] as ('iframe' | 'div')[],
  language: 'und',
  defaultLanguage: 'en',
  license: 'U',
};

export interface ContentBody {
  library: string;
  params: Record<string, unknown>;
  metadata: IContentMetadata;
  tempImageFiles: string[];
}

/**
 * The create/update body as the API document shows it: the routes take any JSON and parseContentBody checks it
 * with the texts above (spec "H5P content"), so this schema documents the shape and never parses a request.
 */
export const contentBodyDoc = z.object({
  library: z.string().describe('machine name, space, major.minor, e.g. "H5P.TrueFalse 1.8"'),
  params: z.union([z.record(z.string(), z.unknown()), z.string()]).describe('the content parameters, as an object or a JSON string'),
  metadata: z
    .object({
      title: z.string().default(CONTENT_DEFAULTS.title),
      embedTypes: z.array(z.enum(['iframe', 'div'])).default(CONTENT_DEFAULTS.embedTypes),
      language: z.string().default(CONTENT_DEFAULTS.language),
      defaultLanguage: z.string().default(CONTENT_DEFAULTS.defaultLanguage),
      license: z.string().default(CONTENT_DEFAULTS.license),
    })
    .partial()
    .optional(),
  tempImageFiles: z.array(z.string()).optional().describe('names of uploaded temporary files to attach (create)'),
});

/** Open JSON objects of the H5P library (metadata, integration): their members are H5P's, not ours. */
const h5pObject = z.looseObject({});

/** POST and PUT /h5p/content: the saved content's id and its stored metadata (h5p.json). */
export const savedContentSchema = z.object({ contentId: z.string(), metadata: h5pObject });
export type SavedContent = z.infer<typeof savedContentSchema>;

/** GET /h5p/content/:id */
/** Where a marketplace clone came from, as it was at clone time (null for content that is not a clone). */
export const contentOriginSchema = z
  .object({
    contentId: z.string().describe("the source's content id (it may have been deleted or made private since)"),
    title: z.string().describe("the source's title at clone time"),
    authorName: z.string().describe("the source's author at clone time (Anonymous when they had no name)"),
    license: z.string().nullable().describe('the source\'s H5P licence at clone time: code and version, e.g. "CC BY-SA 4.0" or "U" (undisclosed)'),
  })
  .describe('"Adapted from <title> by <author>, licence <licence>"');
export type ContentOrigin = z.infer<typeof contentOriginSchema>;

/** The origin columns of a content row as the API shows them (null unless it is a clone). */
export function contentOriginOf(row: { originContentId: string | null; originTitle: string | null; originAuthor: string | null; originLicense: string | null }): ContentOrigin | null {
  if (!row.originContentId) return null;
  return { contentId: row.originContentId, title: row.originTitle ?? '', authorName: row.originAuthor ?? 'Anonymous', license: row.originLicense };
}

export const contentInfoSchema = z.object({
  id: z.string(),
  title: z.string(),
  mainLibrary: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
  embedTypes: z.array(z.string()),
  /** a marketplace clone's origin; absent for content that is not a clone (its detail stays the spec's six fields) */
  origin: contentOriginSchema.optional(),
});
export type ContentInfo = z.infer<typeof contentInfoSchema>;

export const visibilityResultSchema = z.object({ contentId: z.string(), visibility: z.enum(['private', 'public']) });
export type VisibilityResult = z.infer<typeof visibilityResultSchema>;
export const embedSettingsResultSchema = z.object({ contentId: z.string(), askName: z.boolean() });
export type EmbedSettingsResult = z.infer<typeof embedSettingsResultSchema>;

/** GET /h5p/play/:id: the player model. */
export const playerModelSchema = z.object({ integration: h5pObject, scripts: z.array(z.string()), styles: z.array(z.string()) });
export type PlayerModel = z.infer<typeof playerModelSchema>;

/** GET /h5p/new: the editor model (rule 8); GET /h5p/edit/:id adds the content's library, parameters and metadata. */
export const editorModelSchema = playerModelSchema.extend({ contentLanguage: z.string() });
export const contentEditorModelSchema = editorModelSchema.extend({ library: z.string(), params: z.unknown(), metadata: h5pObject });

const LIBRARY_RE = /^[\w.-]+ \d+\.\d+$/;

/** Parses a create/update body with the spec's 400 texts (rule 1). */
export function parseContentBody(raw: unknown): ContentBody {
  const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (b.library === undefined || b.library === null || b.library === '' || b.params === undefined || b.params === null || b.params === '') {
    throw new AppError(400, ERR.missingFields);
  }
  if (typeof b.library !== 'string' || !LIBRARY_RE.test(b.library.trim())) throw new AppError(400, ERR.invalidLibrary);
  let params: unknown = b.params;
  if (typeof params === 'string') {
    try {
      params = JSON.parse(params);
    } catch {
      throw new AppError(400, ERR.invalidParams);
    }
  }
  if (!params || typeof params !== 'object' || Array.isArray(params)) throw new AppError(400, ERR.invalidParams);
  // the editor client posts { params: { params, metadata } }
  let p = params as Record<string, unknown>;
  let metaIn = (b.metadata && typeof b.metadata === 'object' ? b.metadata : {}) as Record<string, unknown>;
  if (p.params && typeof p.params === 'object' && p.metadata && typeof p.metadata === 'object' && Object.keys(p).length <= 2) {
    metaIn = { ...(p.metadata as Record<string, unknown>), ...metaIn };
    p = p.params as Record<string, unknown>;
  }
  const library = b.library.trim();
  const str = (v: unknown, d: string) => (typeof v === 'string' && v.trim() ? v.trim() : d);
  const embedTypes = Array.isArray(metaIn.embedTypes) && metaIn.embedTypes.every((e) => e === 'iframe' || e === 'div') && metaIn.embedTypes.length
    ? (metaIn.embedTypes as ('iframe' | 'div')[])
    : CONTENT_DEFAULTS.embedTypes;
  const metadata = {
    ...metaIn,
    title: str(metaIn.title, CONTENT_DEFAULTS.title).slice(0, 255),
    embedTypes,
    language: str(metaIn.language, CONTENT_DEFAULTS.language),
    defaultLanguage: str(metaIn.defaultLanguage, CONTENT_DEFAULTS.defaultLanguage),
    license: str(metaIn.license, CONTENT_DEFAULTS.license),
    mainLibrary: library.split(' ')[0],
  } as unknown as IContentMetadata;
  const tempImageFiles = Array.isArray(b.tempImageFiles) ? b.tempImageFiles.filter((f): f is string => typeof f === 'string') : [];
  return { library, params: p, metadata, tempImageFiles };
}

async function assertLibraryInstalled(library: string) {
  const { editor } = await h5p();
  const name = LibraryName.fromUberName(library, { useWhitespace: true });
  if (!(await editor.libraryManager.libraryExists(name))) throw new AppError(400, ERR.libraryNotInstalled(library));
}

/** Maps the H5P library's validation errors to 400 with its message; anything else propagates. */
function mapH5pError(err: unknown): never {
  if (err instanceof H5pError && err.httpStatusCode < 500) throw new AppError(err.httpStatusCode, `${err.errorId}${err.replacements && Object.keys(err.replacements).length ? `: ${Object.values(err.replacements).join(', ')}` : ''}`);
  if (err instanceof Error && err.message === 'Metadata does not conform to schema.') throw new AppError(400, 'Validation error: metadata does not conform to the H5P metadata schema');
  throw err;
}

async function attachTempImages(contentId: string, ownerId: string, files: string[]) {
  for (const name of files) {
    const base = path.posix.basename(name.replace(/\\/g, '/'));
    if (!base || base === '.' || base === '..') continue;
    try {
      // missing from temporary storage: skipped (rule 12)
      await copyUploadIntoContent({ uploaderId: ownerId, chargeTo: ownerId, contentId, folder: 'images', name: base });
    } catch (err) {
      if (err instanceof AppError) throw err;
      /* unreadable in temporary storage: skipped */
    }
  }
}

/**
 * POST /h5p/content (rules 1, 2): quota, save, ownership (private). The row, its owner and the quota charge are
 * written in one transaction when the H5P editor stores the new content (DbContentStorage.addContent →
 * create-owned.ts), so no crash leaves content without an owner. `opts.attach`: the caller's uploads the
 * parameters refer to (e.g. a generated video), copied into the content's folders; a missing one undoes the save.
 */
export async function createContent(user: User, actor: H5pActor, raw: unknown, opts: { attach?: { folder: string; name: string }[]; revisionKind?: RevisionKind } = {}) {
  const body = parseContentBody(raw);
  const note = revisionNoteOf(raw);
  await assertLibraryInstalled(body.library);
  // refused before the parameters are validated or anything is stored; the charge itself goes with the row
  await assertQuotaLeft(user.id, new AppError(429, ERR.quota));
  const { editor } = await h5p();
  // the acting user is the owner (addContent makes the acting user the owner of new content)
  const owner = actor.id === user.id ? actor : { ...actor, id: user.id };
  // the item's first revision is written with its row (lib/h5p/revisions); its files once they are in place
  const save: SaveContext = { kind: opts.revisionKind ?? 'create', author: { id: user.id, name: user.name || user.email }, note };
  const saved = await withSave(save, () => editor.saveOrUpdateContentReturnMetaData(undefined as unknown as string, body.params, body.metadata, body.library, owner)).catch(mapH5pError);
  const contentId = String(saved.id);
  try {
    await attachTempImages(contentId, user.id, body.tempImageFiles);
    for (const a of opts.attach ?? []) {
      if (!(await copyUploadIntoContent({ uploaderId: user.id, chargeTo: user.id, contentId, folder: a.folder, name: a.name }))) throw new AppError(400, `Upload ${a.name} is missing`);
    }
  } catch (err) {
    // undone: the item (rows and files) and its quota unit
    await undoCreate(user.id, contentId).catch(() => undefined);
    throw err;
  }
  if (save.revisionId) await settleRevisionFiles(save.revisionId);
  scheduleQualityReport(contentId);
  return { contentId, metadata: saved.metadata, revisionId: save.revisionId ?? null };
}

/**
 * Undoes a creation that failed after its commit: the rows and the quota unit in one transaction (a crash between
 * them would leave content without its owner, or a charge without content), then the files (their bytes given back).
 */
async function undoCreate(userId: string, contentId: string) {
  const { contentStorage } = await h5p();
  const account = await storageAccountOf(contentId, userId);
  await db().$transaction(async (tx) => {
    await tx.contentQualityReport.deleteMany({ where: { contentId } });
    await tx.h5pContentUserData.deleteMany({ where: { contentId } });
    await tx.h5pFinishedData.deleteMany({ where: { contentId } });
    if ((await tx.contentOwnership.deleteMany({ where: { contentId, userId } })).count === 1) await releaseContentQuota(userId, tx);
    await tx.h5pContent.deleteMany({ where: { id: contentId } });
  });
  await contentStorage.deleteContent(contentId, account ? ({ id: account } as IUser) : undefined);
}

async function ownershipOf(contentId: string) {
  const [content, ownership] = await Promise.all([
    db().h5pContent.findUnique({ where: { id: contentId }, select: { id: true } }),
    db().contentOwnership.findUnique({ where: { contentId } }),
  ]);
  if (!content) throw new AppError(404, ERR.notFound);
  return ownership;
}

/**
 * PUT /h5p/content/:id (rule 3): the owner or one of its editors (issue 27: roles.ts); content without an owner is
 * taken over by the updater.
 */
export async function updateContent(user: User, actor: H5pActor, contentId: string, raw: unknown, opts: { baseRevision?: string } = {}) {
  const body = parseContentBody(raw);
  const note = revisionNoteOf(raw);
  const baseRevision = opts.baseRevision ?? baseRevisionOf(raw);
  const ownership = await ownershipOf(contentId);
  if (ownership && ownership.userId !== user.id && !(await isOwnerOrEditor(user, contentId))) throw new AppError(403, ERR.updateForbidden);
  await assertLibraryInstalled(body.library);
  const { editor } = await h5p();
  // one revision per save, written with the row; a named base that is no longer the latest revision is refused with
  // 409 before anything changes (lib/h5p/revisions/record.ts)
  const save: SaveContext = { kind: 'edit', author: { id: user.id, name: user.name || user.email }, note, ...(baseRevision !== undefined ? { baseRevision } : {}) };
  const saved = await withSave(save, () => editor.saveOrUpdateContentReturnMetaData(contentId, body.params, body.metadata, body.library, actor)).catch(mapH5pError);
  if (!ownership) {
    await db().contentOwnership.upsert({ where: { contentId }, create: { contentId, userId: user.id, visibility: 'private' }, update: {} });
    await forgetContent(contentId);
  }
  await attachTempImages(contentId, user.id, body.tempImageFiles);
  if (save.revisionId) await settleRevisionFiles(save.revisionId);
  // the quality report describes the old parameters
  await deleteQualityReport(contentId).catch(() => undefined);
  scheduleQualityReport(contentId);
  return { contentId: String(saved.id), metadata: saved.metadata, revisionId: save.revisionId ?? null };
}

/** The optional revision note of a save body (`note`, at most 500 characters). */
export function revisionNoteOf(raw: unknown): string | null {
  const n = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).note : undefined;
  if (n === undefined || n === null || n === '') return null;
  if (typeof n !== 'string') throw new AppError(400, 'Validation error: note: must be a string');
  if (n.length > NOTE_MAX) throw new AppError(400, `Validation error: note: at most ${NOTE_MAX} characters`);
  return n.trim() || null;
}

/** The revision a save body names as its start (`baseRevision`); undefined when it names none. */
export function baseRevisionOf(raw: unknown): string | undefined {
  const b = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).baseRevision : undefined;
  if (b === undefined || b === null || b === '') return undefined;
  if (typeof b !== 'string' || b.length > 100) throw new AppError(400, 'Validation error: baseRevision: must be a revision id');
  return b;
}

/** DELETE /h5p/content/:id (rule 4): files, quality report, user data and ownership; curriculum rows stay. */
export async function deleteContent(user: User, contentId: string) {
  const ownership = await ownershipOf(contentId);
  if (ownership && ownership.userId !== user.id) throw new AppError(403, ERR.deleteForbidden);
  const { contentStorage } = await h5p();
  const account = await storageAccountOf(contentId, user.id); // whom the files were charged to
  await db().$transaction([
    db().contentQualityReport.deleteMany({ where: { contentId } }),
    db().contentOwnership.deleteMany({ where: { contentId } }),
    db().h5pContentUserData.deleteMany({ where: { contentId } }),
    db().h5pFinishedData.deleteMany({ where: { contentId } }),
    db().h5pContent.deleteMany({ where: { id: contentId } }),
  ]);
  await contentStorage.deleteContent(contentId, account ? ({ id: account } as IUser) : undefined);
  await invalidate('userStates'); // the item's saved states are gone
}

/** PATCH /h5p/content/:id/visibility: owner only; published_at set on first publication. */
export async function setVisibility(user: User, contentId: string, visibility: 'private' | 'public'): Promise<VisibilityResult> {
  const ownership = await ownershipOf(contentId);
  if (!ownership || ownership.userId !== user.id) throw new AppError(403, ERR.visibilityForbidden);
  // a moderator hid it from the marketplace (lib/marketplace/reviews.ts): only a moderator's restore publishes it
  if (visibility === 'public' && ownership.hiddenAt) throw new AppError(403, ERR.hiddenByModerator);
  await db().contentOwnership.update({
    where: { contentId, userId: user.id },
    data: { visibility, ...(visibility === 'public' && !ownership.publishedAt ? { publishedAt: new Date() } : {}) },
  });
  await forgetContent(contentId);
  return { contentId, visibility };
}

/** PATCH /h5p/content/:id/embed-settings: the owner's embed settings (ask anonymous viewers for a name). */
export async function setEmbedSettings(user: User, contentId: string, settings: { askName: boolean }): Promise<EmbedSettingsResult> {
  const ownership = await ownershipOf(contentId);
  if (!ownership || ownership.userId !== user.id) throw new AppError(403, ERR.notOwner);
  await db().contentOwnership.update({ where: { contentId, userId: user.id }, data: { embedAskName: settings.askName } });
  await forgetContent(contentId);
  return { contentId, askName: settings.askName };
}

/** GET /h5p/content/:id: the stored metadata, for a reader the read rule lets in (access.ts). */
export async function getContentInfo(contentId: string, reader: Reader): Promise<ContentInfo> {
  await assertCanRead(reader, contentId);
  const row = await db().h5pContent.findUnique({
    where: { id: contentId },
    select: { id: true, title: true, mainLibrary: true, createdAt: true, updatedAt: true, metadata: true, originContentId: true, originTitle: true, originAuthor: true, originLicense: true },
  });
  if (!row) throw new AppError(404, ERR.notFound);
  const meta = row.metadata as unknown as Partial<IContentMetadata>;
  return {
    id: row.id,
    title: row.title,
    mainLibrary: row.mainLibrary,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    embedTypes: meta.embedTypes?.length ? meta.embedTypes : CONTENT_DEFAULTS.embedTypes,
    ...(row.originContentId ? { origin: contentOriginOf(row) ?? undefined } : {}),
  };
}

/**
 * The item's latest revision id (lib/h5p/revisions), null before its first: what a save names as its base
 * (`baseRevision` or `If-Match`). The item's GET and the editor model answer it as `currentRevision` and `ETag`.
 */
export async function currentRevisionOf(contentId: string): Promise<string | null> {
  return (await latestRevision(db(), contentId))?.id ?? null;
}

/** The envelope's extra member and the ETag header naming a revision. */
export function revisionReply(revisionId: string | null, member: 'currentRevision' | 'revisionId' = 'currentRevision') {
  return { extra: { [member]: revisionId }, headers: revisionId ? { ETag: `"${revisionId}"` } : ({} as Record<string, string>) };
}

/**
 * POST /h5p/content/:id/duplicate: a private copy titled "<title> (copy)" for a teacher who may read the content
 * (the read rule, access.ts: 404 otherwise), charged to the caller's monthly content quota (429) and storage.
 * The owner's own tags come along; another reader's copy starts untagged.
 */
export async function duplicateContent(reader: Reader, user: User, contentId: string) {
  const facts = await assertCanRead(reader, contentId);
  const source = await db().h5pContent.findUnique({ where: { id: contentId }, select: COPY_SOURCE_SELECT });
  if (!source) throw new AppError(404, ERR.notFound);
  // a copy for editing: a licence without derivatives lets only its owner copy it (as the marketplace's clone)
  const licence = licenceOf(source.metadata);
  if (facts.ownerId !== user.id && forbidsDerivatives(licence)) throw new AppError(403, noDerivativesMessage(licence!), undefined, CONTENT_ERRORS.noDerivatives.code);
  return copyContent(source, user.id, {
    title: `${source.title} (copy)`,
    quotaExceeded: new AppError(429, ERR.quota),
    copyTags: facts.ownerId === user.id,
    // the licence and authors stay; the change log says where the copy came from
    change: { author: changeAuthorOf(user), log: `Copied from “${source.title}”` },
  });
}

export { recordView };

/** The xAPI activity id of a content item. */
export const activityIri = (contentId: string) => `${config().appUrl}/content/${encodeURIComponent(contentId)}`;

const cleanIntegration = (integration: Record<string, unknown>) => {
  const i = { ...integration };
  delete i.urlGenerator;
  return i;
};

/** How one viewer plays: their template (per content version and language) and the values of its slots. */
export interface PlayerView {
  template: PlayTemplate;
  values: SlotValues;
}

interface TemplateEntry {
  snapshot: ContentSnapshot;
  libraries: number;
  template: Promise<PlayTemplate>;
  /** the template once built (playTemplateNow) */
  ready?: PlayTemplate;
}

// a Course Presentation's template is ~100–200 KB (counted through the snapshot it holds, whose size it follows):
// a few hundred items' worth, dropped least recently built first
const templates = () => localCache<TemplateEntry>('playTemplates', { ttlMs: 10 * 60_000, max: 300, maxBytes: 48 * 1024 * 1024 });

/** The template of this version of the item in this language: built by the player's own render on first use (play-template.ts). */
function playTemplate(contentId: string, snapshot: ContentSnapshot, actor: H5pActor, language: string): Promise<PlayTemplate> {
  const key = `${contentId}\t${language}`;
  const libraries = cacheVersion('libraries');
  const hit = templates().get(key);
  if (hit && hit.snapshot === snapshot && hit.libraries === libraries) return hit.template;
  const template = (async () => {
    const { player } = await h5p();
    const model = (await player.render(contentId, actor, language).catch((err: unknown) => {
      // deleted between the check and the render: the same answer as unknown content
      if (err instanceof H5pError && /content-missing|content-not-found/.test(err.errorId)) throw new AppError(404, ERR.notFound);
      return notPlayable(contentId, err);
    })) as { integration: Record<string, unknown>; scripts: string[]; styles: string[] };
    const integration = cleanIntegration(model.integration);
    const contentKey = `cid-${contentId}`;
    const entry = (integration.contents as Record<string, Record<string, unknown>> | undefined)?.[contentKey];
    if (entry) {
      // H5P names the content's xAPI activity by this URL (object.id, and ?subContentId= for its questions): an IRI,
      // where Lumi gives the bare id (lib/results/statements.ts refuses statements whose activity is not an IRI)
      entry.url = activityIri(contentId);
      // the item's files under a key that is the same for every viewer of this version: cacheable across views
      // and viewers, and it works without any cookie (lib/auth/content-files-key.ts)
      entry.contentUrl = contentFilesUrl(contentId, snapshot.filesVersion);
    }
    return compileTemplate({ integration, scripts: model.scripts, styles: model.styles }, contentKey);
  })();
  const entry: TemplateEntry = { snapshot, libraries, template };
  templates().set(key, entry);
  template.then(
    (t) => void (entry.ready = t),
    () => {
      if (templates().get(key)?.template === template) templates().delete(key);
    },
  );
  return template;
}

/** The built template of this version of the item in this language when this instance holds it (no promise); undefined otherwise. */
function playTemplateNow(contentId: string, snapshot: ContentSnapshot, language: string): PlayTemplate | undefined {
  const hit = templates().get(`${contentId}\t${language}`);
  return hit && hit.snapshot === snapshot && hit.libraries === cacheVersion('libraries') ? hit.ready : undefined;
}

/** Where a player fetches this version of the item's files (relative: the player page's own origin answers). */
export const contentFilesUrl = (contentId: string, filesVersion: string) =>
  `/h5p/player-files/${contentFilesKey(contentId, filesVersion)}/${encodeURIComponent(contentId)}`;

/**
 * GET /h5p/play/:id and the player page: the read rule, then the item's template and this viewer's parts of it
 * (their AJAX addresses with their token, their identity and saved state). `learner`: an anonymous viewer's own
 * id for their saved state (the player page); `postUserStatistics: false` for viewers whose results are not scores.
 */
export interface PlayerViewOptions {
  countView?: boolean;
  postUserStatistics?: boolean;
  learner?: string;
}

export async function playerView(contentId: string, actor: H5pActor, language: string, opts: PlayerViewOptions = {}): Promise<PlayerView> {
  await assertCanRead(actor.reader, contentId);
  const snapshot = await contentSnapshot(contentId);
  if (!snapshot) throw new AppError(404, ERR.notFound);
  const [template, engine] = await Promise.all([playTemplate(contentId, snapshot, actor, language), h5p()]);
  const userData = (engine.player as unknown as { contentUserDataManager: ContentUserDataManager }).contentUserDataManager;
  const states = await userData.generateContentUserDataIntegration(contentId, actor);
  return viewOf(contentId, actor, template, engine, JSON.stringify(states) ?? 'null', opts);
}

/**
 * playerView from what this instance holds, without a promise (every promise on the busiest route costs, more so
 * under Node 20's promise hooks): the read rule decided on facts in memory, the built template, the engine and the
 * viewer's states in memory. undefined when anything must be loaded or refused — then playerView answers.
 */
export function playerViewNow(contentId: string, actor: H5pActor, language: string, opts: PlayerViewOptions = {}): PlayerView | undefined {
  if (!readableNow(actor.reader, contentId)) return undefined;
  const snapshot = contentSnapshotNow(contentId);
  const template = snapshot && playTemplateNow(contentId, snapshot, language);
  const engine = template && h5pNow();
  // the viewer may read the item (above): what generateContentUserDataIntegration answers them
  const states = engine && preloadedStatesJsonNow(contentId, actor.id);
  return states ? viewOf(contentId, actor, template, engine, states, opts) : undefined;
}

interface ViewerParts {
  ajax: string;
  ajaxPath: string;
  user: string;
}

const viewerParts = new WeakMap<H5pActor, ViewerParts>();

function viewerPartsOf(player: { urlGenerator: UrlGenerator }, actor: H5pActor, learner: string | undefined): ViewerParts {
  const urls = player.urlGenerator;
  let stateUrl = urls.contentUserData(actor);
  if (learner) stateUrl += `${stateUrl.includes('?') ? '&' : '?'}learner=${encodeURIComponent(learner)}`;
  return {
    ajax: JSON.stringify({ contentUserData: stateUrl, setFinished: urls.setFinished(actor) }),
    ajaxPath: JSON.stringify(urls.ajaxEndpoint(actor)),
    user: JSON.stringify({ name: actor.name, mail: actor.email, id: actor.id }),
  };
}

/** The viewer's parts of the model around the item's template. */
function viewOf(contentId: string, actor: H5pActor, template: PlayTemplate, engine: H5pEngine, statesJson: string, opts: PlayerViewOptions): PlayerView {
  const { player, config: cfg } = engine;
  if (opts.countView !== false) recordView(contentId);
  // the viewer's addresses and identity: the same for every call of one actor (kept with it) unless a learner is named
  const own = opts.learner ? undefined : viewerParts.get(actor);
  const viewer = own ?? viewerPartsOf(player as unknown as { urlGenerator: UrlGenerator }, actor, opts.learner);
  if (!opts.learner && !own) viewerParts.set(actor, viewer);
  return {
    template,
    // member by member: a spread followed by more members costs a microsecond in Node 20's V8 (lib/http/route.ts)
    values: {
      ajax: viewer.ajax,
      ajaxPath: viewer.ajaxPath,
      user: viewer.user,
      contentUserData: statesJson,
      postUserStatistics: opts.postUserStatistics === false ? 'false' : cfg.setFinishedEnabled ? 'true' : 'false',
      jsonContent: template.jsonContent,
    },
  };
}

/** GET /h5p/play/:id: the player model (integration, scripts, styles) as JSON text. */
export async function playerModelJson(contentId: string, actor: H5pActor, language: string, opts: { countView?: boolean } = {}): Promise<(string | Buffer)[]> {
  const { template, values } = playerViewNow(contentId, actor, language, opts) ?? (await playerView(contentId, actor, language, opts));
  return fillChunks(template, values);
}

/** playerModelJson from what this instance holds, without a promise (playerViewNow); undefined when it must load something. */
export function playerModelJsonNow(contentId: string, actor: H5pActor, language: string, opts: { countView?: boolean } = {}): (string | Buffer)[] | undefined {
  const view = playerViewNow(contentId, actor, language, opts);
  return view && fillChunks(view.template, view.values);
}

/** A render failure of content whose content type is not installed (removed, or rows without files) is a 404 that says so. */
async function notPlayable(contentId: string, err: unknown): Promise<never> {
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { mainLibrary: true, metadata: true } });
  if (row && !(await db().h5pLibrary.count({ where: { machineName: row.mainLibrary } }))) {
    throw new AppError(404, `Content type ${row.mainLibrary} is not installed`);
  }
  // stored metadata that does not name the version of its own content type (rows written outside the service)
  const deps = (row?.metadata as { preloadedDependencies?: { machineName?: unknown }[] } | null)?.preloadedDependencies;
  if (row && !(Array.isArray(deps) && deps.some((d) => d?.machineName === row.mainLibrary))) {
    throw new AppError(422, `Content cannot be played: it does not name the version of ${row.mainLibrary} it needs`);
  }
  throw err;
}

/** GET /h5p/new and /h5p/edit/:id: the editor model (rule 8). */
export async function editorModel(actor: H5pActor, language: string, contentId?: string, user?: User) {
  const { editor } = await h5p();
  if (contentId) {
    // content the caller may not read is unknown to them (404); readable content of another owner is 403 unless the
    // caller is one of its editors (issue 27)
    const facts = await assertCanRead(actor.reader, contentId);
    if (facts.ownerId && user && facts.ownerId !== user.id && !(await isOwnerOrEditor(user, contentId))) throw new AppError(403, ERR.notOwner);
  }
  const model = (await editor.render(contentId ?? (undefined as unknown as string), language, actor)) as {
    integration: Record<string, unknown>;
    scripts: string[];
    styles: string[];
  };
  // rule 8: the editor's integration names the content language too (the editor client reads it there)
  const integration = { ...cleanIntegration(model.integration), contentLanguage: language };
  const base = { integration, scripts: model.scripts, styles: model.styles, contentLanguage: language };
  if (!contentId) return base;
  const content = await editor.getContent(contentId, actor);
  return { ...base, library: content.library, params: content.params.params, metadata: content.h5p };
}

/**
 * Export: the content read rule (access.ts), refusing with the 403 the export has always answered; of the shares,
 * only an editor's lets a caller export (issue 27).
 */
export async function assertCanExport(reader: Reader, contentId: string) {
  await assertCanRead(reader, contentId, { denied: new AppError(403, ERR.notOwner), share: 'editor' });
}
