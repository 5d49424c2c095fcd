// Reading a curriculum file an admin imports (issue 25 item 9): JSON in the spec's hierarchy shapes, or CSV with one
// row per learning objective. Pure functions: the text in, the frameworks with their nodes out, or an ImportError
// that names where the file is wrong (`line 4: objective_code: is required`, `objectives[2].topic_code: …`).
// Nothing here touches the database; lib/curriculum/local.ts stores the result in one transaction.
import { z } from 'zod';
import { BLOOM_LEVELS } from '@/lib/content/blooms';
import { upstreamFramework, upstreamGrade, upstreamObjective, upstreamStage, upstreamSubject, upstreamTopic, upstreamUnit } from './schemas';

export const LEVELS = ['stage', 'grade', 'subject', 'unit', 'topic', 'objective'] as const;
export type Level = (typeof LEVELS)[number];

export interface NodeInput {
  level: Level;
  stageCode: string;
  subjectCode: string;
  gradeCode: string;
  unitCode: string;
  topicCode: string;
  code: string;
  name: string;
  description: string | null;
  bloomLevel: string | null;
  details: Record<string, unknown>;
  sequence: number;
}

export interface FrameworkInput {
  code: string;
  name: string;
  description: string | null;
  countryCode: string | null;
  language: string | null;
  nodes: NodeInput[];
}

/** The largest file accepted (bytes); a bigger body answers 413 Request body too large. */
export const IMPORT_LIMIT = 2 * 1024 * 1024;
/** At most this many nodes (all levels) per file. */
export const MAX_NODES = 20_000;

/** Where and why a file is wrong; the route answers `400 Invalid curriculum file: <where>: <why>`. */
export class ImportError extends Error {
  constructor(readonly where: string, readonly why: string) {
    super(`${where}: ${why}`);
    this.name = 'ImportError';
  }
}

/** The CSV columns, in the order of the template (README "Curriculum"). */
export const CSV_COLUMNS = [
  'framework_code',
  'framework_name',
  'stage_code',
  'stage_name',
  'grade_code',
  'grade_name',
  'subject_code',
  'subject_name',
  'unit_code',
  'unit_name',
  'topic_code',
  'topic_name',
  'objective_code',
  'objective',
] as const;
/** Optional CSV columns. */
export const CSV_OPTIONAL = ['bloom_level', 'country_code', 'language', 'framework_description'] as const;

// ---------------------------------------------------------------- CSV

/** RFC 4180 rows (quotes, doubled quotes, CRLF or LF, a leading BOM), each with the line it starts on. */
export function parseCsv(text: string, delimiter: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) throw new ImportError(`line ${rowLine}`, 'a quoted cell is not closed');
  if (cell !== '' || cells.length) endRow();
  return rows;
}

const CODE_MAX = 100;
const NAME_MAX = 255;
const OBJECTIVE_MAX = 2000;

