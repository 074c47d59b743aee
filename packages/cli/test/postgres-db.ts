/** A fresh, empty database on the board tier's PostgreSQL server (./postgres-setup.ts) for each store a test opens. */
import pg from 'pg';
import { inject } from 'vitest';

let n = 0;

/** The URL of a new empty database on the test server. */
export async function freshDatabase(label: string): Promise<string> {
  const url = new URL(inject('postgresUrl'));
  const name = `t_${process.pid}_${++n}_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`.slice(0, 60);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
