// The pure half of statement intake (lib/results/intake.ts): what each statement of a batch contributes to the one
// SQL statement that stores the batch and rolls it up into the attempt — its stored form and time, the attempt's
// result it carries (completed / passed / failed, or a single-question type's top-level scored answer), the answer
// to a question it carries, and whether the learner did something. The SQL then takes the newest result among the
// batch's new statements (by time, the later one in the batch on a tie) and every answer.
import { durationMs, isInteraction, plainText, questionOf, RESULT_VERBS, subContentIdOf, textOf, VERBS, type Statement } from './statements';

export interface Result {
  score: number | null;
  maxScore: number | null;
  scaled: number | null;
  success: boolean | null;
  completed: boolean;
  durationMs: number | null;
  finishedAt: Date;
  statementId: string;
  passback: boolean;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The attempt's result in a statement about the content itself: completed / passed / failed, or H5P's top-level answered with a score. */
export function resultOf(s: Statement, at: Date): Result | null {
  if (subContentIdOf(s)) return null;
  const verb = s.verb.id;
  const isResult = RESULT_VERBS.has(verb);
  if (!isResult && !(verb === VERBS.answered && s.result?.score)) return null;
  const score = s.result?.score;
  const raw = num(score?.raw);
  const max = num(score?.max);
  const scaled = num(score?.scaled) ?? (raw !== null && max ? raw / max : null);
  return {
    score: raw,
    maxScore: max,
    scaled: scaled === null ? null : Math.max(-1, Math.min(1, scaled)),
    success: verb === VERBS.passed ? true : verb === VERBS.failed ? false : (s.result?.success ?? null),
    completed: isResult || s.result?.completion === true,
    durationMs: durationMs(s.result?.duration) ?? null,
    finishedAt: at,
    statementId: s.id,
    // a result of the content itself: completed, passed, failed — or, for the single-question types that never
    // send those, their top-level scored answer
    passback: true,
  };
}

export interface ResponseRow {
  item: string;
  name: string | null;
  type: string | null;
  response: string | null;
  pattern: string[] | null;
  choices: { id: string; text: string }[] | null;
  success: boolean | null;
  score: number | null;
  max: number | null;
  at: string;
}

/** The newest answer to a question in the batch: answered statements with a response or a result. */
export function responseOf(s: Statement, at: Date, atIso = at.toISOString()): ResponseRow | null {
  if (s.verb.id !== VERBS.answered || !s.result) return null;
  const def = s.object.definition;
  const components = def?.choices ?? def?.source ?? def?.scale ?? null;
  return {
    item: subContentIdOf(s) ?? '',
    // the question in its own words (the description), not the content's title (the name)
    name: questionOf(def),
    type: def?.interactionType ?? null,
    response: s.result.response ?? null,
    pattern: def?.correctResponsesPattern ?? null,
    choices: components
      ? components.map((c) => ({
          id: String(c.id),
          text: (plainText(textOf(c.description)) ?? String(c.id)).slice(0, 500),
        }))
      : null,
    success: s.result.success ?? null,
    score: num(s.result.score?.raw),
    max: num(s.result.score?.max),
    at: atIso,
  };
}

/** One statement of a batch as the intake's SQL reads it (jsonb_to_recordset). */
export interface StatementRow {
  id: string;
  /** its place among the batch's distinct statements (the later one wins a tie of times) */
  ord: number;
  verb: string;
  object_id: string;
  sub: string | null;
  ts: string;
  st: unknown;
  /** the attempt's result this statement carries, if any */
  res?: Omit<Result, 'finishedAt' | 'statementId' | 'passback'>;
  /** the answer to a question this statement carries, if any */
  ans?: ResponseRow;
  /** the learner did something (not a load-only verb) */
  inter: boolean;
}

/**
 * The rows of a batch's statements at `now` (ms): ids lower-cased, the same statement twice in the batch kept once,
 * a timestamp from the future (a wrong clock) or none taken as the time it arrived, the actor replaced by the
 * service's own. Whether each statement belongs to the content is checked before (intake.ts).
 */
export function statementRows(actor: Record<string, unknown>, statements: Statement[], now: number): StatementRow[] {
  const rows: StatementRow[] = [];
  const seen = new Set<string>();
  const storedAt = new Date(now).toISOString();
  for (const s of statements) {
    const id = s.id.toLowerCase();
    if (seen.has(id)) continue; // the same statement twice in one batch is one statement
    seen.add(id);
    // a timestamp from the future (a wrong clock) is the time it arrived
    const given = s.timestamp ? Date.parse(s.timestamp) : now;
    const at = new Date(Math.min(Number.isFinite(given) ? given : now, now));
    const atIso = at.toISOString();
    const stored = { ...s, id, actor, timestamp: atIso, stored: storedAt };
    const r = resultOf(s, at);
    const answer = responseOf(s, at, atIso);
    rows.push({
      id,
      ord: rows.length,
      verb: s.verb.id.slice(0, 255),
      object_id: s.object.id,
      sub: subContentIdOf(s) ?? null,
      ts: atIso,
      st: stored,
      ...(r ? { res: { score: r.score, maxScore: r.maxScore, scaled: r.scaled, success: r.success, completed: r.completed, durationMs: r.durationMs } } : {}),
      ...(answer ? { ans: answer } : {}),
      inter: isInteraction(s),
    });
  }
  return rows;
}
