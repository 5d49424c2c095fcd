// npm run bench:marketplace — p50/p95/p99 of GET /api/marketplace/public-contents (search + filters, each sort,
// a deep offset page and a deep keyset-cursor page) and of the facets, over real HTTP against the built app, on
// 100,000 seeded public contents, while a background load runs (bench-lib startBackgroundLoad). Target: p95 ≤ 50 ms.
import { DIFFICULTIES, FRAMEWORKS, GRADES, KINDS, LIBRARIES, SUBJECTS, TOPICS, ensureSeeded, get, measure, startBackgroundLoad, startBench, table, type Stats } from './bench-lib';

const N = Number(process.env.BENCH_REQUESTS ?? 200);
const log = (m: string) => console.log(`[bench:marketplace] ${m}`);
const at = <T>(xs: readonly T[], i: number) => xs[i % xs.length] as T;
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const L = '/api/marketplace/public-contents';

async function main() {
  await ensureSeeded(log);
  const b = await startBench(log);
  /** The cursor after `items` items of a sort (followed page by page, 50 at a time). */
  const cursorAfter = async (sortBy: string, items: number) => {
    let cursor: string | undefined;
    for (let seen = 0; seen < items; seen += 50) {
      const res = await get(b, `${L}?${q({ sortBy, limit: 50, ...(cursor ? { cursor } : {}) })}`);
      cursor = ((await res.json()) as { nextCursor: string }).nextCursor;
    }
    return cursor as string;
  };
  const deepNewest = await cursorAfter('newest', 1000);
  const deepQuality = await cursorAfter('quality', 1000);
  const load = await startBackgroundLoad(b, log);
  try {
    const rows: Stats[] = [];
    for (const sortBy of ['newest', 'popular', 'quality']) {
      rows.push(await measure(`list, no filter, sortBy=${sortBy}`, N, () => get(b, `${L}?${q({ sortBy })}`)));
      rows.push(await measure(`list, search (1 word prefix), sortBy=${sortBy}`, N, (i) => get(b, `${L}?${q({ search: at(TOPICS, i).slice(0, 5), sortBy })}`)));
      rows.push(
        await measure(`list, search (2 words) + framework + grade, sortBy=${sortBy}`, N, (i) =>
          get(b, `${L}?${q({ search: `${at(TOPICS, i)} ${at(KINDS, i * 3)}`, frameworkCode: at(FRAMEWORKS, i), gradeCode: at(GRADES, i), sortBy })}`),
        ),
      );
      rows.push(
        await measure(`list, subject + difficulty + language filters, sortBy=${sortBy}`, N, (i) =>
          get(b, `${L}?${q({ subjectCode: at(SUBJECTS, i), difficulty: at(DIFFICULTIES, i), language: 'en', sortBy })}`),
        ),
      );
      rows.push(
        await measure(`list, all filters + type + search, sortBy=${sortBy}`, N, (i) =>
          get(b, `${L}?${q({ search: at(TOPICS, i).slice(0, 4), contentType: at(LIBRARIES, i), frameworkCode: at(FRAMEWORKS, i), gradeCode: at(GRADES, i), subjectCode: at(SUBJECTS, i), difficulty: at(DIFFICULTIES, i), language: 'en', sortBy })}`),
        ),
      );
    }
    rows.push(await measure('list, page 51 (offset 1000), sortBy=newest', N, () => get(b, `${L}?${q({ offset: 1000, limit: 20 })}`)));
    rows.push(await measure('list, page 51 (cursor after 1000 items), sortBy=newest', N, () => get(b, `${L}?${q({ cursor: deepNewest, limit: 20 })}`)));
    rows.push(await measure('list, page 51 (cursor after 1000 items), sortBy=quality', N, () => get(b, `${L}?${q({ sortBy: 'quality', cursor: deepQuality, limit: 20 })}`)));
    rows.push(await measure('facets', N, () => get(b, `${L}/facets`)));
    const achieved = await load.stop();
    console.log(`\n${table(rows)}\n\n${load.description}; ${achieved}\n`);
    const worst = rows.reduce((m, r) => Math.max(m, r.p95), 0);
    log(`worst p95 ${worst} ms (target ≤ 50 ms)`);
    if (worst > 50) process.exitCode = 1;
  } finally {
    await load.stop().catch(() => {});
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
