// Control characters (U+0000–U+001F, U+007F) never reach the database: PostgreSQL refuses a NUL in text and
// JSON, and because Prisma batches concurrent lookups one such value would fail other users' requests too.
// Path parameters and query values allow none; JSON body strings allow tab, newline and carriage return
// (H5P parameters and texts carry them), nothing else.
import { AppError } from '@/lib/errors';

const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const controlCharsMessage = (field: string) => `${field}: control characters are not allowed`;

/**
 * The path (e.g. `title`, `items.1.contentId`) of the first string or object key in `value` that holds a control
 * character, or null. A bad key is reported as its object's path (`body` at the top).
 */
export function findControlChars(value: unknown, opts: { allowWhitespace?: boolean; root?: string } = {}): string | null {
  const re = opts.allowWhitespace ? CONTROL_EXCEPT_WHITESPACE : ANY_CONTROL;
  const root = opts.root ?? 'body';
  // iterative walk: a deeply nested body cannot overflow the stack
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (re.test(v)) return path || root;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        if (re.test(k)) return path || root;
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

// What in a JSON text can decode to a control character in a string or key: the escapes \b \f (\n \r \t, when
// whitespace is not allowed) and \u0000–\u001F, \u007F, or a raw DEL (a raw U+0000–U+001F is not JSON inside a
// string). An escaped backslash before b, f, n, r, t or u0… is a false alarm: the walk then decides.
const ESCAPED_CONTROL = /\\[bfnrt]|\\u00(?:[01][0-9a-fA-F]|7[fF])/;
const ESCAPED_CONTROL_EXCEPT_WHITESPACE = /\\[bf]|\\u00(?:[01][0-9a-fA-F]|7[fF])/;
const RAW_CONTROL = /[\u0000-\u001f\u007f]/;
const RAW_CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * False when the JSON text surely parses to a value without control characters (what findControlChars looks for):
 * one scan of the text instead of a walk of the parsed value. True means it may hold some.
 */
export function jsonTextMayHoldControlChars(text: string, opts: { allowWhitespace?: boolean } = {}): boolean {
  const ws = !!opts.allowWhitespace;
  if (text.indexOf('\\') !== -1 && (ws ? ESCAPED_CONTROL_EXCEPT_WHITESPACE : ESCAPED_CONTROL).test(text)) return true;
  return (ws ? RAW_CONTROL_EXCEPT_WHITESPACE : RAW_CONTROL).test(text);
}

/** Throws 400 `Validation error: <field>: control characters are not allowed`. */
export function assertNoControlChars(value: unknown, opts: { allowWhitespace?: boolean; root?: string } = {}): void {
  const field = findControlChars(value, opts);
  if (field !== null) throw new AppError(400, `Validation error: ${controlCharsMessage(field)}`);
}

/** Every query key and value (repeated keys included); a bad key is reported as `query`. */
export function assertCleanQuery(params: URLSearchParams): void {
  for (const [key, value] of params) {
    assertNoControlChars(key, { root: 'query' });
    assertNoControlChars(value, { root: key });
  }
}
