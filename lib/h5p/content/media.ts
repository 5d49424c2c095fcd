// Media upload and attach (rule 12). Uploads are decoded into the caller's own temporary folder under a
// sanitised, unique name (no traversal, no overwriting anyone's upload) and checked against the H5P content
// whitelist; attach copies the caller's named uploads into the content's media folder.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { assertContentMatches } from '@/lib/files/sniff';
import { z } from 'zod';
import { AppError, errorOf } from '@/lib/errors';
import { ERR } from './content';
import { CONTENT_WHITELIST } from './package-inspector';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { h5p } from '@/lib/h5p/engine/server';
import { copyUploadIntoContent } from './uploads';

export const MEDIA_TYPES = ['images', 'videos', 'audios'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Media types accepted for upload, each with the extensions it may carry (all within the H5P whitelist). */
const MIME_EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/jpg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tif', 'tiff'],
  'video/mp4': ['mp4'],
  'video/webm': ['webm'],
  'video/ogg': ['ogg'],
  'audio/mpeg': ['mp3'],
  'audio/mp3': ['mp3'],
  'audio/mp4': ['m4a'],
  'audio/x-m4a': ['m4a'],
  'audio/ogg': ['ogg'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/webm': ['webm'],
  'text/vtt': ['vtt', 'webvtt'],
  'application/pdf': ['pdf'],
};

export const MEDIA_ERR = {
  type: 'File type not allowed',
  base64: 'Validation error: data is not valid base64',
  empty: 'Validation error: data is empty',
} as const;
export const MEDIA_ERRORS = { type: errorOf(400, MEDIA_ERR.type), base64: errorOf(400, MEDIA_ERR.base64), empty: errorOf(400, MEDIA_ERR.empty) } as const;

/** POST /h5p/media/upload: the stored upload (its URL under /h5p/temp/uploads/). */
export const uploadedMediaSchema = z.object({ url: z.string(), filename: z.string(), size: z.number().int(), contentType: z.string() });
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;
/** POST /h5p/media/attach: the uploads copied into the content's folder. */
export const attachedMediaSchema = z.object({ contentId: z.string(), attached: z.array(z.string()), count: z.number().int(), mediaType: z.enum(MEDIA_TYPES) });
export type AttachedMedia = z.infer<typeof attachedMediaSchema>;

/** `My Photo (1).PNG` → `My-Photo-1.png`; never a path, never hidden, at most 100 characters. */
export function sanitizeMediaName(filename: string): { stem: string; ext: string } {
  const base = filename.replace(/\\/g, '/').split('/').pop() ?? '';
  const ext = path.extname(base).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '');
  const stem = path
    .basename(base, path.extname(base))
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return { stem: stem || 'file', ext };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function uploadMedia(actor: H5pActor, input: { filename: string; data: string; contentType: string }): Promise<UploadedMedia> {
  const contentType = input.contentType.toLowerCase().split(';')[0]!.trim();
  const { stem, ext } = sanitizeMediaName(input.filename);
  const allowedExt = MIME_EXTENSIONS[contentType];
  if (!allowedExt || !ext || !allowedExt.includes(ext) || !CONTENT_WHITELIST.includes(ext)) throw new AppError(400, MEDIA_ERR.type);
  const raw = input.data.replace(/^data:[^;,]+;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(raw) || raw.length % 4 === 1) throw new AppError(400, MEDIA_ERR.base64);
  const bytes = Buffer.from(raw, 'base64');
  if (!bytes.length) throw new AppError(400, MEDIA_ERR.empty);
  // the bytes must be what the type and name say (an HTML page named .png is refused)
  assertContentMatches(ext, bytes);
  const filename = await storeUpload(actor, `${stem}.${ext}`, bytes);
  return { url: `/h5p/temp/uploads/${filename}`, filename, size: bytes.length, contentType };
}

/**
 * Stores bytes (or the file at a local path) as an upload of `actor` (temp/<user>/uploads/, kept for a day) under
 * a sanitised, unique name — two uploads of "photo.png" (by anyone) never overwrite each other — and returns it.
 */
export async function storeUpload(actor: H5pActor, originalName: string, data: Buffer | { path: string }): Promise<string> {
  const { stem, ext } = sanitizeMediaName(originalName);
  if (!ext || !CONTENT_WHITELIST.includes(ext)) throw new AppError(400, MEDIA_ERR.type);
  const filename = `${stem}-${randomBytes(4).toString('hex')}.${ext}`;
  const { editor } = await h5p();
  const stream = Buffer.isBuffer(data) ? Readable.from(data) : fs.createReadStream(data.path);
  await editor.temporaryStorage.saveFile(`uploads/${filename}`, stream as unknown as fs.ReadStream, actor, new Date(Date.now() + 24 * 60 * 60 * 1000));
  return filename;
}

export async function attachMedia(user: User, input: { contentId: string; files: string[]; mediaType: MediaType }): Promise<AttachedMedia> {
  const [content, ownership] = await Promise.all([
    db().h5pContent.findUnique({ where: { id: input.contentId }, select: { id: true } }),
    db().contentOwnership.findUnique({ where: { contentId: input.contentId } }),
  ]);
  if (!content) throw new AppError(404, ERR.notFound);
  if (ownership && ownership.userId !== user.id) throw new AppError(403, ERR.notOwner);
  const attached: string[] = [];
  for (const name of input.files) {
    const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
    try {
      // only the caller's own uploads can be attached; one missing from temporary storage is skipped
      const ok = await copyUploadIntoContent({ uploaderId: user.id, chargeTo: ownership?.userId ?? user.id, contentId: input.contentId, folder: input.mediaType, name: base });
      if (ok) attached.push(base);
    } catch (err) {
      if (err instanceof AppError) throw err;
      /* unreadable in temporary storage: skipped without error */
    }
  }
  return { contentId: input.contentId, attached, count: attached.length, mediaType: input.mediaType };
}
