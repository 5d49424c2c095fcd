// xAPI statements as the players send them (issue 11): the shape we accept (zod, size bounds), and what the
// service reads from one — its verb, the question it is about (H5P's sub-content id), its result, and whether it
// belongs to the content of the token that sent it. The actor of a stored statement is always the one the service
// decided (lib/results/learner.ts), never the one the browser wrote.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { withFastCheck } from '@/lib/shared/fast-check';

export const MAX_BATCH = 50;
/** one statement, serialised */
export const MAX_STATEMENT_BYTES = 32 * 1024;

export const VERBS = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  attempted: 'http://adlnet.gov/expapi/verbs/attempted',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  interacted: 'http://adlnet.gov/expapi/verbs/interacted',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  progressed: 'http://adlnet.gov/expapi/verbs/progressed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
} as const;

/**
 * Verbs a player sends when it merely loads, opens or closes (issue 23 item 1): a play of only these is a *view*,
 * never an attempt. Every other verb (answered, interacted, progressed, completed, passed, failed, scored …) is the
 * learner doing something, and begins an attempt.
 */
export const LOAD_ONLY_VERBS = new Set<string>([
  VERBS.initialized,
  VERBS.attempted,
  VERBS.terminated,
  'http://adlnet.gov/expapi/verbs/launched',
  'http://adlnet.gov/expapi/verbs/experienced',
  'http://adlnet.gov/expapi/verbs/suspended',
  'http://adlnet.gov/expapi/verbs/resumed',
  'https://w3id.org/xapi/adl/verbs/satisfied',
  'https://w3id.org/xapi/adl/verbs/waived',
  'https://w3id.org/xapi/adl/verbs/abandoned',
]);

/** Whether the statement is the learner interacting (anything but a load-only verb). */
export const isInteraction = (s: Statement) => !LOAD_ONLY_VERBS.has(s.verb.id);

/** verbs that carry an attempt's result (and start grade passback) */
export const RESULT_VERBS = new Set<string>([VERBS.completed, VERBS.passed, VERBS.failed]);

const EXT_CONTENT_ID = 'http://h5p.org/x-api/h5p-local-content-id';
const EXT_SUB_CONTENT_ID = 'http://h5p.org/x-api/h5p-subContentId';

const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DURATION = /^P(?:\d+(?:\.\d+)?Y)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?W)?(?:\d+(?:\.\d+)?D)?(?:T(?:\d+(?:\.\d+)?H)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?S)?)?$/;

const iri = z.string().min(1).max(2048).regex(IRI, 'must be an IRI');
const langMap = z.record(z.string().max(35), z.string().max(4000));
const uuid = z.string().regex(UUID, 'must be a UUID');
/** ISO 8601 duration as xAPI uses it (PT1H2M3.5S) */
const duration = z.string().max(64).regex(DURATION, 'must be an ISO 8601 duration');
const finite = z.number().finite();
const datetime = z.iso.datetime({ offset: true });

const interactionComponent = z.object({ id: z.string().max(255), description: langMap.optional() }).loose();

const activityDefinition = z
  .object({
    name: langMap.optional(),
    description: langMap.optional(),
    type: iri.optional(),
    interactionType: z.string().max(50).optional(),
    correctResponsesPattern: z.array(z.string().max(4000)).max(100).optional(),
    choices: z.array(interactionComponent).max(200).optional(),
    source: z.array(interactionComponent).max(200).optional(),
    target: z.array(interactionComponent).max(200).optional(),
    scale: z.array(interactionComponent).max(200).optional(),
    steps: z.array(interactionComponent).max(200).optional(),
    extensions: z.record(z.string().max(2048), z.unknown()).optional(),
  })
  .loose();

const activity = z.object({ id: iri, objectType: z.literal('Activity').optional(), definition: activityDefinition.optional() }).loose();

