// npm run bench:content-list — p50/p95/p99 of GET /h5p/content (My content) over real HTTP against the built app,
// for one teacher holding 2,000 items (curriculum on half, quality on 80%, tags on a third) among 20,000 items of
// other teachers, while a background load runs (bench-lib startBackgroundLoad): first page, the first keyset page
// and a deep one (cursor after 1,900 items), a title search, a tag filter, type + visibility filters, sort by title
// and by quality, a deep offset page and the whole list without a limit. Target: p95 ≤ 50 ms for the paged calls
// (the unpaged one, the spec's every-item call, is reported beside them).
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/lumen_bench_content),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379/10), BENCH_ITEMS (default 2000), BENCH_REQUESTS (default 200).
import pg from 'pg';

process.env.BENCH_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/lumen_bench_content';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2_000);
const OTHERS = 20_000;
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const log = (m: string) => console.log(`[bench:content-list] ${m}`);
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const L = '/h5p/content';
const TAGS = ['unit-1', 'unit-2', 'unit-3', 'revision', 'homework', 'assessment', 'starter', 'extension'];

async function main() {
  // bench-lib reads BENCH_DATABASE_URL when it loads
  const { BENCH_DB, FRAMEWORKS, GRADES, KINDS, LIBRARIES, SUBJECTS, TOPICS, get, measure, startBackgroundLoad, startBench, table } = await import('./bench-lib');
  const { resetDatabase } = await import('./stores.mjs');
  const { migrate } = await import('../lib/db/migrate');
  const at = <T>(xs: readonly T[], i: number) => xs[i % xs.length] as T;
  const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;
  const h = (salt: string) => `(hashtext('${salt}' || i)::bigint & 2147483647)`;
  const pick = (xs: readonly string[], salt: string) => `(${arr(xs)})[1 + (${h(salt)} % ${xs.length})]`;

  log('resetting the bench database and applying migrations…');
  await resetDatabase(BENCH_DB);
  await migrate(BENCH_DB);
  const b = await startBench(log);
  const c = new pg.Client({ connectionString: BENCH_DB });
  await c.connect();
  try {
    const t0 = Date.now();
    // other teachers' content (so indexes and the search vector hold more than one teacher's rows)
    await c.query(`INSERT INTO users (id, email, name, plan, updated_at)
      SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(a), 12, '0'))::uuid, 'other' || a || '@bench.test', 'Other ' || a, 'pro', now() FROM generate_series(1, 100) a`);
    const seed = async (prefix: string, count: number, owner: string) => {
      await c.query(`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, created_at, updated_at)
        SELECT '${prefix}' || i, initcap(${pick(TOPICS, 'topic')}) || ' ' || ${pick(KINDS, 'kind')} || ' ' || i, ${pick(LIBRARIES, 'lib')},
               jsonb_build_object('title', 'Bench ' || i, 'mainLibrary', ${pick(LIBRARIES, 'lib')}, 'embedTypes', jsonb_build_array('iframe'), 'language', 'und', 'license', 'U',
                 'preloadedDependencies', jsonb_build_array(jsonb_build_object('machineName', ${pick(LIBRARIES, 'lib')}, 'majorVersion', 1, 'minorVersion', 0))),
               jsonb_build_object('question', 'What is ' || i || '?'), now() - (i || ' minutes')::interval, now() - (${h('upd')} % 100000 || ' seconds')::interval
          FROM generate_series(1, ${count}) i`);
      await c.query(`INSERT INTO content_ownership (content_id, user_id, visibility, published_at, view_count, created_at, updated_at)
        SELECT '${prefix}' || i, ${owner}, CASE WHEN ${h('vis')} % 3 = 0 THEN 'public' ELSE 'private' END,
               CASE WHEN ${h('vis')} % 3 = 0 THEN now() END, ${h('views')} % 500, now(), now() FROM generate_series(1, ${count}) i`);
      await c.query(`INSERT INTO content_curriculum_metadata (content_id, framework_code, framework_name, country_code, grade_code, grade_name,
             subject_code, subject_name, topic_codes, topic_names, difficulty, language, updated_at)
        SELECT '${prefix}' || i, ${pick(FRAMEWORKS, 'fw')}, ${pick(FRAMEWORKS, 'fw')} || ' framework', 'NZ', ${pick(GRADES, 'grade')}, 'Grade ' || ${pick(GRADES, 'grade')},
               ${pick(SUBJECTS, 'subject')}, ${pick(SUBJECTS, 'subject')} || ' subject', ARRAY['T1'], ARRAY[${pick(TOPICS, 'topic')}], 'medium', 'en', now()
          FROM generate_series(1, ${count}) i WHERE ${h('meta')} % 2 = 0`);
      await c.query(`INSERT INTO content_quality_reports (content_id, overall_score, blooms_level, accessibility_score, report)
        SELECT '${prefix}' || i, 40 + (${h('score')} % 61), 'understand', 70, jsonb_build_object('dimensions', jsonb_build_object('clarity', 60))
          FROM generate_series(1, ${count}) i WHERE ${h('assessed')} % 5 <> 0`);
      await c.query(`INSERT INTO content_tags (content_id, tag)
        SELECT DISTINCT '${prefix}' || i, (${arr(TAGS)})[1 + ((${h('tag')} + k) % ${TAGS.length})]
          FROM generate_series(1, ${count}) i, generate_series(0, 1) k WHERE ${h('tagged')} % 3 = 0`);
    };
    await seed('mine-', ITEMS, `'${b.userId}'::uuid`);
    await seed('other-', OTHERS, `('00000000-0000-4000-8000-' || lpad(to_hex(1 + (i % 100)), 12, '0'))::uuid`);
    await c.query('VACUUM ANALYZE');
    log(`seeded ${ITEMS} items for the teacher and ${OTHERS} for 100 others in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const first = (await (await get(b, `${L}?limit=20`)).json()) as { total: number };
    if (first.total !== ITEMS) throw new Error(`expected ${ITEMS} items, the list says ${first.total}`);
    // the cursor after 1,900 items (followed page by page, 100 at a time)
    let deep: string | undefined;
    for (let seen = 0; seen < ITEMS - 100; seen += 100) {
      deep = ((await (await get(b, `${L}?${q({ limit: 100, ...(deep ? { cursor: deep } : {}) })}`)).json()) as { nextCursor: string }).nextCursor;
    }
    const firstCursor = ((await (await get(b, `${L}?${q({ limit: 20 })}`)).json()) as { nextCursor: string }).nextCursor;
    const load = await startBackgroundLoad(b, log);
    const rows = [
      // the floor: an authenticated call that reads one row (authentication, rate limit, envelope)
      await measure('baseline: GET /api/auth/me', N, () => get(b, '/api/auth/me')),
      await measure('first page (limit 20, sortBy=updated)', N, () => get(b, `${L}?${q({ limit: 20 })}`)),
      await measure('search (1 word prefix), limit 20', N, (i) => get(b, `${L}?${q({ search: at(TOPICS, i).slice(0, 5), limit: 20 })}`)),
      await measure('search (2 words), limit 20', N, (i) => get(b, `${L}?${q({ search: `${at(TOPICS, i)} ${at(KINDS, i * 3)}`, limit: 20 })}`)),
      await measure('tag filter, limit 20', N, (i) => get(b, `${L}?${q({ tag: at(TAGS, i), limit: 20 })}`)),
      await measure('type + visibility filters, limit 20', N, (i) => get(b, `${L}?${q({ type: at(LIBRARIES, i), visibility: 'private', limit: 20 })}`)),
      await measure('curriculum filters (framework + grade), limit 20', N, (i) => get(b, `${L}?${q({ frameworkCode: at(FRAMEWORKS, i), gradeCode: at(GRADES, i), limit: 20 })}`)),
      await measure('second page by keyset cursor, limit 20', N, () => get(b, `${L}?${q({ limit: 20, cursor: firstCursor })}`)),
      await measure(`deep page by keyset cursor (after ${ITEMS - 100} items), limit 20`, N, () => get(b, `${L}?${q({ limit: 20, cursor: deep ?? '' })}`)),
      await measure('sortBy=title, limit 20', N, () => get(b, `${L}?${q({ sortBy: 'title', limit: 20 })}`)),
      await measure('sortBy=quality, limit 20', N, () => get(b, `${L}?${q({ sortBy: 'quality', limit: 20 })}`)),
      await measure('sortBy=quality + tag + search, limit 20', N, (i) => get(b, `${L}?${q({ sortBy: 'quality', tag: at(TAGS, i), search: at(TOPICS, i).slice(0, 4), limit: 20 })}`)),
      await measure(`deep page by offset (offset ${ITEMS - 100}, limit 20)`, N, () => get(b, `${L}?${q({ offset: ITEMS - 100, limit: 20 })}`)),
      await measure(`whole list, no limit (${ITEMS} items)`, Math.min(N, 100), () => get(b, L), 5),
    ];
    const achieved = await load.stop();
    console.log(`\n${table(rows)}\n\n${load.description}; ${achieved}\n`);
    // the target is the paged list (what the My content page and paging clients call); the spec's unpaged call
    // (every item, ≈ 880 KB of JSON at 2,000) is reported beside it: its cost is the size of what it returns
    const paged = rows.slice(1, -1);
    const unpaged = rows[rows.length - 1]!;
    const worst = paged.reduce((m, r) => Math.max(m, r.p95), 0);
    log(`worst p95 of the paged list calls ${worst} ms (target ≤ 50 ms); the unpaged call (every item): p95 ${unpaged.p95} ms`);
    if (worst > 50) process.exitCode = 1;
  } finally {
    await c.end();
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
