/**
 * Operands that are not UTF-8: Node hands them to us decoded (U+FFFD for each bad byte); sum finds their bytes in
 * /proc/self/cmdline, so such a name is hashed and printed as coreutils does (compared with it through a shell, which
 * passes the bytes as they are), under both locales' quoting.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLineBytes } from '../src/sum/operands.js';
import { requireBuilt } from './run.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
let dir = '';

beforeAll(() => {
  requireBuilt('main.js', 'sum/run.js');
  dir = mkdtempSync(join(tmpdir(), 'digestlab-operands-'));
  writeFileSync(Buffer.from(join(dir, 'abc\xffdef'), 'latin1'), 'x');
  writeFileSync(join(dir, 'list'), '');
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A shell line run in the fixture folder under `locale`: the bytes of `$(printf …)` reach the program as they are. */
function sh(line: string, locale: string) {
  const r = spawnSync('sh', ['-c', line], { cwd: dir, env: { ...process.env, LC_ALL: locale, BIN } });
  return { code: r.status, stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('latin1') };
}

describe('an operand that is not UTF-8', () => {
  for (const locale of ['C.UTF-8', 'C']) {
    it(`is hashed, printed and quoted as md5sum does (LC_ALL=${locale})`, () => {
      const args = `"$(printf 'abc\\377def')" "$(printf 'gone\\376')" -`;
      const ours = sh(`node "$BIN" sum -a md5 ${args} < list`, locale);
      const theirs = sh(`md5sum ${args} < list`, locale);
      expect(ours.stdout).toBe(theirs.stdout);
      expect(ours.stderr).toBe(theirs.stderr.replaceAll('md5sum: ', 'digestlab sum: '));
      expect(ours.code).toBe(theirs.code);
      expect(theirs.stdout).toContain('abc\xffdef');
    });
  }

  it('as a list to check (-c), read by its bytes', () => {
    writeFileSync(Buffer.from(join(dir, 'list\xfe'), 'latin1'), `${'0'.repeat(32)}  list\n`);
    const args = `-c "$(printf 'list\\376')"`;
    const ours = sh(`node "$BIN" sum -a md5 ${args}`, 'C.UTF-8');
    const theirs = sh(`md5sum ${args}`, 'C.UTF-8');
    expect([ours.stdout, ours.code]).toEqual([theirs.stdout, theirs.code]);
    expect(ours.stderr).toBe(theirs.stderr.replaceAll('md5sum: ', 'digestlab sum: '));
  });
});

describe('commandLineBytes', () => {
  const cmdline =
    (...parts: string[]) =>
    () =>
      Buffer.from(`${parts.join('\0')}\0`, 'latin1');

  it("takes the last arguments (node's own options come before the script), by their decoded text", () => {
    const m = commandLineBytes(['a\uFFFD', 'b'], cmdline('node', '--jitless', 'bin.js', 'a\xff', 'b'));
    expect(m.get('a\uFFFD')).toEqual(Buffer.from('a\xff', 'latin1'));
    expect(m.get('b')).toEqual(Buffer.from('b'));
  });

  it('keeps neither of two byte strings that decode alike; the same bytes twice are one', () => {
    expect(commandLineBytes(['a\uFFFD', 'a\uFFFD'], cmdline('node', 'x', 'a\xff', 'a\xfe')).get('a\uFFFD')).toBe(null);
    const same = commandLineBytes(['a\uFFFD', 'a\uFFFD'], cmdline('node', 'x', 'a\xff', 'a\xff'));
    expect(same.get('a\uFFFD')).toEqual(Buffer.from('a\xff', 'latin1'));
  });

  it('takes none when the command line is not these arguments, or cannot be read', () => {
    expect(commandLineBytes(['a\uFFFD'], cmdline('node', 'x', 'b\xff')).size).toBe(0);
    expect(commandLineBytes(['a', 'b'], cmdline('b')).size).toBe(0);
    const unreadable = () => {
      throw new Error('ENOENT');
    };
    expect(commandLineBytes(['a'], unreadable).size).toBe(0);
  });
});