export const statementSchema = z
  .object({
    id: uuid,
    // whatever the browser wrote as actor is replaced by the service's own
    actor: z.unknown().optional(),
    verb: z.object({ id: iri, display: langMap.optional() }).loose(),
    object: activity,
    result: z
      .object({
        score: z
          .object({ scaled: finite.min(-1).max(1).optional(), raw: finite.optional(), min: finite.optional(), max: finite.optional() })
          .loose()
          .optional(),
        success: z.boolean().optional(),
        completion: z.boolean().optional(),
        response: z.string().max(4000).optional(),
        duration: duration.optional(),
        extensions: z.record(z.string().max(2048), z.unknown()).optional(),
      })
      .loose()
      .optional(),
    context: z
      .object({
        registration: uuid.optional(),
        contextActivities: z
          .object({
            parent: z.array(activity).max(20).optional(),
            grouping: z.array(activity).max(20).optional(),
            category: z.array(activity).max(20).optional(),
            other: z.array(activity).max(20).optional(),
          })
          .loose()
          .optional(),
        extensions: z.record(z.string().max(2048), z.unknown()).optional(),
      })
      .loose()
      .optional(),
    timestamp: datetime.optional(),
  })
  .loose()
  .refine((s) => JSON.stringify(s).length <= MAX_STATEMENT_BYTES, { message: `must be at most ${MAX_STATEMENT_BYTES} bytes` });

export type Statement = z.output<typeof statementSchema>;

export const learnerSchema = z
  .object({
    /** an anonymous viewer's random id (kept in their browser by the embedding page) */
    id: uuid,
    /** the name the viewer gave, when the author's embed settings ask for one */
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict();

export const batchSchema = withFastCheck(
  z
    .object({
      /** the player's attempt (a random id per attempt; the service keys it by learner and content) */
      attempt: uuid,
      learner: learnerSchema.optional(),
      statements: z.array(statementSchema).min(1).max(MAX_BATCH),
    })
    .strict(),
  isPlainBatch,
);

export type Batch = z.output<typeof batchSchema>;

// ---------------------------------------------------------------- the fast check (issue 26 item 3)
// batchSchema parses a batch in about 30 µs a statement (records, loose objects, the size refinement's
// serialisation). This check walks a batch once and says true only for a value batchSchema accepts and returns
// unchanged (a JSON value: its output equals its input); for anything else — an invalid batch, a learner name
// with spaces around it, a `__proto__` key, a statement that may be near its size bound — it says false and
// the schema decides, with its own error texts. statements.test.ts checks both agree.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown, max: number, min = 0): v is string => typeof v === 'string' && v.length <= max && v.length >= min;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isIri = (v: unknown) => isStr(v, 2048, 1) && IRI.test(v);
const isUuid = (v: unknown) => typeof v === 'string' && UUID.test(v);
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** no `__proto__` key: the schema leaves it out of its output (the objects are loose: other keys pass as they are) */
const keysOk = (o: Obj) => !has(o, '__proto__');

function isLangMap(v: unknown): boolean {
  if (!isObj(v) || !keysOk(v)) return false;
  for (const k in v) if (k.length > 35 || !isStr(v[k], 4000)) return false;
  return true;
}

function isExtensions(v: unknown): boolean {
  if (!isObj(v) || !keysOk(v)) return false;
  for (const k in v) if (k.length > 2048) return false;
  return true;
}

function isComponents(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > 200) return false;
  for (const c of v) {
    if (!isObj(c) || !keysOk(c) || !isStr(c.id, 255)) return false;
    if (has(c, 'description') && !isLangMap(c.description)) return false;
  }
  return true;
}

function isActivity(v: unknown): boolean {
  if (!isObj(v) || !keysOk(v) || !isIri(v.id)) return false;
  if (has(v, 'objectType') && v.objectType !== 'Activity') return false;
  if (!has(v, 'definition')) return true;
  const d = v.definition;
  if (!isObj(d) || !keysOk(d)) return false;
  if (has(d, 'name') && !isLangMap(d.name)) return false;
  if (has(d, 'description') && !isLangMap(d.description)) return false;
  if (has(d, 'type') && !isIri(d.type)) return false;
  if (has(d, 'interactionType') && !isStr(d.interactionType, 50)) return false;
  if (has(d, 'correctResponsesPattern')) {
    const p = d.correctResponsesPattern;
    if (!Array.isArray(p) || p.length > 100 || !p.every((x) => isStr(x, 4000))) return false;
  }
  for (const k of ['choices', 'source', 'target', 'scale', 'steps']) if (has(d, k) && !isComponents(d[k])) return false;
  if (has(d, 'extensions') && !isExtensions(d.extensions)) return false;
  return true;
}

function isActivities(v: unknown): boolean {
  return Array.isArray(v) && v.length <= 20 && v.every(isActivity);
}

/**
 * Whether JSON.stringify(v) is surely at most `limit` long: an upper bound of its length — every character of a
 * string escaped as \uXXXX, every number 25 characters, one separator after every value and key.
 */
function withinJsonBound(v: unknown, limit: number): boolean {
  let total = 0;
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') total += 6 * x.length + 3;
    else if (typeof x === 'number') total += 26;
    else if (Array.isArray(x)) {
      total += 3;
      for (const e of x) stack.push(e);
    } else if (x && typeof x === 'object') {
      total += 3;
      for (const k in x as Obj) {
        total += 6 * k.length + 3;
        stack.push((x as Obj)[k]);
      }
    } else total += 6; // true, false, null
    if (total > limit) return false;
  }
  return true;
}

