// POST /h5p/import (rule 11): the upload is streamed to disk, then unpacked in one pass that makes the
// hostile-package checks as it inflates (package-inspector.ts extractPackage) into a folder beside the content
// store; the H5P library's validator checks the unpacked tree, library versions not yet installed are installed
// from it (an installed version is checked but never written), and the content's files are moved (renamed) into
// place under the new content's id, announced first in pending_contents; then the content row, its private owner
// and the quota and storage charges are committed in one transaction (create-owned.ts). Any refusal answers 400 and
// leaves nothing behind: the upload and the unpacked folder are deleted, and files moved in are removed. A crash
// leaves no visible content: the files of the uncommitted item, the unpacked folder and the upload are swept at
// start-up (sweep.ts).
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ContentPermission, GeneralPermission, H5pError, LibraryName, type IContentMetadata, type ILibraryMetadata, type ILibraryName } from '@lumieducation/h5p-server';
import PackageValidator from '@lumieducation/h5p-server/build/src/PackageValidator';
import type { User } from '@/lib/generated/prisma/client';
import { z } from 'zod';
import { AppError, errorOf } from '@/lib/errors';
import { CONTENT_QUOTA_EXCEEDED } from '@/lib/plans/quota';
import { assertQuotaLeft, createOwnedContent } from './create-owned';
import { MultipartError, parseMultipart, TruncatedUploadError, UPLOAD_TRUNCATED, UploadTooLargeError } from '@/lib/net/multipart';
import { extractPackage, inspectPackage, PackageRejected, hasZipSignature } from './package-inspector';
import { h5pRoot } from '@/lib/h5p/engine/paths';
import { RolePermissionSystem, type H5pActor } from '@/lib/h5p/engine/permissions';
import { h5p, MAX_FILE_SIZE, MAX_TOTAL_SIZE } from '@/lib/h5p/engine/server';
import { contentRow } from '@/lib/h5p/engine/storage/content-storage';
import { upgradeOnImport } from '@/lib/h5p/upgrade/on-import';

export const MAX_IMPORT_SIZE = 500 * 1024 * 1024;
export const ACCEPTED_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

export const IMPORT_ERR = {
  noFile: 'No file uploaded',
  tooLarge: 'File too large: the import limit is 500 MB',
  type: 'Invalid file type: upload an .h5p package (application/zip)',
  notZip: 'Invalid file: not a valid ZIP archive',
} as const;
export const IMPORT_ERRORS = {
  noFile: errorOf(400, IMPORT_ERR.noFile),
  type: errorOf(400, IMPORT_ERR.type),
  notZip: errorOf(400, IMPORT_ERR.notZip),
  tooLarge: errorOf(400, IMPORT_ERR.tooLarge),
  truncated: errorOf(400, UPLOAD_TRUNCATED),
} as const;

/** POST /h5p/import: the new content and how many libraries the package installed. */
export const importedContentSchema = z.object({ contentId: z.string(), installedLibraries: z.number().int() });

/** `H5P.Foo-1.2, H5P.Bar-1.0` (the library's uber names) as a teacher reads them: `H5P.Foo 1.2, H5P.Bar 1.0`. */
export function missingLibrariesText(uberNames: string): string {
  const names = [...new Set(uberNames.split(',').map((n) => n.trim().replace(/-(\d+\.\d+)$/, ' $1')).filter(Boolean))];
  return `This package needs content types that are not installed: ${names.join(', ')}. Ask an administrator to install them.`;
}

function describe(err: unknown): string {
  if (err instanceof H5pError && err.errorId === 'install-missing-libraries') return missingLibrariesText(String(err.replacements?.libraries ?? ''));
  if (err instanceof H5pError) {
    const details = err.replacements && Object.keys(err.replacements).length ? ` (${Object.values(err.replacements).flat().join(', ')})` : '';
    return `Invalid package: ${err.errorId}${details}`;
  }
  const agg = err as { name?: string; errors?: { errorId?: string; message?: string }[]; message?: string };
  if (agg?.name === 'AggregateH5pError' || Array.isArray(agg?.errors)) {
    return `Invalid package: ${(agg.errors ?? []).map((e) => e.errorId ?? e.message).join(', ') || agg.message}`;
  }
  return `Invalid package: ${(err as Error)?.message ?? 'unreadable'}`;
}

/** Inspects an uploaded package as hostile (package-inspector.ts): 400 with the refusal's text. */
export async function assertSafePackage(file: string): Promise<void> {
  try {
    await inspectPackage(file, { maxFileSize: MAX_FILE_SIZE, maxTotalSize: MAX_TOTAL_SIZE });
  } catch (err) {
    if (err instanceof PackageRejected) throw new AppError(400, err.message);
    throw err;
  }
}

/**
 * The editor's `POST /h5p/ajax?action=library-upload` (field h5p): the same inspection as an import before the
 * H5P library unpacks the package or installs what it carries.
 */
export async function inspectLibraryUpload(file: { path: string; size: number } | undefined): Promise<void> {
  if (!file || file.size === 0) throw new AppError(400, IMPORT_ERR.noFile);
  await assertSafePackage(file.path);
}

/** Where packages are unpacked during an import: beside the content store, so their files move in by rename. */
export const importsRoot = () => path.join(h5pRoot(), 'imports');


const isH5pFailure = (err: unknown) =>
  err instanceof H5pError || (err as { name?: string })?.name === 'AggregateH5pError' || err instanceof SyntaxError;

/**
 * Unpacks `file` (an uploaded .h5p) into a folder of its own and installs it as new private content of `ownerId`
 * (acting as `actor`): the one-pass checks and extraction, the H5P validator on the unpacked tree, the libraries
 * the package brings that are not installed yet (only for those who may install libraries), then its files and
 * the committed row. Returns the content id; throws AppError(400, …) for a refused package, 429 past the quota.
 * The folder is always removed.
 */
