// Rights of use (issue 28 item 3): the licence and attribution H5P keeps in a content item's metadata — `license`
// and `licenseVersion`, `authors` ({name, role}), `source`, `yearFrom`/`yearTo`, `changes` ({date, author, log}),
// `licenseExtras`, `authorComments` — edited on their own (PATCH /h5p/content/:id/metadata) by the owner or an
// editor of a shared item, as PUT /h5p/content/:id allows. The edit is a save like any other: it goes through the
// content storage's addContent under withSave (kind `edit`, note "Rights of use changed"), so it keeps a revision,
// honours a named base revision (409) and forgets the cached item; the parameters and files are not touched.
// The vocabulary (codes, versions, roles, H5P's change date) is lib/content/licence.ts.
import type { IContentMetadata } from '@lumieducation/h5p-server';
import { z } from 'zod';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { AppError, errorOf, VALIDATION_ERROR } from '@/lib/errors';
import { AUTHOR_ROLES, h5pChangeDate, LICENCE_CODES, UNKNOWN_LICENCE, versionsOf } from '@/lib/content/licence';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { h5p } from '@/lib/h5p/engine/server';
import { withSave, type SaveContext } from '@/lib/h5p/revisions/context';
import { settleRevisionFiles } from '@/lib/h5p/revisions/record';
import { CONTENT_NOT_FOUND } from './access';
import { isOwnerOrEditor } from './roles';
import { forgetContent } from './content-cache';

/** Bounds of the rights of use (H5P's own schema allows 255 characters for names, 5,000 for the free texts). */
export const RIGHTS_LIMITS = { authors: 20, changes: 100, name: 255, log: 1000, text: 5000, source: 2000 } as const;

/** The revision note of a rights-of-use edit. */
export const RIGHTS_NOTE = 'Rights of use changed';

export const RIGHTS_ERR = {
  unknownLicence: UNKNOWN_LICENCE,
  role: `must be one of ${AUTHOR_ROLES.join(', ')}`,
  year: 'must be a year of 4 digits',
  yearOrder: 'must not be before yearFrom',
  source: 'must be an http(s) URL',
  tooManyAuthors: `at most ${RIGHTS_LIMITS.authors} authors`,
  tooManyChanges: `the change log holds at most ${RIGHTS_LIMITS.changes} entries`,
  updateForbidden: 'Only the owner can update this content',
  /** the version a code takes, for licenseVersion's 400 */
  version: (code: string) => {
    const v = versionsOf(code);
    return v.length ? `${code} takes version ${v.length > 1 ? `${v.slice(0, -1).join(', ')} or ${v[v.length - 1]}` : v[0]}` : `${code} takes no version`;
  },
} as const;

const at = (field: string, why: string) => `${VALIDATION_ERROR}: ${field}: ${why}`;

/** The route's errors (the API document's catalogue). */
export const RIGHTS_ERRORS = {
  unknownLicence: errorOf(400, VALIDATION_ERROR, `license: ${RIGHTS_ERR.unknownLicence}`),
  version: errorOf(400, VALIDATION_ERROR, 'licenseVersion: CC BY takes version 4.0, 3.0, 2.5, 2.0 or 1.0 (the versions of the code; "<code> takes no version" for U, C, PD, CC PDM and ODC PDDL)'),
  year: errorOf(400, VALIDATION_ERROR, `yearFrom: ${RIGHTS_ERR.year} (also yearTo; yearTo: ${RIGHTS_ERR.yearOrder})`),
  source: errorOf(400, VALIDATION_ERROR, `source: ${RIGHTS_ERR.source}`),
  authors: errorOf(400, VALIDATION_ERROR, `authors: ${RIGHTS_ERR.tooManyAuthors}; authors.<n>.role: ${RIGHTS_ERR.role}`),
  changes: errorOf(400, VALIDATION_ERROR, `change: ${RIGHTS_ERR.tooManyChanges}`),
  updateForbidden: errorOf(403, RIGHTS_ERR.updateForbidden),
  notFound: errorOf(404, CONTENT_NOT_FOUND),
} as const;

const isHttpUrl = (v: string) => {
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
};

/** A year: 4 digits, as a number or a string; null or '' clears it. */
const year = z
  .union([z.number(), z.string(), z.null()], { error: RIGHTS_ERR.year })
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d{4}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: RIGHTS_ERR.year });
      return z.NEVER;
    }
    return Number(s);
  });