function isPlainStatement(s: unknown): boolean {
  if (!isObj(s) || !keysOk(s) || !isUuid(s.id)) return false;
  const verb = s.verb;
  if (!isObj(verb) || !keysOk(verb) || !isIri(verb.id)) return false;
  if (has(verb, 'display') && !isLangMap(verb.display)) return false;
  if (!isActivity(s.object)) return false;
  if (has(s, 'result')) {
    const r = s.result;
    if (!isObj(r) || !keysOk(r)) return false;
    if (has(r, 'score')) {
      const sc = r.score;
      if (!isObj(sc) || !keysOk(sc)) return false;
      if (has(sc, 'scaled') && !(num(sc.scaled) && sc.scaled >= -1 && sc.scaled <= 1)) return false;
      for (const k of ['raw', 'min', 'max']) if (has(sc, k) && !num(sc[k])) return false;
    }
    if (has(r, 'success') && typeof r.success !== 'boolean') return false;
    if (has(r, 'completion') && typeof r.completion !== 'boolean') return false;
    if (has(r, 'response') && !isStr(r.response, 4000)) return false;
    if (has(r, 'duration') && !(isStr(r.duration, 64) && DURATION.test(r.duration))) return false;
    if (has(r, 'extensions') && !isExtensions(r.extensions)) return false;
  }
  if (has(s, 'context')) {
    const c = s.context;
    if (!isObj(c) || !keysOk(c)) return false;
    if (has(c, 'registration') && !isUuid(c.registration)) return false;
    if (has(c, 'contextActivities')) {
      const a = c.contextActivities;
      if (!isObj(a) || !keysOk(a)) return false;
      for (const k of ['parent', 'grouping', 'category', 'other']) if (has(a, k) && !isActivities(a[k])) return false;
    }
    if (has(c, 'extensions') && !isExtensions(c.extensions)) return false;
  }
  if (has(s, 'timestamp') && !datetime.safeParse(s.timestamp).success) return false;
  // the size refinement: a bound of its serialisation, or the serialisation itself near the limit
  return withinJsonBound(s, MAX_STATEMENT_BYTES) || JSON.stringify(s).length <= MAX_STATEMENT_BYTES;
}

/** True only for a JSON value batchSchema accepts and returns unchanged (see above); false lets the schema decide. */
export function isPlainBatch(v: unknown): boolean {
  if (!isObj(v) || !keysOk(v)) return false;
  for (const k in v) if (k !== 'attempt' && k !== 'learner' && k !== 'statements') return false;
  if (!isUuid(v.attempt)) return false;
  if (has(v, 'learner')) {
    const l = v.learner;
    if (!isObj(l) || !isUuid(l.id)) return false;
    for (const k in l) if (k !== 'id' && k !== 'name') return false;
    // the schema trims the name: only a name without spaces around it comes out as it went in
    if (has(l, 'name') && !(isStr(l.name, 100, 1) && l.name.trim() === l.name)) return false;
  }
  const list = v.statements;
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_BATCH) return false;
  for (const s of list) if (!isPlainStatement(s)) return false;
  return true;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/** The H5P sub-content (question) a statement is about; undefined for the content itself. */
