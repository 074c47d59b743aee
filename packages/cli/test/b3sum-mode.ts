/**
 * `digestlab sum -a blake3` held to what b3sum 1.2.0 did in each case of the b3sum scenario
 * (scripts/vectors/tool-transcripts.mjs): stdout byte for byte, exit codes, and stderr after the program name where
 * b3sum's own code writes it (clap's usage errors: their message up to clap's usage block, after our program name; ours
 * prints no usage block). Both directions of `-c`: b3sum checked our list (the same bytes as its own), we check its
 * lists. The built CLI is spawned, as a user runs it, but for clap's refusals.
 *
 * One set of tests, two sources: b3sum.test.ts gives the stored transcript (vectors/tools/b3sum.json),
 * b3sum.refs.test.ts the installed b3sum run now over random files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run.js';
import type { Opened, Run } from './transcripts.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');

function spawnOurs(dir: string, node: readonly string[], args: readonly string[], input: Buffer) {
  const r = spawnSync(process.execPath, [...node, BIN, 'sum', '-a', 'blake3', ...args], {
    cwd: dir,
    input,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

/** Its own errors start `b3sum: `, those its main returns `Error: `; ours all `digestlab sum: `. */
const asOurs = (stderr: string) => stderr.replace(/^(b3sum|Error): /gm, 'digestlab sum: ');

/** clap's message runs to its first blank line (a list of missing arguments on the lines after): as one line. */
const clapWords = (stderr: string) => (stderr.split('\n\n')[0] as string).replace(/\n\s*/g, ' ');

/** Ours against b3sum's run of the case, as its `check` says. */
async function compare(dir: string, r: Run): Promise<void> {
  const what = r.args.join(' ');
  if (r.check === 'clap') {
    // in-process: refused before any file is read, and a spawned Node per case would take seconds
    const a = await runCli(['sum', '-a', 'blake3', ...r.args]);
    expect(r.stderr.startsWith('error: '), what).toBe(true);
    const words = clapWords(r.stderr).slice('error: '.length);
    expect(a.stderr, what).toBe(`digestlab sum: ${words}\n`);
    expect([a.code, a.stdout.length], what).toEqual([r.code, r.stdout.length]);
    return;
  }
  const a = spawnOurs(dir, [], r.args, r.stdin);
  if (r.check === 'exit') {
    expect([a.code, a.stdout.length], what).toEqual([r.code, r.stdout.length]);
    return;
  }
  expect(a.stdout.toString('latin1'), what).toBe(r.stdout.toString('latin1'));
  expect(a.code, what).toBe(r.code);
  expect(a.stderr, what).toBe(asOurs(r.stderr));
}

/** The tests, over the scenario that `open` gives (stored, or recorded now). */
export function describeB3sumMode(title: string, open: () => Opened): void {
  let s: Opened;
  /** The cases of a group, in order; a group the scenario lost would fail here rather than pass empty. */
  const group = (name: string) => {
    const runs = [...s.runs.values()].filter((r) => r.group === name);
    expect(runs.length, `cases of ${name}`).toBeGreaterThan(0);
    return runs;
  };
  const compareAll = async (name: string) => {
    for (const r of group(name)) await compare(s.dir, r);
  };

  describe(title, () => {
    beforeAll(() => {
      s = open();
    });
    afterAll(() => s?.cleanup());

    it('has a test for every case of the scenario', () => {
      const groups = new Set(['lines', 'keyed', 'fails', 'clap', 'check']);
      expect([...s.runs.values()].filter((r) => !groups.has(r.group ?? ''))).toEqual([]);
    });

    it('prints its lines, escaped names, standard input, its -l in bytes, --no-names and --raw', () =>
      compareAll('lines'));

    it('gives the same lines where the runtime has no WebAssembly (node --jitless: the TypeScript core)', () => {
      const runs = [...s.runs.values()].filter((r) => r.jitless);
      expect(runs.length).toBeGreaterThanOrEqual(2);
      for (const r of runs) {
        const a = spawnOurs(s.dir, ['--jitless'], r.args, r.stdin);
        expect({ code: a.code, stdout: a.stdout.toString('latin1') }).toEqual({
          code: r.code,
          stdout: r.stdout.toString('latin1'),
        });
      }
    });

    it('takes --keyed (the key on standard input) and --derive-key', () => compareAll('keyed'));

    it('fails as b3sum fails: missing files and folders (going on with the rest), usage errors', () =>
      compareAll('fails'));

    it("refuses what b3sum's clap refuses, with the first line of its words: repeats, values that look like flags, conflicts", () =>
      compareAll('clap'));

    it('-c both ways: b3sum checks our list, we check its, with failures and malformed lines', async () => {
      // the list b3sum checked is ours byte for byte
      const files = s.run('files');
      expect(spawnOurs(s.dir, [], files.args, files.stdin).stdout.equals(readFileSync(join(s.dir, 'ours.b3')))).toBe(
        true,
      );
      expect(s.run('check-ours').code).toBe(0);
      await compareAll('check');
    });

    it("invoked as b3sum (a link of that name), its messages are b3sum's own: `b3sum: `, `Error: `, clap's `error: `", () => {
      const bin = mkdtempSync(join(tmpdir(), 'digestlab-b3sum-'));
      try {
        symlinkSync(BIN, join(bin, 'b3sum'));
        const runs = [...group('fails'), ...group('check'), ...group('keyed')].filter((r) => r.check === undefined);
        for (const r of [...runs, ...group('clap').filter((c) => c.check === 'clap')]) {
          const a = spawnSync(join(bin, 'b3sum'), r.args, {
            cwd: s.dir,
            input: r.stdin,
            env: { ...process.env, LC_ALL: 'C.UTF-8' },
          });
          const what = r.args.join(' ');
          expect([a.status, a.stdout.toString('latin1')], what).toEqual([r.code, r.stdout.toString('latin1')]);
          // clap's refusal: its message up to the usage block, on one line (ours prints no usage block)
          const expected = r.check === 'clap' ? `${clapWords(r.stderr)}\n` : r.stderr;
          expect(a.stderr.toString(), what).toBe(expected);
        }
      } finally {
        rmSync(bin, { recursive: true });
      }
    });
  });
}
