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
import { minifyScripts } from './minify';

/**
 * The most content-file bytes an offline file inlines: base64 makes them a third larger, and a browser opening a
 * single HTML file of more than ~60 MB from file:// becomes slow to parse. Larger content exports as .h5p or SCORM.
 */
export const HTML_EXPORT_MAX_BYTES = 40 * 1024 * 1024;

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
export const htmlTooLarge = (bytes: number) =>
  `Content too large for an offline HTML file: its files take ${mb(bytes)} and at most ${mb(HTML_EXPORT_MAX_BYTES)} can be inlined. Export it as .h5p or SCORM instead`;
export const HTML_EXPORT_ERRORS = { tooLarge: errorOf(413, htmlTooLarge(HTML_EXPORT_MAX_BYTES + 1)) } as const;

/** What the exporter's script bundling uses of itself (private in its typings; the same at run time). */
interface ScriptBundling {
  getFileAsText(
    name: string,
    usedFiles: unknown,
  ): Promise<{ text: string; filename: string; core?: boolean; editor?: boolean; library?: unknown }>;
  generateLicenseText(filename: string, core?: boolean, editor?: boolean, library?: unknown): Promise<string>;
  getScriptBundle(model: { scripts: string[] }, usedFiles: unknown, additionalScripts?: string[]): Promise<string>;
}

/**
 * The exporter with its script bundle minified off the event loop (./minify.ts): the same texts, licence comments
 * and order as the library's own getScriptBundle, which calls uglify-js synchronously in the request's thread.
 */
function offThreadExporter(engine: Awaited<ReturnType<typeof h5p>>): HtmlExporter {
  const exporter = new HtmlExporter(engine.libraryStorage, engine.contentStorage, engine.config, coreDir(), editorDir());
  const self = exporter as unknown as ScriptBundling;
  self.getScriptBundle = async (model, usedFiles, additionalScripts = []) => {
    const texts = await Promise.all(
      model.scripts.map(async (script) => {
        const { text, filename, core, editor, library } = await self.getFileAsText(script, usedFiles);
        // a script may not end the inline <script> element it is written into
        return (await self.generateLicenseText(filename, core, editor, library)) + text.replace(/<\/script>/g, '<\\/script>');
      }),
    );
    return minifyScripts(texts.concat(additionalScripts));
  };
  return exporter;
}

let exporter: Promise<HtmlExporter> | undefined;
async function htmlExporter(): Promise<HtmlExporter> {
  exporter ??= h5p().then(offThreadExporter);
  return exporter;
}

/**
 * Exports this instance builds at once: each holds its inlined files up to three times (base64 text, the page, its
 * bytes), up to ~200 MB for the largest; more wait their turn rather than exhaust the instance's memory.
 */
const EXPORTS_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= EXPORTS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes on
    else running--;
  }
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
  const html = await inTurn(async () => {
    const started = performance.now();
    const page = await (await htmlExporter()).createSingleBundle(contentId, actor, { language: lang, showLicenseButton: true });
    log.info({ contentId, ms: Math.round(performance.now() - started), bytes: page.length }, 'offline HTML export');
    return page;
  });
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
