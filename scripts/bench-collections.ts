// npm run bench:collections — latency of GET /api/collections/:id/suggestions (and of the detail) for a
// collection of 200 items, over real HTTP against the built app, on the 100,000-content bench data set.
import pg from 'pg';
import { BENCH_DB, ensureSeeded, get, measure, startBench, table, type Stats } from './bench-lib';

const N = Number(process.env.BENCH_REQUESTS ?? 200);
const log = (m: string) => console.log(`[bench:collections] ${m}`);

async function main() {
  await ensureSeeded(log);
  const b = await startBench(log);
  try {
    // a collection of 200 public contents of others, on one framework/grade/subject so suggestions have matches
    const c = new pg.Client({ connectionString: BENCH_DB });
    await c.connect();
    const match = await c.query(
      `SELECT m.framework_code, m.grade_code, m.subject_code, m.difficulty, m.language, count(*)::int AS n
         FROM content_curriculum_metadata m GROUP BY 1, 2, 3, 4, 5 ORDER BY n DESC LIMIT 1`,
    );
    const f = match.rows[0];
    const created = await fetch(`${b.app.url}/api/collections`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' },
      body: JSON.stringify({ title: 'Bench collection', frameworkCode: f.framework_code, gradeCode: f.grade_code, subjectCode: f.subject_code, difficulty: f.difficulty, language: f.language }),
    });
    const collection = ((await created.json()) as { data: { id: string } }).data;
    const picked = await c.query(
      `SELECT o.content_id FROM content_ownership o JOIN content_curriculum_metadata m ON m.content_id = o.content_id
        WHERE o.visibility = 'public' AND m.subject_code = $1 ORDER BY o.content_id LIMIT 200`,
      [f.subject_code],
    );
    await c.end();
    const add = await fetch(`${b.app.url}/api/collections/${collection.id}/items`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' },
      body: JSON.stringify({ contentIds: picked.rows.map((r) => r.content_id) }),
    });
    const added = ((await add.json()) as { data: unknown[] }).data.length;
    log(`collection ${collection.id} with ${added} items (${f.framework_code}/${f.grade_code}/${f.subject_code}/${f.difficulty}/${f.language}: ${f.n} matching contents)`);
    const rows: Stats[] = [];
    rows.push(await measure('suggestions, 200-item collection', N, () => get(b, `/api/collections/${collection.id}/suggestions`)));
    rows.push(await measure('detail, 200-item collection', N, () => get(b, `/api/collections/${collection.id}`)));
    console.log(`\n${table(rows)}\n`);
  } finally {
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
