/**
 * b3sum's own CLI tests, translated: b3sum/tests/cli_tests.rs in BLAKE3-team/BLAKE3 at tag 1.2.0 (commit
 * c61c663ec5dc581a449ed03a69397c698efc4cb5), the version Debian's b3sum 1.2.0 was built from. One `it` per Rust
 * test, under its name. Where the Rust test computes what it expects with the blake3 crate (`blake3::hash`,
 * `keyed_hash`, `derive_key`, the XOF), @noble/hashes' BLAKE3 computes it here: an implementation we did not write.
 * `cmd!(…).read()` (duct) wants exit 0 and trims the output's last newline; here the whole stdout is compared,
 * newline included. An io::Error as Rust's Display writes it is `No such file or directory (os error 2)`.
 *
 * Not translated, as they do not apply to b3sum on Linux: test_slash_normalization_on_windows,
 * test_invalid_unicode_on_windows, and test_check_invalid_characters' `Backslash in path` (`cfg!(windows)` only).
 *
 * One set of tests, two runners: upstream-b3sum.test.ts runs ours through a link named b3sum, and
 * upstream-b3sum.refs.test.ts the installed b3sum (the translation is right if the real tool passes it).
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blake3 } from '@noble/hashes/blake3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from './as-tool.js';

/** How the tests run b3sum: its arguments in a folder, or a shell command line with `b3sum` on PATH being it. */
export interface B3Runner {
  run(args: readonly string[], cwd: string, stdin?: Buffer | string): Promise<Run>;
  shell(line: string, cwd: string): Promise<Run>;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const hash = (s: string | Uint8Array) => hex(blake3(typeof s === 'string' ? Buffer.from(s) : s));
const ENOENT = 'No such file or directory (os error 2)';

/** The outcome of a run, as text: stdout and stderr (UTF-8), and whether it succeeded. */
const outcome = (r: Run) => ({ stdout: r.stdout.toString(), stderr: r.stderr.toString(), success: r.code === 0 });

export function describeUpstreamB3sum(title: string, runner: () => B3Runner): void {
  let b3: B3Runner;
  let root = '';
  let n = 0;
  /** A fresh folder (tempfile::tempdir), with `files` written in it. */
  const tempdir = (files: Record<string, string | Uint8Array> = {}) => {
    const dir = join(root, String(n++));
    mkdirSync(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return dir;
  };

  describe(title, () => {
    beforeAll(() => {
      b3 = runner();
      root = mkdtempSync(join(tmpdir(), 'digestlab-b3-upstream-'));
    });
    afterAll(() => {
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('test_hash_one', async () => {
      expect(outcome(await b3.run([], root, 'foo'))).toEqual({
        stdout: `${hash('foo')}  -\n`,
        stderr: '',
        success: true,
      });
    });

    it('test_hash_one_raw', async () => {
      const r = await b3.run(['--raw'], root, 'foo');
      expect([r.code, hex(r.stdout)]).toEqual([0, hash('foo')]);
    });

    it('test_hash_many', async () => {
      const dir = tempdir({ file1: 'foo', file2: 'bar' });
      const [file1, file2] = [join(dir, 'file1'), join(dir, 'file2')];
      const r = await b3.run([file1, file2], root);
      expect([r.code, r.stdout.toString()]).toEqual([0, `${hash('foo')}  ${file1}\n${hash('bar')}  ${file2}\n`]);
      const noNames = await b3.run(['--no-names', file1, file2], root);
      expect([noNames.code, noNames.stdout.toString()]).toEqual([0, `${hash('foo')}\n${hash('bar')}\n`]);
    });

    it('test_missing_files', async () => {
      const dir = tempdir({ file1: 'foo', file2: 'bar' });
      expect(outcome(await b3.run(['file1', 'missing_file', 'file2'], dir))).toEqual({
        stdout: `${hash('foo')}  file1\n${hash('bar')}  file2\n`,
        stderr: `b3sum: missing_file: ${ENOENT}\n`,
        success: false,
      });
    });

    it('test_hash_length', async () => {
      const r = await b3.run(['--length=100'], root, 'foo');
      expect([r.code, r.stdout.toString()]).toEqual([0, `${hex(blake3(Buffer.from('foo'), { dkLen: 100 }))}  -\n`]);
    });

    it('test_keyed', async () => {
      const key = new Uint8Array(32).fill(42);
      const dir = tempdir({ f: 'foo' });
      const r = await b3.run(['--keyed', '--no-names', join(dir, 'f')], root, Buffer.from(key));
      expect([r.code, r.stdout.toString()]).toEqual([0, `${hex(blake3(Buffer.from('foo'), { key }))}\n`]);
    });

    it('test_derive_key', async () => {
      const context = 'BLAKE3 2019-12-28 10:28:41 example context';
      const dir = tempdir({ f: 'key material' });
      const r = await b3.run(['--derive-key', context, '--no-names', join(dir, 'f')], root);
      const expected = hex(blake3(Buffer.from('key material'), { context: Buffer.from(context) }));
      expect([r.code, r.stdout.toString()]).toEqual([0, `${expected}\n`]);
    });

    it('test_no_mmap', async () => {
      const dir = tempdir({ f: 'foo' });
      const r = await b3.run(['--no-mmap', '--no-names', join(dir, 'f')], root);
      expect([r.code, r.stdout.toString()]).toEqual([0, `${hash('foo')}\n`]);
    });

    it('test_length_without_value_is_an_error', async () => {
      expect((await b3.run(['--length'], root, 'foo')).code).not.toBe(0);
    });

    it('test_raw_with_multi_files_is_an_error', async () => {
      const dir = tempdir({ f1: '', f2: '' });
      expect((await b3.run(['--raw', join(dir, 'f1')], root)).code).toBe(0);
      expect((await b3.run(['--raw', join(dir, 'f1'), join(dir, 'f2')], root)).code).not.toBe(0);
    });

    it('test_newline_and_backslash_escaping_on_unix', async () => {
      const names = ['abcdef', 'abc\ndef', 'abc\\def', 'abc\rdef', 'abc\r\ndef', 'subdir/foo'];
      const dir = tempdir();
      mkdirSync(join(dir, 'subdir'));
      for (const name of names) writeFileSync(join(dir, name), '');
      const e = hash('');
      const expected = `${e}  abcdef\n\\${e}  abc\\ndef\n\\${e}  abc\\\\def\n${e}  abc\rdef\n\\${e}  abc\r\\ndef\n${e}  subdir/foo\n`;
      const r = await b3.run(names, dir);
      expect([r.code, r.stdout.toString()]).toEqual([0, expected]);
    });

    it('test_invalid_unicode_on_unix (the name given as bytes, through a shell)', async () => {
      const dir = tempdir({ abcdef: '' });
      writeFileSync(Buffer.from(join(dir, 'abc\xffdef'), 'latin1'), '');
      const r = await b3.shell(`b3sum abcdef "$(printf 'abc\\377def')"`, dir);
      expect([r.code, r.stdout.toString()]).toEqual([0, `${hash('')}  abcdef\n${hash('')}  abc\uFFFDdef\n`]);
    });

    it('test_check', async () => {
      await testCheck(b3, tempdir({ a: 'a', b: 'b' }));
    });

    it('test_check_invalid_characters', async () => {
      const zeros = '0'.repeat(64);
      for (const [list, message] of [
        [`${zeros}  \0`, 'Null character in path'],
        [`${zeros}  \uFFFD`, 'Unicode replacement character in path'],
        [`\\${zeros}  \\a`, 'Invalid backslash escape'],
      ]) {
        const r = await b3.run(['--check'], root, list);
        expect(outcome(r), JSON.stringify(list)).toEqual({ stdout: '', stderr: `b3sum: ${message}\n`, success: false });
      }
    });

    it('test_globbing (the shell expands `b3sum *`)', async () => {
      const dir = tempdir({ file1: 'foo', file2: 'bar' });
      const r = await b3.shell('b3sum *', dir);
      expect([r.code, r.stdout.toString()]).toEqual([0, `${hash('foo')}  file1\n${hash('bar')}  file2\n`]);
    });
  });
}

/** test_check: a list made, checked from stdin, from a file given twice, after corruption, after deletion, --quiet. */
async function testCheck(b3: B3Runner, dir: string): Promise<void> {
  mkdirSync(join(dir, 'c'));
  writeFileSync(join(dir, 'c/d'), 'cd');
  const checkfile = `${hash('a')}  a\n${hash('b')}  b\n${hash('cd')}  c/d\n`;
  expect(outcome(await b3.run(['a', 'b', 'c/d'], dir))).toEqual({ stdout: checkfile, stderr: '', success: true });
  const allOk = 'a: OK\nb: OK\nc/d: OK\n';
  expect(outcome(await b3.run(['--check'], dir, checkfile))).toEqual({ stdout: allOk, stderr: '', success: true });
  const path = join(dir, 'checkfile');
  writeFileSync(path, checkfile);
  const twice = await b3.run(['--check', path, path], dir);
  expect(outcome(twice)).toEqual({ stdout: allOk + allOk, stderr: '', success: true });
  writeFileSync(join(dir, 'b'), 'CORRUPTION');
  expect(outcome(await b3.run(['--check', path], dir))).toEqual({
    stdout: 'a: OK\nb: FAILED\nc/d: OK\n',
    stderr: '',
    success: false,
  });
  unlinkSync(join(dir, 'b'));
  expect(outcome(await b3.run(['--check', path], dir))).toEqual({
    stdout: `a: OK\nb: FAILED (${ENOENT})\nc/d: OK\n`,
    stderr: '',
    success: false,
  });
  expect(outcome(await b3.run(['--check', '--quiet', path], dir))).toEqual({
    stdout: `b: FAILED (${ENOENT})\n`,
    stderr: '',
    success: false,
  });
}
