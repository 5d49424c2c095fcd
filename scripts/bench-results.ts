// npm run bench:results — learner results at scale (issue 11, item 7), over real HTTP against the built app:
//  1. statement intake: batches of 20 H5P-shaped statements (answered questions, then completed) posted to
//     POST /h5p/xapi/:id by 8 concurrent clients; statements stored per second (target ≥ 1,000/s);
//  2. the results pages' API with 1,000,000 stored statements over 10,000 learners (100,000 attempts, 500,000
//     answers): p50/p95/p99 of each call (target p95 ≤ 100 ms), while the bench's background load runs.
// The data: one teacher owns 100 content items and a collection of 10 of them; each of 10,000 learners (half
// signed-in users, half anonymous embed viewers) made 10 attempts — one at the first item (so it has 10,000
// attempts, the heaviest page) and nine at others — of 10 statements each.
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/lumen_bench_results),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379/10), BENCH_LEARNERS (default 10000), BENCH_REQUESTS (default 200),
// BENCH_INTAKE_BATCHES (default 1000); BENCH_LOAD=off for no background load.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

process.env.BENCH_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/lumen_bench_results';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
const ATTEMPTS_PER_LEARNER = 10;
const STATEMENTS_PER_ATTEMPT = 10;
const ANSWERS_PER_ATTEMPT = 5;
const ITEMS = 100;
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const INTAKE_BATCHES = Number(process.env.BENCH_INTAKE_BATCHES ?? 1_000);
const INTAKE_CLIENTS = 8;
const BATCH = 20;
const log = (m: string) => console.log(`[bench:results] ${m}`);

function batchFor(contentId: string, base: string) {
  const object = (sub?: string) => ({
    id: `${base}/content/${contentId}${sub ? `?subContentId=${sub}` : ''}`,
    objectType: 'Activity',
    definition: {
      name: { 'en-US': sub ? `Question ${sub}` : 'Bench item' },
      interactionType: 'choice',
      correctResponsesPattern: ['0'],
      choices: [0, 1, 2, 3].map((c) => ({ id: String(c), description: { 'en-US': `Choice ${c}` } })),
      extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId, ...(sub ? { 'http://h5p.org/x-api/h5p-subContentId': sub } : {}) },
    },
  });
  const statements = Array.from({ length: BATCH }, (_, i) => {
    const last = i === BATCH - 1;
    const sub = `q${i % 5}`;
    const correct = Math.random() < 0.6;
    return {
      id: randomUUID(),
      verb: { id: `http://adlnet.gov/expapi/verbs/${last ? 'completed' : 'answered'}`, display: { 'en-US': last ? 'completed' : 'answered' } },
      object: object(last ? undefined : sub),
      result: last
        ? { score: { raw: 3, max: 5, min: 0, scaled: 0.6 }, success: true, completion: true, duration: 'PT2M10S' }
        : { response: correct ? '0' : String(1 + (i % 3)), success: correct, score: { raw: correct ? 1 : 0, max: 1, min: 0 } },
      context: { contextActivities: { category: [{ id: 'http://h5p.org/libraries/H5P.MultiChoice-1.16', objectType: 'Activity' }] } },
      timestamp: new Date().toISOString(),
    };
  });
  return { attempt: randomUUID(), statements };
}