function csvFrameworks(text: string): FrameworkInput[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : !firstLine.includes(',') && firstLine.includes('\t') ? '\t' : ',';
  const rows = parseCsv(text, delimiter);
  const header = rows.shift();
  if (!header) throw new ImportError('line 1', 'the file is empty');
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const known = new Set<string>([...CSV_COLUMNS, ...CSV_OPTIONAL]);
  for (const [i, n] of names.entries()) {
    if (!known.has(n)) throw new ImportError(`line ${header.line}`, `unknown column "${header.cells[i]!.trim()}" (columns: ${CSV_COLUMNS.join(', ')})`);
  }
  for (const c of CSV_COLUMNS) if (!names.includes(c)) throw new ImportError(`line ${header.line}`, `column ${c} is missing`);
  if (rows.length === 0) throw new ImportError(`line ${header.line + 1}`, 'no objectives: the file has a header only');
  if (rows.length > MAX_NODES) throw new ImportError(`line ${MAX_NODES + 2}`, `too many rows (at most ${MAX_NODES})`);

  const frameworks = new Map<string, { fw: FrameworkInput; line: number; seen: Map<string, { name: string; line: number; parent?: string }> }>();
  for (const row of rows) {
    const where = `line ${row.line}`;
    if (row.cells.length > names.length) throw new ImportError(where, `${row.cells.length} cells, the header has ${names.length}`);
    const get = (col: string) => (row.cells[names.indexOf(col)] ?? '').trim();
    const need = (col: string, max: number) => {
      const v = get(col);
      if (!v) throw new ImportError(where, `${col}: is required`);
      if (v.length > max) throw new ImportError(where, `${col}: at most ${max} characters`);
      return v;
    };
    const fwCode = need('framework_code', CODE_MAX);
    let entry = frameworks.get(fwCode);
    if (!entry) {
      const fwName = need('framework_name', NAME_MAX);
      const country = get('country_code');
      if (country.length > 10) throw new ImportError(where, 'country_code: at most 10 characters');
      const language = get('language');
      if (language.length > 10) throw new ImportError(where, 'language: at most 10 characters');
      entry = {
        fw: { code: fwCode, name: fwName, description: get('framework_description') || null, countryCode: country || null, language: language || null, nodes: [] },
        line: row.line,
        seen: new Map(),
      };
      frameworks.set(fwCode, entry);
    } else {
      const fwName = get('framework_name');
      if (fwName && fwName !== entry.fw.name) throw new ImportError(where, `framework_name: "${fwName}" differs from "${entry.fw.name}" on line ${entry.line}`);
    }
    const { fw, seen } = entry;
    /**
     * One level of the row: its code, its name (may be left empty after the first row that names the code), and
     * its parent path; a code seen before must have the same name and parent.
     */
    const level = (lvl: Level, codeCol: string, nameCol: string, key: string, parent: string, nameMax: number, extra: Partial<NodeInput>) => {
      const code = need(codeCol, CODE_MAX);
      const name = get(nameCol);
      if (name.length > nameMax) throw new ImportError(where, `${nameCol}: at most ${nameMax} characters`);
      const id = `${lvl}\u0000${key}\u0000${code}`;
      const before = seen.get(id);
      if (before) {
        if (name && name !== before.name) throw new ImportError(where, `${nameCol}: "${name}" differs from "${before.name}" given for ${code} on line ${before.line}`);
        if (before.parent !== undefined && before.parent !== parent) {
          throw new ImportError(where, `${codeCol}: ${code} is already under ${before.parent || '—'} (line ${before.line})`);
        }
        return { code, isNew: false };
      }
      if (!name) throw new ImportError(where, `${nameCol}: is required`);
      seen.set(id, { name, line: row.line, parent });
      fw.nodes.push({ level: lvl, stageCode: '', subjectCode: '', gradeCode: '', unitCode: '', topicCode: '', code, name, description: null, bloomLevel: null, details: {}, sequence: fw.nodes.length, ...extra });
      return { code, isNew: true };
    };
    const stage = level('stage', 'stage_code', 'stage_name', '', '', NAME_MAX, {}).code;
    // a grade belongs to one stage in the framework
    const gradeCode = need('grade_code', CODE_MAX);
    level('grade', 'grade_code', 'grade_name', '', stage, NAME_MAX, { stageCode: stage });
    const subject = level('subject', 'subject_code', 'subject_name', '', '', NAME_MAX, {}).code;
    const unitKey = `${subject}\u0000${gradeCode}`;
    const unit = level('unit', 'unit_code', 'unit_name', unitKey, '', NAME_MAX, { subjectCode: subject, gradeCode }).code;
    const topicKey = `${unitKey}\u0000${unit}`;
    const topic = level('topic', 'topic_code', 'topic_name', topicKey, '', NAME_MAX, { subjectCode: subject, gradeCode, unitCode: unit }).code;
    const bloom = get('bloom_level').toLowerCase();
    if (bloom && !(BLOOM_LEVELS as readonly string[]).includes(bloom)) throw new ImportError(where, `bloom_level: one of ${BLOOM_LEVELS.join(', ')}`);
    const objKey = `${topicKey}\u0000${topic}`;
    const objCode = need('objective_code', CODE_MAX);
    const objText = need('objective', OBJECTIVE_MAX);
    const dup = seen.get(`objective\u0000${objKey}\u0000${objCode}`);
    if (dup) throw new ImportError(where, `objective_code: ${objCode} is already used in topic ${topic} on line ${dup.line}`);
    seen.set(`objective\u0000${objKey}\u0000${objCode}`, { name: objText, line: row.line });
    fw.nodes.push({
      level: 'objective',
      stageCode: '',
      subjectCode: subject,
      gradeCode,
      unitCode: unit,
      topicCode: topic,
      code: objCode,
      name: objText,
      description: null,
      bloomLevel: bloom || null,
      details: {},
      sequence: fw.nodes.length,
    });
  }
  return [...frameworks.values()].map((e) => e.fw);
}

