/**
 * `digestlab sum -a blake3` against Debian's b3sum 1.2.0, side by side on a fixture folder: stdout byte for byte,
 * exit codes, and stderr after the program name where b3sum's own code writes it (clap's usage errors: their
 * message up to clap's usage block, after our program name; ours prints no usage block). Both directions of `-c`:
 * b3sum checks our lists, we check its. The built CLI is spawned, as a user runs it, but for clap's refusals.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
let dir = '';

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function run(cmd: string, args: readonly string[], input: string | Buffer = ''): Run {
  const r = spawnSync(cmd, args, { cwd: dir, input, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}
const ours = (args: readonly string[], input?: string | Buffer) =>
  run(process.execPath, [BIN, 'sum', '-a', 'blake3', ...args], input);
const theirs = (args: readonly string[], input?: string | Buffer) => {
  const r = run('b3sum', args, input);
  // its own errors start `b3sum: `, those its main returns `Error: `; ours all `digestlab sum: `
  return { ...r, stderr: r.stderr.replace(/^(b3sum|Error): /gm, 'digestlab sum: ') };
};

/** stdout bytes and exit code; with `messages`, stderr too. */
function same(args: readonly string[], input?: string | Buffer, messages = true): void {
  const a = ours(args, input);
  const b = theirs(args, input);
  expect(a.stdout.toString('latin1'), args.join(' ')).toBe(b.stdout.toString('latin1'));
  expect(a.code, args.join(' ')).toBe(b.code);
  if (messages) expect(a.stderr, args.join(' ')).toBe(b.stderr);
}

