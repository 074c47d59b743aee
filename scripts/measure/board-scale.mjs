#!/usr/bin/env node
// The board at scale: N generated runs (default 100,000) in a store, then the board's default list (50 newest, with
// the total), the list filtered by a device, and the one-algorithm chart, each timed over interleaved rounds through
// the store's own methods (packages/cli/dist/board: `npm run build` first). BENCHMARKS.md cites its output.
//
//   node scripts/measure/board-scale.mjs [--runs 100000] [--rounds 30] [--postgres URL]
//
// Without --postgres: the embedded store (PGlite) in a temporary folder. With it: a PostgreSQL server's database,
// which must be empty. The runs are generated in SQL (generate_series) straight into the store's tables, the rows
// shaped as add() writes them (200 devices, 8 timed cells each, a 2 KB body): what is measured is reading, and
// 100,000 add() calls one by one would take longer than the reading is worth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pgliteSql, postgresSql } from '../../packages/cli/dist/board/drivers.js';
import { migrate } from '../../packages/cli/dist/board/schema.js';
import { sqlStore } from '../../packages/cli/dist/board/sql-store.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '30' },
    postgres: { type: 'string' },
  },
});
const N = Number(values.runs);
const ROUNDS = Number(values.rounds);
const dir = values.postgres ? undefined : mkdtempSync(join(tmpdir(), 'digestlab-scale-'));
const sql = values.postgres ? await postgresSql(values.postgres) : await pgliteSql(join(dir, 'store'));
await migrate(sql);
const store = sqlStore(sql, values.postgres ? 'postgres' : 'embedded', values.postgres ? 'postgres' : dir);
if ((await store.count()) !== 0) throw new Error('the store must start empty');

let t0 = performance.now();
await sql.query(
  `INSERT INTO runs (id, schema, device, cpu, os, runtime, engine, version, run_date, received, body)
   SELECT lpad(to_hex(g), 24, '0'), 'digestlab-bench/1', 'device ' || (g % 200), 'cpu ' || (g % 50), 'os ' || (g % 5),
          CASE WHEN g % 3 = 0 THEN 'Chrome' ELSE 'node' END, CASE WHEN g % 3 = 0 THEN 'Blink' ELSE 'node' END,
          '0.' || (g % 10) || '.0', to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), repeat('x', 2000)
   FROM generate_series(1, $1::int) g`,
  [N],
);
await sql.query(
  `INSERT INTO points (run_id, device, workload, algorithm, provider, size, unit, median)
   SELECT r.id, r.device, 'seed', a, p, 93, 'ops/s', 1e5 + (hashtext(r.id || a || p) & 1048575)
   FROM runs r, unnest(ARRAY['MD5', 'SHA-256']) a, unnest(ARRAY['ts', 'wasm', 'node:crypto', 'auto']) p`,
);
await sql.query(
  `INSERT INTO rollup (algorithm, workload, size, provider, unit, device, runs, best, total)
   SELECT algorithm, workload, size, provider, unit, device, count(*), max(median), sum(median)
   FROM points GROUP BY algorithm, workload, size, provider, unit, device`,
);
await sql.query('ANALYZE');
const loadSeconds = (performance.now() - t0) / 1000;

const queries = {
  'list: 50 newest + total': () => store.list({}, 50),
  'list: one device': () => store.list({ device: 'device 7' }, 50),
  'chart: SHA-256 seed across devices': () => store.chart({ algorithm: 'SHA-256', workload: 'seed', size: 93 }),
};
const times = Object.fromEntries(Object.keys(queries).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, q] of Object.entries(queries)) {
    t0 = performance.now();
    await q();
    times[name].push(performance.now() - t0);
  }
}
const pick = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(
  `${store.kind} store, ${await store.count()} runs (generated in ${loadSeconds.toFixed(1)} s), ${ROUNDS} rounds:`,
);
for (const [name, xs] of Object.entries(times)) {
  console.log(
    `  ${name.padEnd(36)} median ${pick(xs, 0.5).toFixed(1)} ms, p90 ${pick(xs, 0.9).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`,
  );
}
const rows = (await store.chart({ algorithm: 'SHA-256', workload: 'seed', size: 93 })).length;
console.log(`  (the chart has ${rows} rows; the default list's total is ${(await store.list({}, 50)).total})`);
await store.close();
if (dir) rmSync(dir, { recursive: true, force: true });