async function main() {
  const { BENCH_DB, get, measure, startBackgroundLoad, startBench, table } = await import('./bench-lib');
  const { resetDatabase } = await import('./stores.mjs');
  const { migrate } = await import('../lib/db/migrate');

  log('resetting the bench database and applying migrations…');
  await resetDatabase(BENCH_DB);
  await migrate(BENCH_DB);
  const b = await startBench(log);
  const c = new pg.Client({ connectionString: BENCH_DB });
  await c.connect();
  try {
    const t0 = Date.now();
    const h = (salt: string, expr = 'i') => `(hashtext('${salt}' || ${expr})::bigint & 2147483647)`;
    await c.query(`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, updated_at)
      SELECT 'res-' || i, 'Bench item ' || i, 'H5P.MultiChoice', jsonb_build_object('title', 'Bench item ' || i, 'mainLibrary', 'H5P.MultiChoice'), '{}'::jsonb, now()
        FROM generate_series(1, ${ITEMS}) i`);
    await c.query(`INSERT INTO content_ownership (content_id, user_id, visibility, updated_at) SELECT 'res-' || i, $1::uuid, 'public', now() FROM generate_series(1, ${ITEMS}) i`, [b.userId]);
    const [{ id: collectionId }] = (
      await c.query<{ id: string }>(`INSERT INTO collections (id, user_id, title, item_count, updated_at) VALUES (gen_random_uuid(), $1::uuid, 'Bench collection', 10, now()) RETURNING id`, [b.userId])
    ).rows as [{ id: string }];
    await c.query(`INSERT INTO collection_items (id, collection_id, content_id, position) SELECT gen_random_uuid(), $1::uuid, 'res-' || i, i FROM generate_series(1, 10) i`, [collectionId]);
    // half the learners are users (user:<id>), half anonymous embed viewers (anon:<id>)
    await c.query(`INSERT INTO users (id, email, name, plan, updated_at)
      SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(i), 12, '0'))::uuid, 'learner' || i || '@bench.test', 'Learner ' || i, 'free', now() FROM generate_series(1, ${LEARNERS / 2}) i`);
    const learnerKey = `CASE WHEN l <= ${LEARNERS / 2} THEN 'user:' || ('00000000-0000-4000-9000-' || lpad(to_hex(l), 12, '0')) ELSE 'anon:' || ('00000000-0000-4000-a000-' || lpad(to_hex(l), 12, '0')) END`;
    log(`seeding ${LEARNERS * ATTEMPTS_PER_LEARNER} attempts…`);
    await c.query(`INSERT INTO learning_attempts (id, content_id, learner_key, user_id, learner_name, source, score, max_score, scaled, success, completed, duration_ms, statements, started_at, finished_at)
      SELECT ('00000000-' || lpad(to_hex(l), 4, '0') || '-4' || lpad(to_hex(k), 3, '0') || '-8000-' || lpad(to_hex(l * 16 + k), 12, '0'))::uuid,
             CASE WHEN k = 0 THEN 'res-1' ELSE 'res-' || (2 + ${h('item', "l || '-' || k")} % ${ITEMS - 1}) END,
             ${learnerKey},
             CASE WHEN l <= ${LEARNERS / 2} THEN ('00000000-0000-4000-9000-' || lpad(to_hex(l), 12, '0'))::uuid END,
             CASE WHEN l > ${LEARNERS / 2} AND l % 3 = 0 THEN 'Viewer ' || l END,
             CASE WHEN l <= ${LEARNERS / 2} THEN 'workspace' ELSE 'embed' END,
             s, 5, s / 5.0, s >= 3, true, 30000 + ${h('dur', "l || '-' || k")} % 300000, ${STATEMENTS_PER_ATTEMPT},
             now() - ((${h('when', "l || '-' || k")} % (90 * 86400)) || ' seconds')::interval,
             now() - ((${h('when', "l || '-' || k")} % (90 * 86400)) - 200 || ' seconds')::interval
        FROM generate_series(1, ${LEARNERS}) l, generate_series(0, ${ATTEMPTS_PER_LEARNER - 1}) k,
             LATERAL (SELECT (${h('score', "l || '-' || k")} % 6)::float8 AS s) sc`);
    log(`seeding ${ANSWERS_PER_ATTEMPT * LEARNERS * ATTEMPTS_PER_LEARNER} answers…`);
    await c.query(`INSERT INTO attempt_responses (statement_id, attempt_id, item_id, content_id, item_name, interaction_type, response, correct_pattern, choices, success, score, max_score, answered_at)
      SELECT gen_random_uuid(), a.id, 'q' || q, a.content_id, 'Question q' || q, 'choice', r.resp, '["0"]'::jsonb,
             '[{"id":"0","text":"Choice 0"},{"id":"1","text":"Choice 1"},{"id":"2","text":"Choice 2"},{"id":"3","text":"Choice 3"}]'::jsonb,
             r.resp = '0', CASE WHEN r.resp = '0' THEN 1 ELSE 0 END, 1, a.started_at + (q || ' seconds')::interval
        FROM learning_attempts a, generate_series(0, ${ANSWERS_PER_ATTEMPT - 1}) q,
             LATERAL (SELECT (${h('resp', "a.id::text || q")} % 4)::text AS resp) r`);
    log(`seeding ${STATEMENTS_PER_ATTEMPT * LEARNERS * ATTEMPTS_PER_LEARNER} statements…`);
    await c.query(`INSERT INTO xapi_statements (id, attempt_id, content_id, learner_key, verb, object_id, sub_content_id, "timestamp", statement)
      SELECT gen_random_uuid(), a.id, a.content_id, a.learner_key,
             CASE WHEN n = ${STATEMENTS_PER_ATTEMPT - 1} THEN 'http://adlnet.gov/expapi/verbs/completed' ELSE 'http://adlnet.gov/expapi/verbs/answered' END,
             'https://bench.test/content/' || a.content_id || CASE WHEN n < ${STATEMENTS_PER_ATTEMPT - 1} THEN '?subContentId=q' || (n % 5) ELSE '' END,
             CASE WHEN n < ${STATEMENTS_PER_ATTEMPT - 1} THEN 'q' || (n % 5) END,
             a.started_at + (n || ' seconds')::interval,
             jsonb_build_object('actor', jsonb_build_object('objectType', 'Agent', 'account', jsonb_build_object('homePage', 'https://bench.test/learners', 'name', a.learner_key)),
               'verb', jsonb_build_object('id', CASE WHEN n = ${STATEMENTS_PER_ATTEMPT - 1} THEN 'http://adlnet.gov/expapi/verbs/completed' ELSE 'http://adlnet.gov/expapi/verbs/answered' END),
               'object', jsonb_build_object('id', 'https://bench.test/content/' || a.content_id, 'objectType', 'Activity'),
               'result', jsonb_build_object('score', jsonb_build_object('raw', a.score, 'max', 5)), 'timestamp', a.started_at)
        FROM learning_attempts a, generate_series(0, ${STATEMENTS_PER_ATTEMPT - 1}) n`);
    await c.query('VACUUM ANALYZE');
    const [{ statements }] = (await c.query<{ statements: number }>('SELECT count(*)::int AS statements FROM xapi_statements')).rows as [{ statements: number }];
    log(`seeded ${statements.toLocaleString('en')} statements, ${LEARNERS * ATTEMPTS_PER_LEARNER} attempts of ${LEARNERS} learners in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // ---- 1. intake: 8 clients posting batches of 20 as fast as the service takes them
    const base = b.app.url;
    const post = (contentId: string) =>
      fetch(`${base}/h5p/xapi/${contentId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'text/plain', 'X-Forwarded-For': `10.7.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}` },
        body: JSON.stringify(batchFor(contentId, base)),
      });
    for (let i = 0; i < 20; i++) await (await post('res-2')).arrayBuffer(); // warm-up
    let next = 0;
    let refused = 0;
    const ti = performance.now();
    await Promise.all(
      Array.from({ length: INTAKE_CLIENTS }, async () => {
        for (;;) {
          const i = next++;
          if (i >= INTAKE_BATCHES) return;
          const res = await post(`res-${2 + (i % (ITEMS - 1))}`);
          await res.arrayBuffer();
          if (res.status !== 201) refused++;
        }
      }),
    );
    const seconds = (performance.now() - ti) / 1000;
    const rate = Math.round((INTAKE_BATCHES * BATCH) / seconds);
    log(`intake: ${INTAKE_BATCHES} batches of ${BATCH} (${(INTAKE_BATCHES * BATCH).toLocaleString('en')} statements) by ${INTAKE_CLIENTS} clients in ${seconds.toFixed(2)} s: ${rate.toLocaleString('en')} statements/s; ${refused} refused (target ≥ 1,000/s)`);
    if (refused) throw new Error(`${refused} intake batches were refused`);

    // ---- 2. the results pages' calls, with the background load
    const from = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
    const learner = `user:00000000-0000-4000-9000-${(42).toString(16).padStart(12, '0')}`;
    const load = await startBackgroundLoad(b, log);
    const rows = [
      await measure('baseline: GET /api/auth/me', N, () => get(b, '/api/auth/me')),
      await measure('content summary + items (10,000 attempts, 50,000 answers)', N, () => get(b, '/api/results/content/res-1')),
      await measure('content summary + items, last 30 days', N, () => get(b, `/api/results/content/res-1?from=${from}`)),
      await measure('content summary + items, a smaller item', N, (i) => get(b, `/api/results/content/res-${2 + (i % 98)}`)),
      await measure('attempts, first page (limit 20)', N, () => get(b, '/api/results/content/res-1/attempts?limit=20')),
      await measure('attempts, offset 5,000', N, () => get(b, '/api/results/content/res-1/attempts?limit=20&offset=5000')),
      await measure('collection grid (10 items, learners page 1)', N, () => get(b, `/api/results/collections/${collectionId}?limit=20`)),
      await measure('one learner across the teacher’s content', N, () => get(b, `/api/results/learners/${learner}`)),
      await measure('item analysis CSV (res-1)', Math.min(N, 100), () => get(b, '/api/results/content/res-1?format=csv'), 5),
    ];
    const achieved = await load.stop();
    console.log(`\n${table(rows)}\n\n${load.description}; ${achieved}\n`);
    const pages = rows.slice(1);
    const worst = pages.reduce((m, r) => Math.max(m, r.p95), 0);
    log(`intake ${rate.toLocaleString('en')} statements/s (target ≥ 1,000); worst p95 of the results calls ${worst} ms (target ≤ 100 ms)`);
    if (rate < 1000 || worst > 100) process.exitCode = 1;
  } finally {
    await c.end();
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
