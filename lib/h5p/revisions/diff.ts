// Comparing two revisions (issue 27 item 3): every difference of parameters, metadata and files as a JSON path, a
// kind (added, removed, changed), the values before and after, a sentence a teacher reads ("Question text changed",
// "Answer 3 added") and, for text, a word-level diff (HTML tags dropped) the history tab highlights. Pure functions.

export type ChangeKind = 'added' | 'removed' | 'changed';
export interface WordPart {
  op: 'same' | 'added' | 'removed';
  text: string;
}
export interface Change {
  /** JSON path from the revision's root: params.answers[2].text, metadata.title, files["images/a.png"] */
  path: string;
  kind: ChangeKind;
  before: unknown;
  after: unknown;
  /** in words */
  text: string;
  /** for a changed text: its words, kept, added and removed */
  words?: WordPart[];
}

export interface Comparable {
  parameters: unknown;
  metadata: unknown;
  files: { path: string; sha256: string; size: number }[] | null;
}

type Seg = string | number;
export const MAX_CHANGES = 500;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** camelCase / snake_case key → "Words like this" (capitalised). */
function words(key: string): string {
  const w = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return w ? w[0]!.toUpperCase() + w.slice(1) : key;
}

/** "answers" → "Answer"; "questions" → "Question"; "choices" → "Choice"; "alternatives" → "Alternative" */
function singular(key: string): string {
  const w = words(key);
  if (/ies$/i.test(w)) return w.slice(0, -3) + 'y';
  if (/(ss|us)$/i.test(w)) return w;
  if (/s$/i.test(w)) return w.slice(0, -1);
  return w;
}

const ROOT_LABEL: Record<string, string> = { params: '', metadata: '', files: 'File' };

/** The label of a path: [params, answers, 2, text] → "Answer 3 › Text"; [metadata, title] → "Title". */
export function labelOf(path: Seg[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const s = path[i]!;
    if (i === 0 && typeof s === 'string' && s in ROOT_LABEL) {
      if (ROOT_LABEL[s]) parts.push(ROOT_LABEL[s]);
      continue;
    }
    if (typeof s === 'number') {
      const prev = path[i - 1];
      const name = typeof prev === 'string' && !(i - 1 === 0 && prev in ROOT_LABEL) ? singular(prev) : 'Item';
      if (typeof prev === 'string' && parts.length && parts[parts.length - 1] === words(prev)) parts.pop();
      parts.push(`${name} ${s + 1}`);
    } else if (path[0] === 'files' && i === 1) {
      parts.push(s);
    } else {
      parts.push(words(s));
    }
  }
  return parts.join(' › ') || 'Content';
}

const pathText = (path: Seg[]) =>
  path
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `${i ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`))
    .join('');

/** Text without HTML tags and entities, for reading and word diffs. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const MAX_WORDS = 1500;

/** A word-level diff (longest common subsequence of words); long texts fall back to removed-then-added. */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = plainText(before).split(' ').filter(Boolean);
  const b = plainText(after).split(' ').filter(Boolean);
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) return merge([...(a.length ? [{ op: 'removed' as const, text: a.join(' ') }] : []), ...(b.length ? [{ op: 'added' as const, text: b.join(' ') }] : [])]);
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the LCS length of a[i..] and b[j..]
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: WordPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: 'removed', text: a[i++]! });
    else out.push({ op: 'added', text: b[j++]! });
  }
  while (i < n) out.push({ op: 'removed', text: a[i++]! });
  while (j < m) out.push({ op: 'added', text: b[j++]! });
  return merge(out);
}

/** Neighbouring parts of the same kind as one. */
function merge(parts: WordPart[]): WordPart[] {
  const out: WordPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && last.op === p.op) last.text += ` ${p.text}`;
    else out.push({ ...p });
  }
  return out;
}

function sentence(path: Seg[], kind: ChangeKind, before: unknown, after: unknown): string {
  const label = labelOf(path);
  if (kind !== 'changed') return `${label} ${kind}`;
  const last = path[path.length - 1];
  const textual = typeof before === 'string' && typeof after === 'string' && !(typeof last === 'string' && /text$/i.test(last));
  return `${label}${textual ? ' text' : ''} changed`;
}

function walk(path: Seg[], a: unknown, b: unknown, out: Change[]): void {
  if (out.length >= MAX_CHANGES) return;
  if (a === undefined && b === undefined) return;
  const add = (kind: ChangeKind) => {
    const c: Change = { path: pathText(path), kind, before: a ?? null, after: b ?? null, text: sentence(path, kind, a, b) };
    if (kind === 'changed' && typeof a === 'string' && typeof b === 'string') c.words = wordDiff(a, b);
    out.push(c);
  };
  if (a === undefined) return add('added');
  if (b === undefined) return add('removed');
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) walk([...path, i], a[i], b[i], out);
    return;
  }
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) walk([...path, k], a[k], b[k], out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) add('changed');
}

/** The changes that lead from `from` to `to` (at most MAX_CHANGES): parameters, then metadata, then files. */
export function compareRevisions(from: Comparable, to: Comparable): Change[] {
  const out: Change[] = [];
  walk(['params'], from.parameters, to.parameters, out);
  // H5P's own bookkeeping in h5p.json (dependency lists) is no edit a teacher made
  const meta = (m: unknown) => {
    if (!isObj(m)) return {};
    const { preloadedDependencies: _p, editorDependencies: _e, dynamicDependencies: _d, ...rest } = m;
    return rest;
  };
  walk(['metadata'], meta(from.metadata), meta(to.metadata), out);
  const files = (f: Comparable['files']) => Object.fromEntries((f ?? []).map((x) => [x.path, x.sha256]));
  const fa = files(from.files);
  const fb = files(to.files);
  for (const p of [...new Set([...Object.keys(fa), ...Object.keys(fb)])].sort()) {
    if (out.length >= MAX_CHANGES) break;
    if (fa[p] === fb[p]) continue;
    const kind: ChangeKind = fa[p] === undefined ? 'added' : fb[p] === undefined ? 'removed' : 'changed';
    out.push({ path: pathText(['files', p]), kind, before: fa[p] ?? null, after: fb[p] ?? null, text: `File ${p} ${kind}` });
  }
  return out;
}
