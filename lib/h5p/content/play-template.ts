// The player model, ready per content version and language (issue 26, item 1).
//
// Most of GET /h5p/play/:id's answer does not depend on who is watching: the parameters (tens of KB for a Course
// Presentation), the dependency walk and its script and style lists, the metadata, the client strings of the
// language. Lumi's player.render rebuilds all of it on every request (a profile on a real Course Presentation:
// 21 % dependency walk and integration, 18 % GC, 11 % re-parsing parameters, 7 % serialising). Here it is built once
// per content version and language — by the same player.render, so the model stays Lumi's — and kept as JSON text
// with holes ("slots") for the viewer's parts: their AJAX addresses (with their token), their identity, their saved
// state, whether results are posted. A request fills the holes with a few small JSON values and joins the text.
//
// A template is valid while the content's snapshot (content-cache.ts) and the library metadata cache are the ones
// it was built from: any change to the item's rows or to a library drops those on every instance (lib/cache/local.ts),
// so the next request builds a new template. Nothing here is the only copy of anything.
import { randomBytes } from 'node:crypto';
import { jsonTextForScript as forScript } from '@/lib/shared/escape';

/** The viewer's parts of the player's integration object. */
export type Slot = 'ajax' | 'ajaxPath' | 'user' | 'contentUserData' | 'postUserStatistics' | 'jsonContent';
const SLOTS: readonly Slot[] = ['ajax', 'ajaxPath', 'user', 'contentUserData', 'postUserStatistics', 'jsonContent'];

/** Per process: a string no stored content can hold by chance, marking a slot in the serialised template. */
const MARK = `@@lumen-slot-${randomBytes(9).toString('base64url')}:`;
const MARK_RE = new RegExp(`"${MARK}(\\w+)"`, 'g');

export interface PlayTemplate {
  /** JSON text of the integration around its slots: parts[0] slot[0] parts[1] … slot[n-1] parts[n] */
  parts: string[];
  slots: Slot[];
  /** the same parts escaped for a <script> element (lib/shared/escape.ts jsonForScript), made on first use */
  scriptParts?: string[];
  /** the parameters as the integration's jsonContent value (a JSON string of JSON text) */
  jsonContent: string;
  scripts: string[];
  styles: string[];
  /** `{"scripts":[…],"styles":[…]}`'s members, serialised once */
  assetsJson: string;
  /** the fixed pieces of the play route's answer, encoded with the template (counted in its cache's bytes; see fillChunks) */
  chunks: { parts: Buffer[]; jsonContent: Buffer; tail: Buffer };
}

/**
 * Compiles a rendered model (player.render's integration, scripts and styles) into a template: the viewer's parts
 * become slots. `contentKey` is the integration's `contents` member of this item (cid-<id>).
 */
export function compileTemplate(model: { integration: Record<string, unknown>; scripts: string[]; styles: string[] }, contentKey: string): PlayTemplate {
  const integration: Record<string, unknown> = { ...model.integration };
  const contents = { ...(integration.contents as Record<string, Record<string, unknown>> | undefined) };
  const entry: Record<string, unknown> = { ...contents[contentKey] };
  const jsonContent = JSON.stringify(typeof entry.jsonContent === 'string' ? entry.jsonContent : '{}');
  integration.ajax = `${MARK}ajax`;
  integration.ajaxPath = `${MARK}ajaxPath`;
  integration.user = `${MARK}user`;
  integration.postUserStatistics = `${MARK}postUserStatistics`;
  entry.contentUserData = `${MARK}contentUserData`;
  entry.jsonContent = `${MARK}jsonContent`;
  contents[contentKey] = entry;
  integration.contents = contents;
  const text = JSON.stringify(integration);
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const m of text.matchAll(MARK_RE)) {
    const slot = m[1] as Slot;
    if (!SLOTS.includes(slot)) throw new Error(`play template: unknown slot ${slot}`);
    parts.push(text.slice(last, m.index));
    slots.push(slot);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  const assetsJson = `"scripts":${JSON.stringify(model.scripts)},"styles":${JSON.stringify(model.styles)}`;
  return {
    parts,
    slots,
    jsonContent,
    scripts: model.scripts,
    styles: model.styles,
    assetsJson,
    chunks: { parts: parts.map((p) => Buffer.from(p)), jsonContent: Buffer.from(jsonContent), tail: Buffer.from(`,${assetsJson}}`) },
  };
}

/** The viewer's parts, each as JSON text. */
export type SlotValues = Record<Slot, string>;


/** The integration's JSON text for one viewer; `script`: escaped for a <script> element (values too). */
export function fillTemplate(t: PlayTemplate, values: SlotValues, opts: { script?: boolean } = {}): string {
  const parts = opts.script ? (t.scriptParts ??= t.parts.map(forScript)) : t.parts;
  let out = parts[0]!;
  for (let i = 0; i < t.slots.length; i++) {
    const v = values[t.slots[i]!];
    out += (opts.script ? forScript(v) : v) + parts[i + 1]!;
  }
  return out;
}

const HEAD = Buffer.from('{"integration":');

/**
 * The play route's answer, `{"integration":…,"scripts":[…],"styles":[…]}`, as pieces in order: the template's fixed
 * text encoded once per template (the parameters are most of it: 92 KB of a real Course Presentation's 118 KB) and
 * the viewer's values as strings, so a request neither joins nor re-encodes the large parts (lib/http/route.ts
 * JsonText).
 */
export function fillChunks(t: PlayTemplate, values: SlotValues): (string | Buffer)[] {
  const c = t.chunks;
  const out: (string | Buffer)[] = [HEAD, c.parts[0]!];
  for (let i = 0; i < t.slots.length; i++) {
    const slot = t.slots[i]!;
    const v = values[slot];
    // the parameters are the template's own unless the request names other ones
    out.push(slot === 'jsonContent' && v === t.jsonContent ? c.jsonContent : v, c.parts[i + 1]!);
  }
  out.push(c.tail);
  return out;
}
