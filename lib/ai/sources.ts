// Source material for generation (issue 13, item 4): a web page (fetched server-side through the SSRF guard of
// lib/net/outbound.ts — http/https only, no private, loopback or link-local address after DNS resolution and on
// every redirect unless ALLOWED_PRIVATE_HOSTS lists the host — bounded in size and time; its main text extracted
// with Mozilla's Readability on a linkedom document, no script run), and an existing content item's text.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { AppError } from '@/lib/errors';
import { AI_ERR, NOT_A_PDF, PAGE_TOO_SHORT, PDF_NO_TEXT, pdfPagesError } from './errors';
import { OutboundUrlError, outboundFetch, type OutboundResponse } from '@/lib/net/outbound';
import { AI_LIMITS } from './limits';

/** the most source text a generation reads */
export const MAX_SOURCE_CHARS = 50_000;
const PAGE_MAX_BYTES = 3 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 15_000;
const MIN_TEXT_CHARS = 80;

const squash = (s: string) => s.replace(/[ \t\f\v\r]+/g, ' ').replace(/\n\s*\n\s*/g, '\n\n').trim();

/** The readable text of an HTML document (Readability's article, else the body's text). */
export function readableText(html: string, url: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  for (const el of document.querySelectorAll('script, style, noscript, template')) el.remove();
  let title = (document.querySelector('title')?.textContent ?? '').trim();
  let text = '';
  try {
    const article = new Readability(document, { charThreshold: 200 }).parse();
    if (article?.textContent) text = article.textContent;
    if (article?.title) title = article.title;
  } catch {
    // not an article: the body's text below
  }
  if (!text.trim()) text = document.body?.textContent ?? '';
  return { title: title.slice(0, 200) || new URL(url).hostname, text: squash(text).slice(0, MAX_SOURCE_CHARS) };
}

/** A web page's main text, fetched with the SSRF guard; 400 for a refused URL, 422 for a page that gives no text. */
export async function textOfUrl(url: string): Promise<{ title: string; text: string }> {
  let res: OutboundResponse;
  try {
    res = await outboundFetch(url, { headers: { Accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1' }, timeoutMs: PAGE_TIMEOUT_MS, maxBytes: PAGE_MAX_BYTES });
  } catch (err) {
    if (err instanceof OutboundUrlError) throw AppError.of(AI_ERR.urlRefused, err.message);
    throw AppError.of(AI_ERR.pageUnreachable, (err as Error).message);
  }
  if (res.status !== 200) throw AppError.of(AI_ERR.pageUnreachable, `status ${res.status}`);
  const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  let page: { title: string; text: string };
  if (type === 'text/html' || type === 'application/xhtml+xml' || (!type && /^\s*</.test(res.text))) page = readableText(res.text, res.url);
  else if (type === 'text/plain' || type === 'text/markdown') page = { title: new URL(res.url).hostname, text: squash(res.text).slice(0, MAX_SOURCE_CHARS) };
  else throw new AppError(422, `Could not use the page: ${type || 'unknown'} is not HTML or text`);
  if (page.text.length < MIN_TEXT_CHARS) throw new AppError(422, PAGE_TOO_SHORT);
  return page;
}

/** An item as source material: its type, title and parameters with the markup removed (structure and answers kept). */
export function sourceOfItem(item: { title: string; mainLibrary: string; parameters: unknown }): string {
  const plain = (v: unknown, key = ''): unknown => {
    if (typeof v === 'string') return /^(subContentId|path|mime)$/.test(key) ? undefined : v.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    if (Array.isArray(v)) return v.map((x) => plain(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, k)]));
    return v;
  };
  return `Content type: ${item.mainLibrary}\nTitle: ${item.title}\nParameters: ${JSON.stringify(plain(item.parameters))}`.slice(0, MAX_SOURCE_CHARS);
}

/** A PDF upload's size limit. */
export const PDF_MAX_BYTES = AI_LIMITS.pdfBytes;
const PDF_MAX_PAGES = 500;

/** "1-3,5" → [1, 2, 3, 5] within 1..total; undefined → every page. 400 with the reason otherwise. */
export function pageList(spec: string | undefined, total: number): number[] {
  if (!spec?.trim()) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (const part of spec.split(',')) {
    const m = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    if (!m) throw new AppError(400, 'Validation error: pages: write page ranges like 1-3,5');
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < from || to > total) throw pdfPagesError(total);
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

/** The text of a PDF's pages (unpdf, Mozilla's pdf.js): 400 for a file that is not a PDF, 422 when it has no text. */
export async function textOfPdf(bytes: Uint8Array, pages?: string): Promise<{ pages: number[]; totalPages: number; text: string }> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new AppError(400, NOT_A_PDF);
  const { extractText, getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(bytes);
  } catch {
    throw new AppError(400, 'Validation error: file: the PDF cannot be read');
  }
  try {
    if (doc.numPages > PDF_MAX_PAGES) throw new AppError(400, `Validation error: file: at most ${PDF_MAX_PAGES} pages`);
    const chosen = pageList(pages, doc.numPages);
    const { text } = await extractText(doc, { mergePages: false });
    const picked = squash(chosen.map((p) => text[p - 1] ?? '').join('\n\n')).slice(0, MAX_SOURCE_CHARS);
    if (picked.length < MIN_TEXT_CHARS) throw new AppError(422, PDF_NO_TEXT);
    return { pages: chosen, totalPages: doc.numPages, text: picked };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