export function subContentIdOf(s: Statement): string | undefined {
  const ext = s.object.definition?.extensions?.[EXT_SUB_CONTENT_ID];
  if (str(ext)) return str(ext)!.slice(0, 100);
  const m = /[?&]subContentId=([^&#]+)/.exec(s.object.id);
  return m ? decodeURIComponent(m[1]!).slice(0, 100) : undefined;
}

/**
 * Whether the statement is about this content: H5P names the content in its local-content-id extension; without
 * it the activity id must be the content's own address (…/<contentId>, optionally ?subContentId=…).
 */
export function belongsTo(s: Statement, contentId: string): boolean {
  const ext = str(s.object.definition?.extensions?.[EXT_CONTENT_ID]);
  if (ext !== undefined) return ext === contentId;
  try {
    const u = new URL(s.object.id);
    const last = u.pathname.split('/').filter(Boolean).pop();
    return last !== undefined && decodeURIComponent(last) === contentId;
  } catch {
    return false;
  }
}

/** Milliseconds of an ISO 8601 duration (years and months as 365 and 30 days); undefined when absent. */
export function durationMs(d: string | undefined): number | undefined {
  if (!d) return undefined;
  const m = /^P(?:([\d.]+)Y)?(?:([\d.]+)M)?(?:([\d.]+)W)?(?:([\d.]+)D)?(?:T(?:([\d.]+)H)?(?:([\d.]+)M)?(?:([\d.]+)S)?)?$/.exec(d);
  if (!m) return undefined;
  const v = (i: number) => (m[i] ? Number(m[i]) : 0);
  const ms = ((((v(1) * 365 + v(2) * 30 + v(3) * 7 + v(4)) * 24 + v(5)) * 60 + v(6)) * 60 + v(7)) * 1000;
  return Number.isFinite(ms) ? Math.min(Math.round(ms), 365 * 24 * 3600 * 1000) : undefined;
}

/** The first text of a language map (the viewer's language first). */
export function textOf(map: Record<string, string> | undefined, lang?: string): string | undefined {
  if (!map) return undefined;
  return (lang && map[lang]) || map['en-US'] || map.en || Object.values(map)[0];
}

/** A statement's verb in one word (completed, answered …), for tables and the LRS's display. */
export const verbName = (id: string) => id.slice(id.lastIndexOf('/') + 1).slice(0, 100) || id;

/** The id saved H5P state is kept under for a learner key (one longer than the column is kept by its hash). */
export const stateIdOf = (learnerKey: string) =>
  learnerKey.length <= 255 ? learnerKey : `lti#${createHash('sha256').update(learnerKey).digest('base64url')}`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Text of an HTML fragment (H5P puts questions in as HTML): tags removed, the common entities decoded, spaces collapsed. */
export function plainText(html: string | null | undefined): string | null {
  if (!html) return null;
  // no tag and no entity (a choice's label, most names): only the spaces to collapse
  if (html.indexOf('<') === -1 && html.indexOf('&') === -1) return html.replace(/\s+/g, ' ').trim() || null;
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, e: string) => {
      const k = e.toLowerCase();
      if (ENTITIES[k] !== undefined) return ENTITIES[k];
      const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : k.startsWith('#') ? parseInt(k.slice(1), 10) : NaN;
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/**
 * A question in its own words (issue 23 item 4): H5P puts the question in the activity's description and the
 * content's title in its name, so the description comes first; HTML is reduced to its text.
 */
export function questionOf(def: { name?: Record<string, string>; description?: Record<string, string> } | undefined): string | null {
  return (plainText(textOf(def?.description)) ?? plainText(textOf(def?.name)))?.slice(0, 1000) ?? null;
}