/** A free text; null or '' clears it. */
const freeText = (max: number) => z.string().trim().max(max, `at most ${max} characters`).nullable();

/** PATCH /h5p/content/:id/metadata: any subset of the rights of use. A member left out keeps its value. */
export const rightsBody = z.object({
  license: z.enum(LICENCE_CODES, { error: RIGHTS_ERR.unknownLicence }).optional().describe("H5P's licence code"),
  licenseVersion: z.string().trim().max(10, 'at most 10 characters').nullable().optional().describe('the version of the code (CC: 4.0, 3.0, 2.5, 2.0, 1.0; CC0 1.0: 1.0; GNU GPL: v3, v2, v1; none for U, C, PD, CC PDM, ODC PDDL); left out with a new licence: the old version if the new code takes it, else none'),
  authors: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'is required').max(RIGHTS_LIMITS.name, `at most ${RIGHTS_LIMITS.name} characters`),
        role: z.enum(AUTHOR_ROLES, { error: RIGHTS_ERR.role }).default('Author'),
      }),
    )
    .max(RIGHTS_LIMITS.authors, RIGHTS_ERR.tooManyAuthors)
    .optional()
    .describe('replaces the list'),
  source: freeText(RIGHTS_LIMITS.source)
    .refine((v) => v === null || v === '' || isHttpUrl(v), RIGHTS_ERR.source)
    .optional()
    .describe('an http(s) URL; null or empty clears it'),
  yearFrom: year.optional(),
  yearTo: year.optional(),
  licenseExtras: freeText(RIGHTS_LIMITS.text).optional(),
  authorComments: freeText(RIGHTS_LIMITS.text).optional(),
  change: z
    .object({ log: z.string().trim().min(1, 'is required').max(RIGHTS_LIMITS.log, `at most ${RIGHTS_LIMITS.log} characters`) })
    .optional()
    .describe("a change to add to the log: dated now and signed with the caller's name (earlier entries cannot be edited here)"),
  baseRevision: z.string().max(100).optional().describe('the revision the form was opened on (409 when another save came after it); also If-Match'),
});
export type RightsBody = z.output<typeof rightsBody>;

export const rightsSchema = z.object({
  license: z.string(),
  licenseVersion: z.string().nullable(),
  authors: z.array(z.object({ name: z.string(), role: z.string() })),
  source: z.string().nullable(),
  yearFrom: z.number().int().nullable(),
  yearTo: z.number().int().nullable(),
  licenseExtras: z.string().nullable(),
  authorComments: z.string().nullable(),
  changes: z.array(z.object({ date: z.string(), author: z.string(), log: z.string() })),
});
export type Rights = z.infer<typeof rightsSchema>;
export const rightsResultSchema = z.object({ contentId: z.string(), rights: rightsSchema });

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const yearOf = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : str(v);
  return s && /^-?\d{1,4}$/.test(s) ? Number(s) : null;
};

/** The rights of use of stored metadata, tolerant of what older saves and imports hold (U without a licence). */
export function rightsOfMetadata(metadata: unknown): Rights {
  const m = (metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x)) : []);
  return {
    license: str(m.license) ?? 'U',
    licenseVersion: str(m.licenseVersion),
    authors: list(m.authors).flatMap((a) => (str(a.name) ? [{ name: str(a.name)!, role: str(a.role) ?? 'Author' }] : [])),
    source: str(m.source),
    yearFrom: yearOf(m.yearFrom),
    yearTo: yearOf(m.yearTo),
    licenseExtras: str(m.licenseExtras),
    authorComments: str(m.authorComments),
    changes: list(m.changes).flatMap((c) => (str(c.log) || str(c.author) || str(c.date) ? [{ date: str(c.date) ?? '', author: str(c.author) ?? '', log: str(c.log) ?? '' }] : [])),
  };
}

/** Who signs a change: the user's name (the metadata may be published; never their email), else Anonymous. */
export const changeAuthorOf = (user: Pick<User, 'name'>): string => (user.name?.trim() || 'Anonymous').slice(0, RIGHTS_LIMITS.name);

