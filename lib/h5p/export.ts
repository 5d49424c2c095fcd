// H5P export (rule 10): a .h5p ZIP with h5p.json, content/content.json, the content's files and the
// libraries it depends on, produced by the library's PackageExporter and streamed to the response.
import { PassThrough } from 'node:stream';
import { db } from '@/lib/db/client';
import { assertCanExport } from './content';
import { AppError } from '@/lib/http/errors';
import { nodeToWeb } from './http';
import type { H5pActor } from './permissions';
import { h5p } from './server';

/** A download name from the title: letters, digits, spaces, dots, dashes and underscores only. */
export function exportFilename(title: string, suffix: string): string {
  const clean = title.normalize('NFKD').replace(/[^\w .-]+/g, '').replace(/\s+/g, ' ').trim().slice(0, 100) || 'content';
  return `${clean}${suffix}`;
}

export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function exportResponse(contentId: string, actor: H5pActor): Promise<Response> {
  await assertCanExport(actor.reader, contentId);
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true } });
  if (!row) throw new AppError(404, 'Content not found');
  const { editor } = await h5p();
  const pass = new PassThrough();
  // errors after the first byte can only end the stream; before it they would be lost, so check first
  await editor.getContent(contentId, actor);
  editor.exportContent(contentId, pass, actor).catch((err: Error) => pass.destroy(err));
  return new Response(nodeToWeb(pass), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachment(exportFilename(row.title, '.h5p')) },
  });
}
