// Content parameters are filtered against their library's semantics before they are stored, on every way in
// (import, API create/update, the editor's save, clone): what H5P's own validator (H5PContentValidator in
// h5p-php-library) does. Lumi's SemanticsEnforcer, which H5PEditor runs on save, is a stub by its own account:
// it misses text in lists, leaves keys the semantics do not declare, and does not check the other field types
// — so this module walks the parameters itself:
// - text: with `tags` (or the html widget, whose editor defaults apply when `tags` is unset) only those tags
//   plus div, span, p and br, through sanitize-html (no event handlers, no script URLs, styles only from a
//   short allowed list); without tags, plain text (HTML special characters escaped). maxLength and regexp.
// - number, boolean, select: coerced to the type and the allowed values; group: only declared fields; list:
//   only items, at most `max`; library: only an allowed library, its parameters filtered with its own
//   semantics (recursively), only library/params/subContentId/metadata and the declared extraAttributes;
//   subContentId (library values and isSubContent groups): the UUID the content carries, or a new one where it
//   has none, an invalid one or one already used in the same content (what H5P's editor would give);
//   image/video/audio/file: only path, mime, copyright and the type's own keys, no script: paths.
// A field of an unknown type, or a value of the wrong shape, is removed.
import { createHash, randomUUID } from 'node:crypto';
import { H5pError, LibraryName, type IContentMetadata, type ILibraryName } from '@lumieducation/h5p-server';
import sanitizeHtml from 'sanitize-html';

export interface SemanticsField {
  name: string;
  type: string;
  widget?: string;
  tags?: string[];
  font?: { size?: unknown; family?: unknown; color?: unknown; background?: unknown; spacing?: unknown; height?: unknown };
  maxLength?: number;
  regexp?: { pattern: string; modifiers?: string };
  optional?: boolean;
  min?: number;
  max?: number;
  decimals?: number;
  multiple?: boolean;
  options?: unknown[];
  default?: unknown;
  fields?: SemanticsField[];
  field?: SemanticsField;
  extraAttributes?: string[];
  isSubContent?: boolean;
}

/** Where the semantics of a library come from (the library manager, or a map in unit tests). */
export type SemanticsLoader = (library: ILibraryName) => Promise<SemanticsField[] | undefined>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The tags the H5P editor's html widget offers when the semantics give none (h5peditor-html.js). */
export const HTML_WIDGET_DEFAULT_TAGS = ['strong', 'em', 'del', 'h2', 'h3', 'a', 'ul', 'ol', 'table', 'hr'];

