/**
 * The `board` tier's PostgreSQL: a throwaway server of Debian's `postgresql` package, made with initdb in a temporary
 * folder and started with pg_ctl on 127.0.0.1 and a free port, trust authentication, for this test run only; stopped
 * and removed after it. As root (CI), the server runs as the `postgres` user the package creates. Tests get its URL
 * by `inject('postgresUrl')` (or DIGESTLAB_TEST_POSTGRES_URL names a server of one's own).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** The folder of PostgreSQL's server programs: on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
function bindir(): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(debian, v, 'bin', 'initdb'))) return join(debian, v, 'bin');
  throw new Error(
    "no PostgreSQL server programs (initdb): install Debian's postgresql package (apt-get install postgresql)",
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env.DIGESTLAB_TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return () => {};
  }
  const bin = bindir();
  const dir = mkdtempSync(join(tmpdir(), 'digestlab-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  // initdb refuses to run as root: as root, the folder is handed to the postgres user and the programs run as it
  if (asRoot) {
    const { uid, gid } = {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, program),
      asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'digestlab', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`,
    'start',
  ]);
  project.provide('postgresUrl', `postgres://digestlab@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
