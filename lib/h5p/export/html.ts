// Offline HTML export (issue 28 item 2): one self-contained .html file — the H5P core, every library's scripts and
// styles (minified) and every content file inlined as data: URLs — that plays from a USB stick or an intranet without
// the service. @lumieducation/h5p-html-exporter does the bundling over the engine's own storages (database and file
// store, so it works the same on S3). Content whose files are too large to inline (video) is refused before any work
// with 413 and a text that says what to use instead; the export right is the .h5p export's (owner, editor, admin).
import HtmlExporter from '@lumieducation/h5p-html-exporter';
import { db } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import { fileStore } from '@/lib/files/store';
import { assertCanExport } from '@/lib/h5p/content/content';
import { contentPrefix, coreDir, editorDir } from '@/lib/h5p/engine/paths';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { h5p } from '@/lib/h5p/engine/server';
import { log } from '@/lib/log';
import { attachment, exportFilename } from './h5p';

/**
 * The most content-file bytes an offline file inlines: base64 makes them a third larger, and a browser opening a
 * single HTML file of more than ~60 MB from file:// becomes slow to parse. Larger content exports as .h5p or SCORM.
 */
export const HTML_EXPORT_MAX_BYTES = 40 * 1024 * 1024;

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
export const htmlTooLarge = (bytes: number) =>
  `Content too large for an offline HTML file: its files take ${mb(bytes)} and at most ${mb(HTML_EXPORT_MAX_BYTES)} can be inlined. Export it as .h5p or SCORM instead`;
export const HTML_EXPORT_ERRORS = { tooLarge: errorOf(413, htmlTooLarge(HTML_EXPORT_MAX_BYTES + 1)) } as const;

let exporter: Promise<HtmlExporter> | undefined;
async function htmlExporter(): Promise<HtmlExporter> {
  exporter ??= h5p().then((engine) => new HtmlExporter(engine.libraryStorage, engine.contentStorage, engine.config, coreDir(), editorDir()));
  return exporter;
}

/** The offline HTML file of `contentId` as a download (the caller's export right checked first). */
export async function htmlExportResponse(contentId: string, actor: H5pActor, language?: string): Promise<Response> {
  await assertCanExport(actor.reader, contentId);
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true, metadata: true } });
  if (!row) throw new AppError(404, 'Content not found');
  const files = await fileStore().list(contentPrefix(contentId));
  const bytes = files.filter((f) => f.name !== 'content.json').reduce((sum, f) => sum + f.size, 0);
  if (bytes > HTML_EXPORT_MAX_BYTES) throw new AppError(413, htmlTooLarge(bytes));
  const stored = (row.metadata as { language?: string } | null)?.language;
  const lang = language ?? (stored && stored !== 'und' ? stored : 'en');
  const started = performance.now();
  const html = await (await htmlExporter()).createSingleBundle(contentId, actor, { language: lang, showLicenseButton: true });
  log.info({ contentId, ms: Math.round(performance.now() - started), bytes: html.length }, 'offline HTML export');
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Disposition': attachment(exportFilename(row.title, '.html')),
      // a download, never a page of this origin: the file's scripts run only where the user opens it
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
