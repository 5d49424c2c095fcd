export const TYPES: Record<string, string>;
export function mimeOf(file: string): string;
export const COMPRESSIBLE: RegExp;
export const IMMUTABLE: string;
export const SHORT_CACHE: string;
export const USER_FILE_CSP: string;
export function isScriptable(file: string): boolean;
/** One `bytes=a-b` range: undefined for none or an unsupported form, null when unsatisfiable. */
export function fileEtag(st: { size: number; mtimeMs: number; ino: number }): string;
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean;
export function parseRange(header: string | null | undefined, size: number): { start: number; end: number } | undefined | null;
export interface FileAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** the byte range of a 206 */
  part?: { start: number; end: number };
  /** whether bytes follow (not for 304, 416 or HEAD) */
  body: boolean;
}
export function fileAnswer(
  req: { method: string | undefined; ifNoneMatch: string | null | undefined; range: string | null | undefined },
  file: { name: string; size: number; etag: string; mtime: Date },
  opts: { cacheControl: string; headers?: Record<string, string>; range?: boolean; sandboxScriptable?: boolean },
): FileAnswer;
