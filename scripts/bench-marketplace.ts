// npm run bench:marketplace — p50/p95/p99 of GET /api/marketplace/public-contents (search + filters, each sort,
// a deep offset page and a deep keyset-cursor page) and of the facets, over real HTTP against the built app, on
// 100,000 seeded public contents, while a background load runs (bench-lib startBackgroundLoad). Target: p95 ≤ 50 ms.
// BENCH_BASELINE and BENCH_BASELINE_REDIS_URL: another checkout measured beside this one, requests alternating
// (scripts/bench-lib.ts startBaseline).
import { DIFFICULTIES, FRAMEWORKS, GRADES, KINDS, LIBRARIES, SUBJECTS, TOPICS, ensureSeeded, get, getFrom, measure, measurePair, pairTable, startBackgroundLoad, startBaseline, startBench, table, type Stats } from './bench-lib';

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
  const deeperNewest = await cursorAfter('newest', 50_000);
  const base = await startBaseline(b, log);
  const load = await startBackgroundLoad(b, log, base);
  try {
    const rows: Stats[] = [];
    const pairs: [Stats, Stats][] = [];
    /** one scenario: this app alone, or both apps alternating */
    const scenario = async (name: string, path: (i: number) => string) => {
      if (!base) return void rows.push(await measure(name, N, (i) => get(b, path(i))));
      const pair = await measurePair(name, N, (i) => get(b, path(i)), (i) => getFrom(base, b, path(i)));
      pairs.push(pair);
      rows.push(pair[0]);
    };
    for (const sortBy of ['newest', 'popular', 'quality']) {
      await scenario(`list, no filter, sortBy=${sortBy}`, () => `${L}?${q({ sortBy })}`);
      await scenario(`list, search (1 word prefix), sortBy=${sortBy}`, (i) => `${L}?${q({ search: at(TOPICS, i).slice(0, 5), sortBy })}`);
      await scenario(`list, search (2 words) + framework + grade, sortBy=${sortBy}`, (i) =>
        `${L}?${q({ search: `${at(TOPICS, i)} ${at(KINDS, i * 3)}`, frameworkCode: at(FRAMEWORKS, i), gradeCode: at(GRADES, i), sortBy })}`,
      );
      await scenario(`list, subject + difficulty + language filters, sortBy=${sortBy}`, (i) =>
        `${L}?${q({ subjectCode: at(SUBJECTS, i), difficulty: at(DIFFICULTIES, i), language: 'en', sortBy })}`,
      );
      await scenario(`list, all filters + type + search, sortBy=${sortBy}`, (i) =>
        `${L}?${q({ search: at(TOPICS, i).slice(0, 4), contentType: at(LIBRARIES, i), frameworkCode: at(FRAMEWORKS, i), gradeCode: at(GRADES, i), subjectCode: at(SUBJECTS, i), difficulty: at(DIFFICULTIES, i), language: 'en', sortBy })}`,
      );
    }
    await scenario('list, page 51 (offset 1000), sortBy=newest', () => `${L}?${q({ offset: 1000, limit: 20 })}`);
    await scenario('list, page 51 (cursor after 1000 items), sortBy=newest', () => `${L}?${q({ cursor: deepNewest, limit: 20 })}`);
    await scenario('list, page 51 (cursor after 1000 items), sortBy=quality', () => `${L}?${q({ sortBy: 'quality', cursor: deepQuality, limit: 20 })}`);
    await scenario('list, page 1001 (cursor after 50,000 items), sortBy=newest', () => `${L}?${q({ cursor: deeperNewest, limit: 20 })}`);
    await scenario('facets', () => `${L}/facets`);
    const achieved = await load.stop();
    console.log(`\n${table(rows)}\n\n${load.description}; ${achieved}\n`);
    if (base) console.log(`before/after, requests alternating between this checkout and the baseline (${base.dir}):\n\n${pairTable(pairs)}\n`);
    const worst = rows.reduce((m, r) => Math.max(m, r.p95), 0);
    log(`worst p95 ${worst} ms (target ≤ 50 ms)`);
    if (worst > 50) process.exitCode = 1;
  } finally {
    await load.stop().catch(() => {});
    await base?.stop();
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
