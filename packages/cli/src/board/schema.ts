/**
 * The board's schema, one list of migrations for both stores (PGlite and PostgreSQL speak the same SQL). A
 * migration is never edited once released: a change is a new one at the end. `migrate` applies the missing ones in
 * order, each in its own transaction, under an advisory lock so that two servers starting at once do not both apply
 * one.
 */
import type { Sql } from './sql.js';

export const MIGRATIONS: readonly string[] = [
  // 1: runs, their timed cells, and the per-device rollup the one-algorithm chart reads
  `CREATE TABLE runs (
     seq BIGSERIAL UNIQUE NOT NULL,
     id TEXT PRIMARY KEY,
     schema TEXT NOT NULL,
     device TEXT NOT NULL,
     cpu TEXT NOT NULL,
     os TEXT NOT NULL,
     runtime TEXT NOT NULL,
     engine TEXT NOT NULL,
     version TEXT NOT NULL,
     run_date TEXT NOT NULL,
     received TEXT NOT NULL,
     body TEXT NOT NULL
   );
   CREATE INDEX runs_by_device ON runs (device, seq);
   CREATE INDEX runs_by_cpu ON runs (cpu, seq);
   CREATE INDEX runs_by_os ON runs (os, seq);
   CREATE INDEX runs_by_runtime ON runs (runtime, seq);
   CREATE INDEX runs_by_engine ON runs (engine, seq);
   CREATE INDEX runs_by_version ON runs (version, seq);
   CREATE TABLE points (
     run_id TEXT NOT NULL REFERENCES runs (id),
     device TEXT NOT NULL,
     workload TEXT NOT NULL,
     algorithm TEXT NOT NULL,
     provider TEXT NOT NULL,
     size DOUBLE PRECISION NOT NULL,
     unit TEXT NOT NULL,
     median DOUBLE PRECISION NOT NULL
   );
   CREATE INDEX points_history ON points (device, algorithm, workload, size);
   CREATE INDEX points_run ON points (run_id);
   CREATE TABLE rollup (
     algorithm TEXT NOT NULL,
     workload TEXT NOT NULL,
     size DOUBLE PRECISION NOT NULL,
     provider TEXT NOT NULL,
     unit TEXT NOT NULL,
     device TEXT NOT NULL,
     runs INTEGER NOT NULL,
     best DOUBLE PRECISION NOT NULL,
     total DOUBLE PRECISION NOT NULL,
     PRIMARY KEY (algorithm, workload, size, provider, unit, device)
   );`,
];

/** The lock key of migrations (any fixed 64-bit number: "dlboard" in ASCII). */
const LOCK = 0x646c626f617264;

/** Applies the migrations `sql` lacks; returns how many it applied. */
export async function migrate(sql: Sql): Promise<number> {
  return sql.transaction(async (q) => {
    await q(`SELECT pg_advisory_xact_lock(${LOCK})`);
    await q('CREATE TABLE IF NOT EXISTS board_migrations (version INTEGER PRIMARY KEY, applied TEXT NOT NULL)');
    const rows = await q<{ v: number }>('SELECT coalesce(max(version), 0)::int AS v FROM board_migrations');
    const have = rows[0]?.v ?? 0;
    if (have > MIGRATIONS.length) {
      throw new Error(
        `the store has schema version ${have}; this digestlab knows up to ${MIGRATIONS.length}: update it`,
      );
    }
    for (let v = have + 1; v <= MIGRATIONS.length; v++) {
      // one statement at a time: a parameterised call takes one (no migration has a ';' inside a statement)
      for (const statement of (MIGRATIONS[v - 1] as string).split(';')) {
        if (statement.trim() !== '') await q(statement);
      }
      await q('INSERT INTO board_migrations (version, applied) VALUES ($1, $2)', [v, new Date().toISOString()]);
    }
    return MIGRATIONS.length - have;
  });
}
