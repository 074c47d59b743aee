/** `digestlab board import` and `copy` on the embedded store. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
