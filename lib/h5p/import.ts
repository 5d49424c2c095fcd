// POST /h5p/import (rule 11): the upload is streamed to disk, checked as hostile (package-inspector.ts), then
// handed to the H5P library's importer and validator. Any refusal answers 400 and leaves nothing behind: the
// upload is deleted, a content row or folder created on the way is removed and the quota is given back.
import { H5pError } from '@lumieducation/h5p-server';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { consumeContentQuota, releaseContentQuota } from '@/lib/plans/quota';
import { ERR } from './content';
import { MultipartError, parseMultipart, UploadTooLargeError } from './multipart';
import { inspectPackage, PackageRejected, hasZipSignature } from './package-inspector';
import type { H5pActor } from './permissions';
import { h5p, MAX_FILE_SIZE, MAX_TOTAL_SIZE } from './server';
import { scheduleQualityReport } from './quality/background';

export const MAX_IMPORT_SIZE = 500 * 1024 * 1024;
export const ACCEPTED_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

export const IMPORT_ERR = {
  noFile: 'No file uploaded',
  tooLarge: 'File too large: the import limit is 500 MB',
  type: 'Invalid file type: upload an .h5p package (application/zip)',
  notZip: 'Invalid file: not a valid ZIP archive',
} as const;

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

/** Imports the uploaded `.h5p` (file field h5p) as new private content of `user`. */
export async function importPackage(req: Request, user: User, actor: H5pActor) {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_IMPORT_SIZE + 1024 * 1024) throw new AppError(400, IMPORT_ERR.tooLarge);
  let parsed;
  try {
    parsed = await parseMultipart(req, { maxFileSize: MAX_IMPORT_SIZE, maxFiles: 1, fileFields: ['h5p'] });
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw new AppError(400, IMPORT_ERR.tooLarge);
    if (err instanceof MultipartError) throw new AppError(400, IMPORT_ERR.noFile);
    throw err;
  }
  let quotaTaken = false;
  let contentId: string | undefined;
  try {
    const file = parsed.files.find((f) => f.field === 'h5p');
    if (!file || file.size === 0) throw new AppError(400, IMPORT_ERR.noFile);
    const type = (file.mimetype || '').toLowerCase();
    if (!ACCEPTED_TYPES.includes(type) && !file.filename.toLowerCase().endsWith('.h5p')) throw new AppError(400, IMPORT_ERR.type);
    if (!hasZipSignature(file.head)) throw new AppError(400, IMPORT_ERR.notZip);
    await assertSafePackage(file.path);
    if (!(await consumeContentQuota(user.id))) throw new AppError(429, ERR.quota);
    quotaTaken = true;
    const { editor } = await h5p();
    let result;
    try {
      result = await editor.packageImporter.addPackageLibrariesAndContent(file.path, actor);
    } catch (err) {
      if (err instanceof H5pError && err.httpStatusCode >= 500) throw err;
      if (err instanceof H5pError || (err as { name?: string })?.name === 'AggregateH5pError' || err instanceof SyntaxError) {
        throw new AppError(400, describe(err));
      }
      throw err;
    }
    contentId = String(result.id);
    await db().contentOwnership.create({ data: { contentId, userId: user.id, visibility: 'private' } });
    scheduleQualityReport(contentId);
    return { contentId, installedLibraries: result.installedLibraries.length, title: result.metadata?.title };
  } catch (err) {
    if (quotaTaken) await releaseContentQuota(user.id).catch(() => undefined);
    if (contentId) {
      const { contentStorage } = await h5p();
      await db().contentOwnership.deleteMany({ where: { contentId } }).catch(() => undefined);
      await contentStorage.deleteContent(contentId).catch(() => undefined);
    }
    throw err;
  } finally {
    await parsed.cleanup();
  }
}