// ---------------------------------------------------------------- JSON

const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_NODES).nullish().transform((v) => v ?? []);
/** A framework in the spec's hierarchy shapes (as the central service sends one: the levels as lists under it). */
const jsonFramework = upstreamFramework.extend({
  stages: list(upstreamStage),
  grades: list(upstreamGrade),
  subjects: list(upstreamSubject),
  units: list(upstreamUnit),
  topics: list(upstreamTopic),
  objectives: list(upstreamObjective.extend({ objective: z.string().trim().min(1).max(OBJECTIVE_MAX) })),
});
const jsonList = z.array(jsonFramework).min(1).max(50);
const jsonWrapped = z.object({ frameworks: jsonList });

const pathText = (path: PropertyKey[]) =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');

function jsonFrameworks(text: string): FrameworkInput[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ImportError('JSON', (err as Error).message);
  }
  // one framework, an array of them or { frameworks: [...] }: say where the one the file meant is wrong
  const wrapped = !!raw && typeof raw === 'object' && !Array.isArray(raw) && 'frameworks' in raw;
  const parsed = Array.isArray(raw) ? jsonList.safeParse(raw) : wrapped ? jsonWrapped.transform((w) => w.frameworks).safeParse(raw) : jsonFramework.transform((f) => [f]).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportError(pathText(issue.path) || 'JSON', issue.message);
  }
  const fws = parsed.data;
  const prefix = Array.isArray(raw) ? (i: number) => `[${i}].` : wrapped ? (i: number) => `frameworks[${i}].` : () => '';
  const codes = new Set<string>();
  return fws.map((f, fi) => {
    const at = (member: string, i: number, field: string) => `${prefix(fi)}${member}[${i}].${field}`;
    if (codes.has(f.code)) throw new ImportError(`${prefix(fi)}code`, `framework ${f.code} appears twice`);
    codes.add(f.code);
    const nodes: NodeInput[] = [];
    const has = new Set<string>();
    const add = (n: Omit<NodeInput, 'stageCode' | 'subjectCode' | 'gradeCode' | 'unitCode' | 'topicCode'> & Partial<NodeInput>, member: string, i: number) => {
      const node: NodeInput = { stageCode: '', subjectCode: '', gradeCode: '', unitCode: '', topicCode: '', ...n };
      const key = [node.level, node.subjectCode, node.gradeCode, node.unitCode, node.topicCode, node.code].join('\u0000');
      if (has.has(key)) throw new ImportError(at(member, i, 'code'), `${node.code} appears twice`);
      has.add(key);
      nodes.push(node);
    };
    const need = (ok: boolean, member: string, i: number, field: string, what: string, code: string) => {
      if (!ok) throw new ImportError(at(member, i, field), `no ${what} ${code} in this framework`);
    };
    const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => o[k] !== null && o[k] !== undefined).map((k) => [k, o[k]]));
    f.stages.forEach((s, i) => add({ level: 'stage', code: s.code, name: s.name, description: s.description, bloomLevel: null, details: pick(s, ['age_start', 'age_end']), sequence: s.sequence }, 'stages', i));
    const stageSet = new Set(f.stages.map((s) => s.code));
    f.grades.forEach((g, i) => {
      need(stageSet.has(g.stage_code), 'grades', i, 'stage_code', 'stage', g.stage_code);
      // grade codes are unique in a framework (as in the synced tables)
      add({ level: 'grade', stageCode: g.stage_code, code: g.code, name: g.name, description: null, bloomLevel: null, details: pick(g, ['typical_age']), sequence: g.sequence }, 'grades', i);
    });
    const gradeSet = new Set(f.grades.map((g) => g.code));
    const subjectSet = new Set(f.subjects.map((s) => s.code));
    f.subjects.forEach((s, i) => add({ level: 'subject', code: s.code, name: s.name, description: s.description, bloomLevel: null, details: pick(s, ['icon', 'color', 'is_core']), sequence: s.sequence }, 'subjects', i));
    const unitSet = new Set<string>();
    f.units.forEach((u, i) => {
      need(subjectSet.has(u.subject_code), 'units', i, 'subject_code', 'subject', u.subject_code);
      need(gradeSet.has(u.grade_code), 'units', i, 'grade_code', 'grade', u.grade_code);
      add({ level: 'unit', subjectCode: u.subject_code, gradeCode: u.grade_code, code: u.code, name: u.name, description: u.description, bloomLevel: null, details: pick(u, ['estimated_hours']), sequence: u.sequence }, 'units', i);
      unitSet.add(`${u.subject_code}\u0000${u.grade_code}\u0000${u.code}`);
    });
    const topicSet = new Set<string>();
    f.topics.forEach((t, i) => {
      need(unitSet.has(`${t.subject_code}\u0000${t.grade_code}\u0000${t.unit_code}`), 'topics', i, 'unit_code', 'unit', `${t.unit_code} for subject ${t.subject_code} and grade ${t.grade_code}`);
      add(
        {
          level: 'topic',
          subjectCode: t.subject_code,
          gradeCode: t.grade_code,
          unitCode: t.unit_code,
          code: t.code,
          name: t.name,
          description: t.description,
          bloomLevel: null,
          details: pick(t, ['base_difficulty', 'estimated_minutes']),
          sequence: t.sequence,
        },
        'topics',
        i,
      );
      topicSet.add(`${t.subject_code}\u0000${t.grade_code}\u0000${t.unit_code}\u0000${t.code}`);
    });
    f.objectives.forEach((o, i) => {
      need(topicSet.has(`${o.subject_code}\u0000${o.grade_code}\u0000${o.unit_code}\u0000${o.topic_code}`), 'objectives', i, 'topic_code', 'topic', `${o.topic_code} in unit ${o.unit_code}`);
      add(
        {
          level: 'objective',
          subjectCode: o.subject_code,
          gradeCode: o.grade_code,
          unitCode: o.unit_code,
          topicCode: o.topic_code,
          code: o.code,
          name: o.objective,
          description: null,
          bloomLevel: o.bloom_level,
          details: { mastery_threshold: o.mastery_threshold },
          sequence: o.sequence,
        },
        'objectives',
        i,
      );
    });
    if (nodes.length > MAX_NODES) throw new ImportError(`${prefix(fi)}objectives`, `too many entries (at most ${MAX_NODES})`);
    return { code: f.code, name: f.name, description: f.description, countryCode: f.country_code, language: f.language, nodes };
  });
}

/** The frameworks of a file: JSON when it starts with `{` or `[` (or the type says so), else CSV. */
export function parseCurriculumFile(text: string, contentType = ''): FrameworkInput[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new ImportError('file', 'the file is empty');
  const json = /json/i.test(contentType) || /^\s*[[{]/.test(body);
  const frameworks = json ? jsonFrameworks(body) : csvFrameworks(body);
  const total = frameworks.reduce((n, f) => n + f.nodes.length, 0);
  if (total > MAX_NODES) throw new ImportError('file', `too many entries (at most ${MAX_NODES})`);
  return frameworks;
}
