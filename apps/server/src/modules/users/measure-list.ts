/**
 * One-off measurement of GET /api/users on 100,000 people in the embedded store, through the real
 * app (`inject`, so routing, validation and serialisation are counted, the network is not).
 *
 *   npx tsx apps/server/src/modules/users/measure-list.ts [people=100000] [calls=300]
 *
 * `npm run bench` is the product's benchmark; this script is the quick check a developer runs
 * after touching the list query. It also prints the plans, to see the indexes at work.
 */
import { performance } from 'node:perf_hooks';
import { createTestApp, login } from '../../../test/helpers.js';
import { userScenarios, prepareUserBench } from './bench-scenarios.js';
import { SEARCH_EXPRESSION } from './queries.js';

const people = Number(process.argv[2] ?? 100_000);
const calls = Number(process.argv[3] ?? 300);

const t = await createTestApp();
const started = performance.now();
await t.database.query(
  `INSERT INTO users (email, first_name, last_name, display_name, slug, role, status, email_verified, company, job_title, created_at)
   SELECT lower(f || '.' || l || g) || '@example.org', f, l, f || ' ' || l, lower(f || '-' || l || '-' || g),
          CASE WHEN g % 100 = 0 THEN 'admin' ELSE 'user' END,
          (ARRAY['active','active','active','pending','banned','rejected'])[1 + g % 6],
          g % 3 <> 0,
          (ARRAY['Acme','Globex','Initech','Umbrella','Hooli','Stark','Wayne','Wonka','Tyrell','Cyberdyne'])[1 + (g / 7) % 10]
            || ' ' || (ARRAY['Ltd','Inc','SA','GmbH','Group'])[1 + g % 5],
          (ARRAY['Engineer','Designer','Manager','Buyer','Analyst'])[1 + g % 5],
          now() - g * interval '7 minutes'
     FROM (SELECT g,
                  (ARRAY['Jane','John','Amir','Linh','Wei','Sara','Omar','Lucie','Paul','Mai','Ana','Kofi','Yuki','Ivan','Nora'])[1 + g % 15] AS f,
                  (ARRAY['Smith','Nguyen','Martin','Chen','Haddad','Dubois','Tran','Li','Garcia','Okafor','Sato','Petrov','Silva','Kim','Novak',
                         'Rossi','Muller','Khan','Costa','Berg'])[1 + (g * 7919) % 20] || (g % 97)::text AS l
             FROM generate_series(1, $1::int) g) s`,
  [people],
);
await t.database.vacuumAnalyze();
console.info(
  `inserted ${people} people in ${Math.round(performance.now() - started)} ms (${t.database.kind})`,
);

const { accessToken } = await login(t.app);
const fetchJson = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return { status: res.statusCode, body: res.json() as unknown };
};
const ctx = await prepareUserBench(fetchJson);
console.info(
  `total ${ctx.total}, deep page after ${ctx.deepAfter}, search terms ${ctx.searchTerms.join(', ')}`,
);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
for (const s of userScenarios) {
  for (let i = 0; i < 20; i++) await fetchJson('GET', s.url(ctx, i)); // warm-up
  // Wall time suffers from whatever else runs on the machine; the process's own CPU time per call
  // (PGlite runs in this process) is what the call costs on an otherwise idle core.
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < calls; i++) {
    const url = s.url(ctx, i);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await fetchJson('GET', url);
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
    if (res.status !== s.expectedStatus || !s.check(res.body))
      throw new Error(`${s.name}: bad answer ${res.status}`);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(6);
  console.info(
    `${s.name.padEnd(52)} wall median ${f(pct(times, 0.5))} p99 ${f(pct(times, 0.99))} ms | cpu median ${f(pct(cpu, 0.5))} p99 ${f(pct(cpu, 0.99))} ms`,
  );
}

const explain = async (label: string, sql: string, args: unknown[] = []) => {
  const rows = await t.database.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF) ${sql}`,
    args,
  );
  console.info(`\n-- ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
};
await explain(
  'search uses the trigram index',
  `SELECT status, count(*) FROM users WHERE ${SEARCH_EXPRESSION} LIKE $1 GROUP BY status`,
  [`%${ctx.searchTerms[0]}%`],
);
await explain(
  'deep page: ids from the sort index only',
  `SELECT id, display_name FROM users ORDER BY display_name, id LIMIT 25 OFFSET $1`,
  [Math.floor(ctx.total / 2)],
);
await t.close();
