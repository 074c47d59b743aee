/** `digestlab board import` and `copy` on the embedded store. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBoard } from './board-server-suite.js';
import { fixture, variant } from './board-suite.js';
import { runCli } from './run.js';

const base = mkdtempSync(join(tmpdir(), 'digestlab-board-cli-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('digestlab board import and copy', () => {
  it('imports run files once, refuses what is not a run (exit 1), and copies a store into another', async () => {
    const store = join(base, 'cli.store');
    const files = ['run-a', 'run-c', 'overflow-run'].map((name) => {
      const file = join(base, `${name}.json`);
      writeFileSync(file, JSON.stringify(fixture(name), null, 2));
      return file;
    });
    const bad = join(base, 'bad.json');
    writeFileSync(bad, '{"schema":"digestlab-bench/1"}');
    const first = await runCli(['board', 'import', ...files, '--store', store]);
    expect(first.code).toBe(0);
    expect(first.stdout.match(/^added [0-9a-f]{24} /gm)).toHaveLength(3);
    expect(first.stdout).toContain(': 3 runs');
    const second = await runCli([
      'board',
      'import',
      files[0] as string,
      bad,
      join(base, 'missing.json'),
      '--store',
      store,
    ]);
    expect(second.code).toBe(1);
    expect(second.stdout).toMatch(/^already there [0-9a-f]{24} .*run-a\.json$/m);
    expect(second.stderr).toContain(`refused ${bad}: run: a report needs "env" and "results"`);
    expect(second.stderr).toContain('missing.json');
    expect(second.stdout).toContain(': 3 runs');
    const other = join(base, 'other.store');
    writeFileSync(join(base, 'four.json'), variant(4));
    expect((await runCli(['board', 'import', join(base, 'four.json'), '--store', other])).code).toBe(0);
    const copy = await runCli(['board', 'copy', '--store', store, '--to', other]);
    expect(copy.stdout).toContain('3 added, 0 already there');
    const again = await runCli(['board', 'copy', '--store', store, '--to', other]);
    expect(again.stdout).toContain('0 added, 3 already there');
    expect((await runCli(['board', 'import', '--store', other, join(base, 'four.json')])).stdout).toContain(': 4 runs');
  });
});

describe('digestlab bench --post', () => {
  const quick = ['bench', '-w', 'seed', '-a', 'MD5', '-p', 'ts', '--samples', '5', '-t', '1', '--warmup', '1'];

  it('refuses a URL it cannot post to before running anything (exit 2)', async () => {
    for (const [url, why] of [
      ['nope', /not a URL/],
      ['ftp://127.0.0.1/?token=x', /http:\/\/ or https:\/\//],
      ['http://127.0.0.1:1/', /no \?token=/],
    ] as const) {
      const r = await runCli([...quick, '--post', url]);
      expect(r.code, url).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stdout).toBe('');
    }
  });

  it('sends the finished run to the board whose URL digestlab web printed; a wrong token is exit 1', async () => {
    // the shipped page is not needed for the API: a folder with an index.html is
    const root = join(base, 'root');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    const b = await startBoard(['--results', join(base, 'posted'), '--root', root]);
    try {
      const url = `${b.url}/?token=${b.token}`;
      const r = await runCli([...quick, '--json', '--post', url]);
      expect(r.code, r.stderr).toBe(0);
      const id = /posted to \S+: run ([0-9a-f]{24})/.exec(r.stderr)?.[1];
      expect(id).toBeDefined();
      const stored = await (await fetch(`${b.url}/api/runs/${id}`)).json();
      expect(stored).toEqual(JSON.parse(r.stdout));
      // an overflow run too, the same way
      const over = ['overflow', '--size', '5000', '--chunk', '1000', '-a', 'SHA-1', '-p', 'ts', '-q'];
      expect((await runCli([...over, '--post', 'nope'])).code).toBe(2);
      const o = await runCli([...over, '--post', url]);
      expect(o.code, o.stderr).toBe(0);
      expect(o.stderr).toMatch(/posted to \S+: run [0-9a-f]{24}/);
      const listed = await (await fetch(`${b.url}/api/runs?schema=digestlab-overflow/1`)).json();
      expect(listed.total).toBe(1);
      const wrong = await runCli([...quick, '--post', `${b.url}/?token=wrong`]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('refused the run (HTTP 403)');
    } finally {
      b.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('digestlab web and its store', () => {
  it('prints its URL before a store is open, and a store that cannot be opened ends it with exit 1', async () => {
    const root = join(base, 'root-store');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    // port 1 on loopback: nothing listens there
    const b = await startBoard([
      '--results',
      join(base, 'nostore'),
      '--root',
      root,
      '--store',
      'postgres://x:secret@127.0.0.1:1/board',
    ]);
    expect(await b.exited).toBe(1);
    expect(b.out()).toMatch(/could not open the store postgres:\/\/x:\*\*\*@127\.0\.0\.1:1\/board: .*ECONNREFUSED/);
    expect(b.out()).not.toContain('secret');
  }, 60_000);
});