const KEY = Buffer.from('whats the Elvish word for friend');
const FILES = ['empty', 'abc', 'chunk', 'chunks', 'new\nline', 'back\\slash', 'ünïcödé ✓'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'digestlab-b3sum-'));
  const content: Record<string, Buffer> = {
    empty: Buffer.alloc(0),
    abc: Buffer.from('abc'),
    // one chunk exactly, and many (with a partial last one): the tree's edges
    chunk: Buffer.alloc(1024, 7),
    chunks: Buffer.from(Array.from({ length: 300_001 }, (_, i) => i % 251)),
  };
  for (const f of FILES) writeFileSync(join(dir, f), content[f] ?? Buffer.from(f));
  mkdirSync(join(dir, 'folder'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('digestlab sum -a blake3 as b3sum 1.2.0', () => {
  it('prints its lines, escaped names, standard input, its -l in bytes, --no-names and --raw', () => {
    same(FILES);
    same(['-', 'abc'], 'from stdin');
    same(['-l', '0', 'abc']);
    same(['-l', '131', ...FILES]);
    same(['--length=7', '--no-names', ...FILES]);
    same(['--raw', 'chunks']);
    same(['--raw', '-l', '100', 'abc']);
  });

  it('gives the same lines where the runtime has no WebAssembly (node --jitless: the TypeScript core)', () => {
    const jitless = (args: readonly string[], input?: string | Buffer) => {
      const r = run(process.execPath, ['--jitless', BIN, 'sum', '-a', 'blake3', ...args], input);
      return { code: r.code, stdout: r.stdout.toString('latin1') };
    };
    for (const [args, input] of [[FILES], [['--keyed', '-l', '65', ...FILES], KEY]] as const) {
      const b = theirs(args, input);
      expect(jitless(args, input)).toEqual({ code: b.code, stdout: b.stdout.toString('latin1') });
    }
  });

  it('takes --keyed (the key on standard input) and --derive-key', () => {
    same(['--keyed', ...FILES], KEY);
    same(['--keyed', '-l', '65', 'chunks'], KEY);
    same(['--derive-key', 'BLAKE3 2019-12-27 16:29:52 test vectors context', ...FILES]);
    same(['--derive-key', '', 'abc']);
    // a key that is not 32 bytes
    same(['--keyed', 'abc'], KEY.subarray(1));
  });

  it('fails as b3sum fails: missing files and folders (going on with the rest), usage errors', () => {
    same(['abc', 'missing', 'folder', 'empty']);
    for (const args of [
      ['--raw', 'abc', 'empty'],
      ['--keyed', '--derive-key', 'x', 'abc'],
      ['--keyed'],
      ['-c', '--keyed', 'abc'],
      ['-c', '--derive-key', 'x', 'abc'],
      ['--bogus'],
    ]) {
      const a = ours(args);
      const b = theirs(args);
      expect(a.code, args.join(' ')).toBe(b.code);
      expect(a.stdout.length, args.join(' ')).toBe(b.stdout.length);
    }
  });

  it("refuses what b3sum's clap refuses, with the first line of its words: repeats, values that look like flags, conflicts", async () => {
    for (const args of [
      ['--derive-key', 'CTX', '-x', 'abc'],
      ['--derive-key', '-x', 'abc'],
      ['--derive-key', '--', 'abc'],
      ['--derive-key', 'a', '--derive-key', 'b', 'abc'],
      ['--keyed', '--keyed', 'abc'],
      ['-l', '8', '--length', '9', 'abc'],
      ['-l', '-1', 'abc'],
      ['--num-threads', '-x', 'abc'],
      ['--raw', '--raw', 'abc'],
      ['--no-names', '--no-names', 'abc'],
      ['--no-mmap', '--no-mmap', 'abc'],
      ['-c', '--check', 'abc'],
      ['-c', '--raw', 'abc'],
      ['-c', '--no-names', 'abc'],
      ['-c', '-l', '8', 'abc'],
      ['-c', '-l', '8', '--raw', 'abc'],
      ['--quiet', 'abc'],
    ]) {
      // in-process: refused before any file is read, and a spawned Node per case would take seconds
      const a = await runCli(['sum', '-a', 'blake3', ...args]);
      const b = run('b3sum', args, KEY);
      const what = args.join(' ');
      expect(b.stderr.startsWith('error: '), what).toBe(true);
      // clap's message runs to its first blank line (a list of missing arguments on the lines after)
      const words = (b.stderr.split('\n\n')[0] as string).slice('error: '.length).replace(/\n\s*/g, ' ');
      expect(a.stderr, what).toBe(`digestlab sum: ${words}\n`);
      expect([a.code, a.stdout.length], what).toEqual([b.code, b.stdout.length]);
    }
    // accepted: a value joined with `=`, and `-` (standard input's name) as a value
    same(['--derive-key=-x', 'abc']);
    same(['--derive-key', '-', 'abc']);
    // b3sum reads -l for each file: a bad one fails each, in its words
    same(['--length=x', 'abc', 'empty']);
    same(['-l-1', 'abc']);
  });

  it('-c both ways: b3sum checks our list, we check its, with failures and malformed lines', () => {
    const list = ours(FILES).stdout;
    expect(list.toString()).toBe(theirs(FILES).stdout.toString());
    writeFileSync(join(dir, 'ours.b3'), list);
    const sabotaged = Buffer.concat([
      theirs(['abc', 'new\nline']).stdout,
      Buffer.from(`${'0'.repeat(64)}  chunk\n${'a'.repeat(64)}  missing\nshort\n\n${'A'.repeat(64)}  abc\n`),
      Buffer.from(`${'b'.repeat(64)} *abc\n\\${'c'.repeat(64)}  bad\\escape\n`),
    ]);
    writeFileSync(join(dir, 'theirs.b3'), sabotaged);
    same(['-c', 'ours.b3']);
    same(['-c', 'theirs.b3']);
    same(['-c', '--quiet', 'theirs.b3', 'ours.b3']);
    same(['-c'], list);
    same(['-c', 'ours.b3', 'no-such-list']);
    expect(run('b3sum', ['-c', 'ours.b3']).code).toBe(0);
  });
});
