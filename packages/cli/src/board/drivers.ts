/**
 * The two connections behind {@link Sql}: PGlite (PostgreSQL in WebAssembly, its data in a folder) and a
 * PostgreSQL server through `pg`. Each is imported only when a store of its kind is opened.
 */
import type { Query, Sql } from './sql.js';

/** PGlite in `dir` (created when missing). One process at a time: ./lock.ts sees to it. */
export async function pgliteSql(dir: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir);
  const query: Query = async (text, params) => (await db.query(text, params)).rows as never;
  return {
    query,
    transaction: (f) => db.transaction((tx) => f(async (text, params) => (await tx.query(text, params)).rows as never)),
    exec: async (text) => {
      await db.exec(text);
    },
    close: () => db.close(),
  };
}

/** PostgreSQL's codes for a transaction that lost a race and may simply be tried again. */
const RETRY = new Set(['40001', '40P01']);

/** A pool of connections to the server at `url`. */
export async function postgresSql(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // an idle connection's error (the server restarting) must not end the process: the next query reconnects
  pool.on('error', () => {});
  const query: Query = async (text, params) => (await pool.query(text, params)).rows;
  async function once<T>(f: (q: Query) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await f(async (text, params) => (await client.query(text, params)).rows);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }
  return {
    query,
    async transaction(f) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(f);
        } catch (e) {
          if (attempt >= 5 || !RETRY.has((e as { code?: string }).code ?? '')) throw e;
        }
      }
    },
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
}
