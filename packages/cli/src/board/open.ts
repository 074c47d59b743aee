/**
 * Opens a store from a location: a `postgres://` or `postgresql://` URL is a PostgreSQL server; anything else is a
 * folder for the embedded store (PGlite), created when missing. Migrations run on open.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pgliteSql, postgresSql } from './drivers.js';
import { lockStore } from './lock.js';
import { migrate } from './schema.js';
import type { Sql } from './sql.js';
import { sqlStore } from './sql-store.js';
import type { RunStore } from './store.js';

/** The embedded store's folder when none is named: beside the run files of `digestlab web`. */
export const DEFAULT_STORE = 'digestlab-results/board';

export function isServerUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** A server URL as it may be printed: without its password. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

async function migrated(sql: Sql, release?: () => void): Promise<Sql> {
  try {
    await migrate(sql);
    return sql;
  } catch (e) {
    await sql.close().catch(() => {});
    release?.();
    throw e;
  }
}

export async function openStore(location: string = DEFAULT_STORE): Promise<RunStore> {
  if (isServerUrl(location)) {
    return sqlStore(await migrated(await postgresSql(location)), 'postgres', redact(location));
  }
  const dir = resolve(location);
  mkdirSync(dirname(dir), { recursive: true });
  const release = lockStore(dir);
  let sql: Sql;
  try {
    sql = await pgliteSql(dir);
  } catch (e) {
    release();
    throw e;
  }
  const store = sqlStore(await migrated(sql, release), 'embedded', dir);
  return {
    ...store,
    async close() {
      try {
        await store.close();
      } finally {
        release();
      }
    },
  };
}