/** `rights` written into `metadata` as H5P keeps them: empty members are left out (H5P's schema wants 1+ characters). */
export function withRights(metadata: Record<string, unknown>, rights: Rights): Record<string, unknown> {
  const out: Record<string, unknown> = { ...metadata, license: rights.license, authors: rights.authors, changes: rights.changes };
  const set = (k: keyof Rights, v: string | number | null) => {
    if (v === null || v === '') delete out[k];
    else out[k] = v;
  };
  set('licenseVersion', rights.licenseVersion);
  set('source', rights.source);
  set('yearFrom', rights.yearFrom);
  set('yearTo', rights.yearTo);
  set('licenseExtras', rights.licenseExtras);
  set('authorComments', rights.authorComments);
  return out;
}

/** The stored rights with the body's changes applied and checked together (version for its code, year order). */
export function mergeRights(current: Rights, body: RightsBody, user: Pick<User, 'name'>, now = new Date()): Rights {
  const next: Rights = { ...current, authors: [...current.authors], changes: [...current.changes] };
  if (body.license !== undefined) next.license = body.license;
  if (body.licenseVersion !== undefined) next.licenseVersion = body.licenseVersion || null;
  if (next.licenseVersion && !versionsOf(next.license).includes(next.licenseVersion)) {
    // a version the body names must fit the code; a stale one (an old save's, or the previous code's) just goes
    if (body.licenseVersion) throw new AppError(400, at('licenseVersion', RIGHTS_ERR.version(next.license)));
    next.licenseVersion = null;
  }
  if (body.authors !== undefined) next.authors = body.authors.map((a) => ({ name: a.name, role: a.role }));
  if (body.source !== undefined) next.source = body.source || null;
  if (body.yearFrom !== undefined) next.yearFrom = body.yearFrom;
  if (body.yearTo !== undefined) next.yearTo = body.yearTo;
  const yearsGiven = body.yearFrom !== undefined || body.yearTo !== undefined;
  if (yearsGiven && next.yearFrom !== null && next.yearTo !== null && next.yearTo < next.yearFrom) throw new AppError(400, at('yearTo', RIGHTS_ERR.yearOrder));
  if (body.licenseExtras !== undefined) next.licenseExtras = body.licenseExtras || null;
  if (body.authorComments !== undefined) next.authorComments = body.authorComments || null;
  if (body.change) {
    if (next.changes.length >= RIGHTS_LIMITS.changes) throw new AppError(400, at('change', RIGHTS_ERR.tooManyChanges));
    next.changes.push({ date: h5pChangeDate(now), author: changeAuthorOf(user), log: body.change.log });
  }
  return next;
}

/**
 * PATCH /h5p/content/:id/metadata: the owner or an editor (content without an owner: any teacher, who becomes its
 * owner, as PUT /h5p/content/:id). 404 for unknown content; 403 `Only the owner can update this content` otherwise.
 */
export async function updateRights(user: User, actor: H5pActor, contentId: string, body: RightsBody, opts: { baseRevision?: string } = {}) {
  const [row, ownership] = await Promise.all([
    db().h5pContent.findUnique({ where: { id: contentId }, select: { metadata: true, parameters: true } }),
    db().contentOwnership.findUnique({ where: { contentId }, select: { userId: true } }),
  ]);
  if (!row) throw new AppError(404, CONTENT_NOT_FOUND);
  if (ownership && ownership.userId !== user.id && !(await isOwnerOrEditor(user, contentId))) throw new AppError(403, RIGHTS_ERR.updateForbidden);
  const metadata = (row.metadata && typeof row.metadata === 'object' && !Array.isArray(row.metadata) ? row.metadata : {}) as Record<string, unknown>;
  const rights = mergeRights(rightsOfMetadata(metadata), body, user);
  const next = withRights(metadata, rights);
  const baseRevision = opts.baseRevision ?? body.baseRevision;
  const { contentStorage } = await h5p();
  // one save: the row (same parameters) and its revision in one transaction under the row lock (409 on a stale base)
  const save: SaveContext = { kind: 'edit', author: { id: user.id, name: user.name || user.email }, note: RIGHTS_NOTE, metadataOnly: true, ...(baseRevision !== undefined ? { baseRevision } : {}) };
  await withSave(save, () => contentStorage.addContent(next as unknown as IContentMetadata, row.parameters, actor, contentId));
  if (!ownership) {
    await db().contentOwnership.upsert({ where: { contentId }, create: { contentId, userId: user.id, visibility: 'private' }, update: {} });
    await forgetContent(contentId);
  }
  if (save.revisionId) await settleRevisionFiles(save.revisionId);
  return { contentId, rights, revisionId: save.revisionId ?? null };
}