export async function installPackage(file: string, actor: H5pActor, ownerId: string, beforeWrite?: () => Promise<void>) {
  const { editor, contentStorage } = await h5p();
  const libraries = editor.libraryManager;
  const mayInstall = await new RolePermissionSystem().checkForGeneralAction(actor, GeneralPermission.UpdateAndInstallLibraries);
  const dir = path.join(importsRoot(), randomUUID());
  await fsp.mkdir(dir, { recursive: true });
  try {
    try {
      await extractPackage(file, { maxFileSize: MAX_FILE_SIZE, maxTotalSize: MAX_TOTAL_SIZE }, {
        dest: dir,
        // library files are written once per version: an installed version (same or newer patch) is skipped
        keepLibrary: async (_folder, json) => {
          if (!mayInstall) return false;
          let meta: ILibraryMetadata;
          try {
            meta = JSON.parse(json.toString('utf8')) as ILibraryMetadata;
          } catch {
            return true; // the validator names what is wrong with it
          }
          if (typeof meta?.machineName !== 'string' || !Number.isInteger(meta.majorVersion) || !Number.isInteger(meta.minorVersion)) return true;
          if (!(await libraries.libraryExists(meta))) return true;
          return Boolean(await libraries.isPatchedLibrary(meta));
        },
      });
    } catch (err) {
      if (err instanceof PackageRejected) throw new AppError(400, err.message);
      throw err;
    }
    await beforeWrite?.();
    let installed: unknown[] = [];
    try {
      await new PackageValidator(editor.config, libraries).validateExtractedPackage(dir, true, mayInstall);
      if (mayInstall) {
        const folders = (await fsp.readdir(dir)).filter((d) => d !== 'h5p.json' && d !== 'content').sort();
        installed = (await Promise.all(folders.map((d) => libraries.installFromDirectory(path.join(dir, d), false)))).filter((r) => r && r.type !== 'none');
      }
      let metadata = JSON.parse(await fsp.readFile(path.join(dir, 'h5p.json'), 'utf8')) as IContentMetadata;
      let parameters: unknown = JSON.parse(await fsp.readFile(path.join(dir, 'content', 'content.json'), 'utf8'));
      // content on an older version of an installed type is upgraded to the newest installed version (its own
      // upgrade hooks, in the sandbox), also when the package does not bring the older version (issue 28 item 1)
      const upgraded = await upgradeOnImport(metadata, parameters);
      if (upgraded) ({ metadata, params: parameters } = upgraded);
      const required: ILibraryName[] = [...(metadata.editorDependencies ?? []), ...(metadata.dynamicDependencies ?? []), ...(metadata.preloadedDependencies ?? [])];
      const missing = await libraries.getNotInstalledLibraries(required);
      if (missing.length) throw new H5pError('install-missing-libraries', { libraries: missing.map((l) => LibraryName.toUberName(l)).join(', ') }, 400);
      if (!(await new RolePermissionSystem().checkForContent(actor, ContentPermission.Create, undefined))) {
        throw new H5pError('h5p-server:content-missing-create-permission', {}, 403);
      }
      // the unpacked files move in under the new id, then the row, its owner and the charges commit together
      // (create-owned.ts: undone on any failure, the quality report scheduled once it exists)
      const contentId = await createOwnedContent(ownerId, {
        row: (id) => contentRow(id, metadata, parameters, actor.id, contentStorage.semantics),
        quotaExceeded: new AppError(429, CONTENT_QUOTA_EXCEEDED),
        storeFiles: async (id) => (await contentStorage.adoptFiles(id, path.join(dir, 'content'))).bytes,
        revisionKind: 'import',
        revisionNote: upgraded?.note ?? null,
      });
      return { contentId, installedLibraries: installed.length, metadata };
    } catch (err) {
      if (err instanceof H5pError && err.httpStatusCode >= 500) throw err;
      if (isH5pFailure(err)) throw new AppError(400, describe(err));
      throw err;
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Imports the uploaded `.h5p` (file field h5p) as new private content of `user`. */
export async function importPackage(req: Request, user: User, actor: H5pActor) {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_IMPORT_SIZE + 1024 * 1024) throw new AppError(400, IMPORT_ERR.tooLarge);
  let parsed;
  try {
    parsed = await parseMultipart(req, { maxFileSize: MAX_IMPORT_SIZE, maxFiles: 1, fileFields: ['h5p'] });
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw new AppError(400, IMPORT_ERR.tooLarge);
    if (err instanceof TruncatedUploadError) throw new AppError(400, UPLOAD_TRUNCATED);
    if (err instanceof MultipartError) throw new AppError(400, IMPORT_ERR.noFile);
    throw err;
  }
  try {
    const file = parsed.files.find((f) => f.field === 'h5p');
    if (!file || file.size === 0) throw new AppError(400, IMPORT_ERR.noFile);
    const type = (file.mimetype || '').toLowerCase();
    if (!ACCEPTED_TYPES.includes(type) && !file.filename.toLowerCase().endsWith('.h5p')) throw new AppError(400, IMPORT_ERR.type);
    if (!hasZipSignature(file.head)) throw new AppError(400, IMPORT_ERR.notZip);
    // refused early, before libraries are installed; the charge itself is taken with the row (one transaction)
    const result = await installPackage(file.path, actor, user.id, () => assertQuotaLeft(user.id, new AppError(429, CONTENT_QUOTA_EXCEEDED)));
    return { contentId: result.contentId, installedLibraries: result.installedLibraries, title: result.metadata.title };
  } finally {
    await parsed.cleanup();
  }
}
