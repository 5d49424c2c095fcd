process.env.BENCH_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/lumen_bench_intake';
process.env.AUTH_SECRET ??= 'bench-intake-session-secret-0123456789abcdef';
process.env.DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
import { randomUUID } from 'node:crypto';
async function main() {
  const { startBench } = await import('./bench-lib');
  const { issuePlayerToken } = await import('../lib/auth/embed-token');
  const pg = (await import('pg')).default;
  const out: Record<string, string[]> = {};
  for (const root of [process.env.BASE_ROOT!, undefined]) {
    const b = await startBench(() => {}, { root });
    const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL }); await c.connect();
    await c.query(`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, updated_at) VALUES ('hdr-1','x','H5P.MultiChoice','{}','{}',now()) ON CONFLICT DO NOTHING`);
    await c.query(`INSERT INTO content_ownership (content_id, user_id, visibility, updated_at) VALUES ('hdr-1',$1,'public',now()) ON CONFLICT DO NOTHING`, [b.userId]);
    const { rows: [u] } = await c.query(`INSERT INTO users (id, email, name, plan, updated_at) VALUES (gen_random_uuid(), $1, 'L', 'free', now()) RETURNING id`, [`hdr-${randomUUID()}@x.test`]);
    const token = await issuePlayerToken(u.id, 'hdr-1');
    const st = () => ({ id: randomUUID(), verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' }, object: { id: 'http://x.test/h5p/embed/hdr-1', definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': 'hdr-1' } } } });
    const okBody = JSON.stringify({ attempt: randomUUID(), statements: [st()] });
    const cases: [string, string, string][] = [
      ['201', `/h5p/xapi/hdr-1?token=${token}`, okBody],
      ['200 dup', `/h5p/xapi/hdr-1?token=${token}`, okBody],
      ['400 json', `/h5p/xapi/hdr-1?token=${token}`, '{nope'],
      ['400 empty', `/h5p/xapi/hdr-1?token=${token}`, ''],
      ['400 ctrl', `/h5p/xapi/hdr-1?token=${token}`, JSON.stringify({ attempt: randomUUID(), statements: [{ ...st(), x: 'a\u0001' }] })],
      ['401', `/h5p/xapi/hdr-1?token=bad`, okBody],
      ['401 none', `/h5p/xapi/hdr-1`, okBody],
      ['401 other', `/h5p/xapi/other?token=${token}`, okBody],
    ];
    for (const [name, path, body] of cases) {
      const res = await fetch(`${b.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '10.1.1.1' }, body });
      const text = await res.text();
      const h = [...res.headers].filter(([k]) => !['date', 'x-request-id', 'ratelimit-reset', 'ratelimit-remaining', 'keep-alive', 'content-length'].includes(k)).map(([k, v]) => `${k}: ${v}`).sort();
      (out[name] ??= []).push(`${res.status} ${text.replace(/"attemptId":"[^"]+"/, '"attemptId":"…"')}\n    ${h.join('\n    ')}`);
    }
    await c.end(); await b.stop();
  }
  for (const [k, [a, b]] of Object.entries(out)) console.log(`== ${k} ${a === b ? 'SAME' : 'DIFFERENT'}\n  base: ${a}${a === b ? '' : `\n  new:  ${b}`}`);
}
main().catch((e) => { console.error(e); process.exit(1); });