/** htmlspecialchars($s, ENT_QUOTES, 'UTF-8', false): escapes, leaving existing entities as they are. */
export function escapeText(s: string): string {
  return s
    .replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

const LENGTH = /^[0-9.]+(em|px|%)$/i;
const COLOR = /^(#[a-f0-9]{3}[a-f0-9]{3}?|rgba?\([0-9, ]+\)|hsla?\([0-9,.% ]+\)) *;?$/i;

function allowedTagsOf(tags: string[]): string[] {
  const t = new Set(['div', 'span', 'p', 'br', ...tags.map((x) => String(x).toLowerCase())]);
  if (t.has('table')) for (const x of ['tr', 'td', 'th', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'caption', 'figure', 'figcaption']) t.add(x);
  if (t.has('strong')) t.add('b');
  if (t.has('b')) t.add('strong');
  if (t.has('em')) t.add('i');
  if (t.has('i')) t.add('em');
  if (t.has('ul') || t.has('ol')) t.add('li');
  if (t.has('del') || t.has('strike')) t.add('s');
  // never, whatever a library declares
  for (const x of ['script', 'style', 'textarea', 'option', 'iframe', 'object', 'embed', 'frame', 'frameset', 'base', 'link', 'meta', 'form', 'input', 'button', 'select', 'svg', 'math', 'template', 'noscript']) t.delete(x);
  return [...t];
}

/** Filters the HTML of a text field to the tags its semantics allow (H5PContentValidator::validateText). */
export function filterHtml(text: string, field: Pick<SemanticsField, 'tags' | 'font'>, defaultTags: string[] = []): string {
  const allowedTags = allowedTagsOf(field.tags ?? defaultTags);
  const styles: Record<string, RegExp[]> = { 'text-align': [/^(center|left|right|justify)$/i] };
  const font = field.font;
  if (font?.size) styles['font-size'] = [LENGTH];
  if (font?.family) styles['font-family'] = [/^[-a-z0-9,'&; ]+$/i];
  if (font?.color) styles.color = [COLOR];
  if (font?.background) styles['background-color'] = [COLOR];
  if (font?.spacing) styles['letter-spacing'] = [LENGTH];
  if (font?.height) styles['line-height'] = [LENGTH];
  const cell: Record<string, RegExp[]> | undefined = allowedTags.includes('table')
    ? {
        ...styles,
        'border-style': [/^(none|solid|dotted|dashed|double|groove|ridge|inset|outset)$/i],
        'border-width': [LENGTH],
        'border-color': [COLOR],
        'vertical-align': [/^(middle|top|bottom)$/i],
        padding: [/^[0-9.]+(em|px|%|)$/i],
        width: [LENGTH],
        height: [LENGTH],
        float: [/^(right|left|none)$/i],
        'border-collapse': [/^collapse$/i],
        'background-color': [COLOR],
        'white-space': [/^(nowrap|normal|pre)$/i],
      }
    : undefined;
  const allowedStyles: Record<string, Record<string, RegExp[]>> = { '*': styles };
  if (cell) for (const t of ['table', 'td', 'th', 'colgroup', 'col', 'caption', 'figure', 'figcaption']) allowedStyles[t] = cell;
  return sanitizeHtml(text, {
    allowedTags,
    allowedAttributes: {
      '*': ['style'],
      a: ['href', 'hreflang', 'rel', 'target', 'title'],
      td: ['colspan', 'rowspan', 'headers'],
      th: ['colspan', 'rowspan', 'headers', 'scope'],
      ol: ['start', 'reversed'],
      table: ['summary', 'cellspacing', 'cellpadding', 'border', 'align'],
    },
    allowedStyles,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });
}

function filterText(value: unknown, field: SemanticsField): string {
  let text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (field.tags || field.widget === 'html') text = filterHtml(text, field, HTML_WIDGET_DEFAULT_TAGS);
  else text = escapeText(text);
  if (typeof field.maxLength === 'number' && text.length > field.maxLength) text = text.slice(0, field.maxLength);
  if (field.regexp?.pattern && !(text === '' && field.optional)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(field.regexp.pattern, (field.regexp.modifiers ?? '').replace(/[^gimsuy]/g, ''));
    } catch {
      re = undefined; // a pattern JavaScript cannot read is not held against the text (as H5P does)
    }
    if (re && !re.test(text)) text = '';
  }
  return text;
}

function filterNumber(value: unknown, field: SemanticsField): number | undefined {
  if ((value === '' || value === null) && field.optional) return undefined;
  let n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) n = 0;
  if (typeof field.min === 'number' && n < field.min) n = field.min;
  if (typeof field.max === 'number' && n > field.max) n = field.max;
  if (typeof field.decimals === 'number' && field.decimals >= 0 && field.decimals <= 10) n = Number(n.toFixed(field.decimals));
  return n;
}

function optionValues(options: unknown[] | undefined): unknown[] {
  const out: unknown[] = [];
  for (const o of options ?? []) {
    if (!isObj(o)) continue;
    if (o.type === 'optgroup' && Array.isArray(o.options)) out.push(...optionValues(o.options));
    else if ('value' in o) out.push(o.value);
  }
  return out;
}

function filterSelect(value: unknown, field: SemanticsField): unknown {
  const allowed = optionValues(field.options);
  const ok = (v: unknown) => allowed.some((a) => a === v || (typeof v === 'string' && String(a) === v));
  const clean = (v: unknown) => (typeof v === 'string' ? escapeText(v) : v);
  if (field.multiple) {
    const list = Array.isArray(value) ? value : [value];
    return list.filter((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && (!allowed.length || ok(v))).map(clean);
  }
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return field.optional ? undefined : (field.default ?? allowed[0]);
  if (allowed.length && !ok(v)) return field.optional ? undefined : (field.default !== undefined && ok(field.default) ? field.default : allowed[0]);
  return clean(v);
}

const SAFE_PATH = (p: string) => {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(p)?.[1]?.toLowerCase();
  return !scheme || scheme === 'http' || scheme === 'https';
};

/** Plain-text escaping of every string in a small tree (copyright, metadata), keeping its shape. */
function escapeTree(v: unknown, depth = 0): unknown {
  if (depth > 8) return undefined;
  if (typeof v === 'string') return escapeText(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return v;
  if (Array.isArray(v)) return v.map((x) => escapeTree(x, depth + 1)).filter((x) => x !== undefined);
  if (isObj(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) {
      const c = escapeTree(x, depth + 1);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return undefined;
}

/** One file object (H5PContentValidator::_validateFilelike). */
function filterFile(value: unknown, field: SemanticsField, typeKeys: string[]): Obj | undefined {
  if (!isObj(value) || typeof value.path !== 'string' || !SAFE_PATH(value.path)) return undefined;
  const keep = new Set(['path', 'mime', 'copyright', ...typeKeys, ...(field.extraAttributes ?? [])]);
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) if (keep.has(k)) out[k] = v;
  out.path = escapeText(value.path);
  if (out.mime !== undefined) out.mime = typeof out.mime === 'string' ? escapeText(out.mime) : undefined;
  for (const k of ['width', 'height', 'bitrate']) {
    if (out[k] === undefined) continue;
    const n = Math.trunc(Number(out[k]));
    out[k] = Number.isFinite(n) ? n : undefined;
  }
  if (out.codecs !== undefined) out.codecs = typeof out.codecs === 'string' ? escapeText(out.codecs) : undefined;
  if (out.quality !== undefined) {
    const q = out.quality;
    out.quality = isObj(q) && q.level !== undefined && (typeof q.label === 'string' || typeof q.label === 'number') ? { level: Math.trunc(Number(q.level)) || 0, label: escapeText(String(q.label)) } : undefined;
  }
  if (out.copyright !== undefined) out.copyright = isObj(out.copyright) ? escapeTree(out.copyright) : undefined;
  if (out.originalImage !== undefined) out.originalImage = filterFile(out.originalImage, { name: 'originalImage', type: 'image' }, ['width', 'height']);
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

function filterFileList(value: unknown, field: SemanticsField, typeKeys: string[]): Obj[] | undefined {
  const list = Array.isArray(value) ? value : isObj(value) ? [value] : undefined;
  if (!list) return undefined;
  return list.map((v) => filterFile(v, field, typeKeys)).filter((v): v is Obj => !!v);
}

/** H5P's own test for a sub-content id (H5PContentValidator::validateLibrary): a UUID, optionally in braces. */
const SUB_CONTENT_ID = /^\{?([a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12})\}?$/i;

/** A UUID (version 4 layout) made from the SHA-256 of `seed`: the same seed, the same id. */
function uuidFrom(seed: string): string {
  const h = createHash('sha256').update(seed).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

class Walker {
  private cache = new Map<string, Promise<SemanticsField[] | undefined>>();
  /** the sub-content ids given out in this content so far (lower case) */
  private readonly ids = new Set<string>();
  /** how many copies of an id were given ids of their own so far */
  private readonly copies = new Map<string, number>();
  constructor(private readonly load: SemanticsLoader) {}

  /**
   * The id of one sub-content (a library field's value, or a group marked isSubContent): the one it carries when
   * that is a UUID (braces dropped) not already used in this content; otherwise a new one, as H5P's editor gives
   * each new sub-content (h5peditor-library.js, h5peditor-group.js initSubContent). The id names the question's
   * xAPI activity (…?subContentId=<id>) and is echoed into statements and pages: nothing but a UUID is kept, and a
   * copy pasted inside the same content gets an id of its own — derived from the id it copies and how many copies
   * came before it, so that the editor, which still holds the copies' shared id, gets the same ids on every save.
   */
  subContentId(value: unknown): string {
    const m = typeof value === 'string' ? SUB_CONTENT_ID.exec(value.trim()) : null;
    let id = m?.[1];
    if (id && this.ids.has(id.toLowerCase())) {
      const key = id.toLowerCase();
      const n = (this.copies.get(key) ?? 0) + 1;
      this.copies.set(key, n);
      id = uuidFrom(`${key}#${n}`);
    }
    if (!id || this.ids.has(id.toLowerCase())) id = randomUUID();
    this.ids.add(id.toLowerCase());
    return id;
  }

  semantics(library: ILibraryName): Promise<SemanticsField[] | undefined> {
    const key = LibraryName.toUberName(library);
    let p = this.cache.get(key);
    if (!p) {
      p = this.load(library).catch(() => undefined);
      this.cache.set(key, p);
    }
    return p;
  }

  async fields(params: unknown, fields: SemanticsField[]): Promise<Obj> {
    const src = isObj(params) ? params : {};
    const out: Obj = {};
    for (const f of fields) {
      if (!f || typeof f.name !== 'string' || !(f.name in src)) continue;
      const v = await this.value(src[f.name], f);
      if (v !== undefined) out[f.name] = v;
    }
    return out;
  }

  async value(value: unknown, field: SemanticsField): Promise<unknown> {
    if (value === undefined) return undefined;
    switch (field.type) {
      case 'text':
        return filterText(value, field);
      case 'number':
        return filterNumber(value, field);
      case 'boolean':
        return typeof value === 'boolean' ? value : value === 'true' || value === 1 || value === '1';
      case 'select':
        return filterSelect(value, field);
      case 'group': {
        const fields = Array.isArray(field.fields) ? field.fields : [];
        // the editor stores a group of one field as that field's value (a hand-written package may not)
        const only = fields.length === 1 ? fields[0] : undefined;
        if (only && !field.isSubContent) {
          const wrapped = isObj(value) && only.name in value && ['text', 'number', 'boolean', 'select', 'list'].includes(only.type);
          return wrapped ? this.fields(value, fields) : this.value(value, only);
        }
        if (!isObj(value)) return undefined;
        const out = await this.fields(value, fields);
        // a group H5P treats as sub-content (Single Choice Set's questions, Summary's statements) keeps its id
        // (H5PContentValidator::validateGroup); the editor gives one to each new such group
        if (field.isSubContent === true) out.subContentId = this.subContentId(value.subContentId);
        return out;
      }
      case 'list': {
        if (!Array.isArray(value) || !field.field) return undefined;
        const items = typeof field.max === 'number' && field.max >= 0 ? value.slice(0, field.max) : value;
        const out: unknown[] = [];
        for (const item of items) {
          const v = await this.value(item, field.field);
          if (v !== undefined) out.push(v);
        }
        return out;
      }
      case 'library':
        return this.library(value, field);
      case 'image':
        return filterFile(value, field, ['width', 'height', 'originalImage']);
      case 'file':
        return filterFile(value, field, []);
      case 'video':
        return filterFileList(value, field, ['width', 'height', 'codecs', 'quality', 'bitrate']);
      case 'audio':
        return filterFileList(value, field, []);
      default:
        return undefined; // a field type H5P does not know: removed, as H5P does
    }
  }

  private async library(value: unknown, field: SemanticsField): Promise<Obj | undefined> {
    if (!isObj(value) || typeof value.library !== 'string') return undefined;
    const allowed = (field.options ?? []).map((o) => (typeof o === 'string' ? o : isObj(o) ? o.name : undefined));
    if (!allowed.includes(value.library)) return undefined;
    let name: ILibraryName;
    try {
      name = LibraryName.fromUberName(value.library, { useWhitespace: true });
    } catch {
      return undefined;
    }
    const semantics = await this.semantics(name);
    if (!semantics) return undefined; // not installed: nothing can vouch for these parameters
    const subContentId = this.subContentId(value.subContentId);
    const out: Obj = { library: value.library, params: await this.fields(value.params, semantics), subContentId };
    if (isObj(value.metadata)) out.metadata = escapeTree(value.metadata);
    for (const k of field.extraAttributes ?? []) if (k in value && !(k in out)) out[k] = value[k];
    return out;
  }
}

/** Filters `params` of content whose main library is `library` (its semantics from `load`). */
export async function filterParams(params: unknown, library: ILibraryName, load: SemanticsLoader): Promise<Obj> {
  const walker = new Walker(load);
  const semantics = await walker.semantics(library);
  if (!semantics) throw new H5pError('library-semantics-missing', { library: LibraryName.toUberName(library) }, 400);
  return walker.fields(params, semantics);
}

/** The main library (with version) of content from its h5p.json: the preloaded dependency of that name. */
export function mainLibraryOf(metadata: Pick<IContentMetadata, 'mainLibrary' | 'preloadedDependencies'>): ILibraryName {
  const deps = Array.isArray(metadata?.preloadedDependencies) ? metadata.preloadedDependencies : [];
  const dep = deps.find((d) => d?.machineName === metadata.mainLibrary);
  if (!dep) throw new H5pError('library-semantics-missing', { library: String(metadata?.mainLibrary) }, 400);
  return { machineName: dep.machineName, majorVersion: Number(dep.majorVersion), minorVersion: Number(dep.minorVersion) };
}

/**
 * Filters the parameters of content with the installed libraries' semantics (`load`: the engine's loader,
 * engine/server.ts semanticsLoader(), injected so this filter does not depend on the engine). Without them
 * (`orPlainText`, for copies of content whose library is gone) every string is kept as plain text: nothing can run.
 */
export async function filterContentParams(
  metadata: Pick<IContentMetadata, 'mainLibrary' | 'preloadedDependencies'>,
  params: unknown,
  load: SemanticsLoader,
  opts: { orPlainText?: boolean } = {},
): Promise<Obj> {
  try {
    return await filterParams(params, mainLibraryOf(metadata), load);
  } catch (err) {
    if (!opts.orPlainText || !(err instanceof H5pError)) throw err;
    const plain = escapeTree(params);
    return isObj(plain) ? plain : {};
  }
}
