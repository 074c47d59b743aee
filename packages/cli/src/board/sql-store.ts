/**
 * The store's SQL, one text for both stores (see ./store.ts). Every value goes in as a parameter; the only text
 * spliced into a statement is a column name from FILTER_FIELDS, never a request's.
 */
import { type AnyReport, checkBoardRun, parseAnyReport, type RunFacts, runFacts, runPoints } from '@digestlab/lab';
import type { Sql } from './sql.js';
import {
  type Added,
  type Cell,
  type ChartRow,
  FILTER_FIELDS,
  type HistoryRow,
  type ListedRun,
  type RunFilter,
  type RunPage,
  RunRejected,
  type RunStore,
} from './store.js';

const FACTS = 'id, schema, device, cpu, os, runtime, engine, version, run_date AS date, received';

/** The checked report of a run's text, or RunRejected saying why not. */
export function checkRun(text: string): AnyReport {
  try {
    const r = parseAnyReport(text, 'run');
    checkBoardRun(r);
    return r;
  } catch (e) {
    throw new RunRejected((e as Error).message);
  }
}

function where(filter: RunFilter): { text: string; params: string[] } {
  const params: string[] = [];
  const terms: string[] = [];
  for (const field of FILTER_FIELDS) {
    const value = filter[field];
    if (value === undefined) continue;
    params.push(value);
    terms.push(`${field} = $${params.length}`);
  }
  return { text: terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`, params };
}

async function insertRun(sql: Sql, f: RunFacts, r: AnyReport, text: string): Promise<boolean> {
  const points = runPoints(r);
  return sql.transaction(async (q) => {
    const inserted = await q(
      `INSERT INTO runs (id, schema, device, cpu, os, runtime, engine, version, run_date, received, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [f.id, f.schema, f.device, f.cpu, f.os, f.runtime, f.engine, f.version, f.date, new Date().toISOString(), text],
    );
    if (inserted.length === 0) return false;
    if (points.length === 0) return true;
    await q(
      `INSERT INTO points (run_id, device, workload, algorithm, provider, size, unit, median)
       SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::float8[], $7::text[], $8::float8[])`,
      [
        f.id,
        f.device,
        points.map((p) => p.workload),
        points.map((p) => p.algorithm),
        points.map((p) => p.provider),
        points.map((p) => p.size),
        points.map((p) => p.unit),
        points.map((p) => p.median),
      ],
    );
    // one row per cell of this run (its best figure), in key order so that concurrent writers lock alike
    await q(
      `INSERT INTO rollup (algorithm, workload, size, provider, unit, device, runs, best, total)
       SELECT algorithm, workload, size, provider, unit, device, 1, max(median), max(median)
       FROM points WHERE run_id = $1
       GROUP BY algorithm, workload, size, provider, unit, device
       ORDER BY algorithm, workload, size, provider, unit, device
       ON CONFLICT (algorithm, workload, size, provider, unit, device) DO UPDATE SET
         runs = rollup.runs + 1, best = GREATEST(rollup.best, EXCLUDED.best), total = rollup.total + EXCLUDED.total`,
      [f.id],
    );
    return true;
  });
}

/** A {@link RunStore} over a SQL connection that has been migrated. */
export function sqlStore(sql: Sql, kind: RunStore['kind'], location: string): RunStore {
  return {
    kind,
    location,
    async add(text: string): Promise<Added> {
      const report = checkRun(text);
      const facts = runFacts(report);
      return { id: facts.id, added: await insertRun(sql, facts, report, text) };
    },
    async body(id) {
      const rows = await sql.query<{ body: string }>('SELECT body FROM runs WHERE id = $1', [id]);
      return rows[0]?.body ?? null;
    },
    async list(filter, limit, offset = 0): Promise<RunPage> {
      const w = where(filter);
      const n = w.params.length;
      const runs = await sql.query<ListedRun>(
        `SELECT ${FACTS} FROM runs ${w.text} ORDER BY seq DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...w.params, limit, offset],
      );
      const total = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM runs ${w.text}`, w.params);
      return { runs, total: total[0]?.n ?? 0 };
    },
    chart(cell: Cell, limit = 500) {
      return sql.query<ChartRow>(
        `SELECT device, provider, unit, runs, best, total / runs AS mean FROM rollup
         WHERE algorithm = $1 AND workload = $2 AND size = $3 ORDER BY best DESC, device, provider LIMIT $4`,
        [cell.algorithm, cell.workload, cell.size, limit],
      );
    },
    history(device: string, cell: Cell) {
      return sql.query<HistoryRow>(
        `SELECT r.id, r.version, r.run_date AS date, p.provider, p.unit, p.median
         FROM points p JOIN runs r ON r.id = p.run_id
         WHERE p.device = $1 AND p.algorithm = $2 AND p.workload = $3 AND p.size = $4
         ORDER BY r.run_date, r.seq, p.provider LIMIT 5000`,
        [device, cell.algorithm, cell.workload, cell.size],
      );
    },
    async each(batch, f) {
      let after = '0';
      for (;;) {
        const rows = await sql.query<{ seq: string; body: string }>(
          'SELECT seq::text AS seq, body FROM runs WHERE seq > $1::bigint ORDER BY seq LIMIT $2',
          [after, batch],
        );
        if (rows.length === 0) return;
        await f(rows.map((r) => r.body));
        after = (rows[rows.length - 1] as { seq: string }).seq;
      }
    },
    async count() {
      const rows = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM runs');
      return rows[0]?.n ?? 0;
    },
    close: () => sql.close(),
  };
}
