/**
 * `digestlab sum -a blake2b` against GNU coreutils 9.1's `b2sum`, side by side on a fixture folder: stdout byte
 * for byte, stderr after the program name, exit codes, in both directions of `-c` (b2sum checks our lists, we
 * check its and hand-made ones with every kind of bad line). The built CLI is spawned, as a user runs it; the
 * property at the end runs it in-process, so that it stays within seconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runCli } from './run.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const ENV = { ...process.env, LC_ALL: 'C.UTF-8' };
let dir = '';
const home = process.cwd();

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function run(cmd: string, args: readonly string[], input: string | Buffer = '', cwd = dir): Run {
  const r = spawnSync(cmd, args, { cwd, env: ENV, input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}
const spawned = (args: readonly string[], input?: string | Buffer) =>
  run(process.execPath, [BIN, 'sum', '-a', 'blake2b', ...args], input);

/**
 * Our run in this process, in the fixture folder (beforeAll changes to it): a spawned Node's start-up per case
 * would take this file from seconds to a minute; `spawned` runs the built command once per direction.
 */
async function ours(args: readonly string[], input: string | Buffer = ''): Promise<Run> {
  const parts: Uint8Array[] = [];
  const r = await runCli(['sum', '-a', 'blake2b', ...args], {
    env: { LC_ALL: ENV.LC_ALL },
    stdin: (async function* () {
      yield Buffer.from(input);
    })(),
    stdoutBytes: (b) => void parts.push(Buffer.from(b)),
  });
  return { code: r.code, stdout: Buffer.concat(parts), stderr: r.stderr };
}
/** b2sum's run, its program name replaced by ours (the only difference allowed). */
function theirs(args: readonly string[], input?: string | Buffer, cwd?: string): Run {
  const r = run('b2sum', args, input, cwd);
  const stderr = r.stderr
    .replace(/^b2sum: /gm, 'digestlab sum: ')
    .replace("Try 'b2sum --help'", "Try 'digestlab sum --help'");
  return { ...r, stderr };
}

async function same(args: readonly string[], input?: string | Buffer): Promise<Run> {
  const a = await ours(args, input);
  const b = theirs(args, input);
  const what = JSON.stringify(args);
  expect(a.stderr, what).toBe(b.stderr);
  expect(a.stdout.toString('latin1'), what).toBe(b.stdout.toString('latin1'));
  expect(a.code, what).toBe(b.code);
  return a;
}

const NAMES = ['empty', 'abc', 'block', 'blocks', 'back\\slash', 'new\nline', 'carriage\rreturn', 'ünïcödé ✓'];
const FILES = [...NAMES, 'folder', 'missing'];

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/worker.js');
  dir = mkdtempSync(join(tmpdir(), 'digestlab-b2sum-'));
  const content: Record<string, Buffer> = {
    empty: Buffer.alloc(0),
    abc: Buffer.from('abc'),
    // one 128-byte block exactly, and many with a partial last one: the final-block flag's edges
    block: Buffer.alloc(128, 7),
    blocks: Buffer.from(Array.from({ length: 100_001 }, (_, i) => i % 251)),
  };
  for (const f of NAMES) writeFileSync(join(dir, f), content[f] ?? Buffer.from(f));
  mkdirSync(join(dir, 'folder'));
  process.chdir(dir);
});
afterAll(() => {
  process.chdir(home);
  rmSync(dir, { recursive: true, force: true });
});

describe('digestlab sum -a blake2b as b2sum (GNU coreutils 9.1)', () => {
  it('the built command, spawned: its lines and messages, and -c of its own list on standard input', () => {
    const args = ['-l', '136', ...FILES];
    const a = spawned(args);
    const b = theirs(args);
    expect([a.stderr, a.stdout.toString('latin1'), a.code]).toEqual([b.stderr, b.stdout.toString('latin1'), b.code]);
    const check = spawned(['-c'], a.stdout);
    expect([check.stderr, check.stdout.toString('latin1'), check.code]).toEqual([
      '',
      theirs(['-c'], a.stdout).stdout.toString('latin1'),
      0,
    ]);
  });

  it('prints its lines: plain, -l in bits, --tag (BLAKE2b, or BLAKE2b-N below 512), -b, -z, standard input', async () => {
    await same(FILES);
    await same(['-l', '256', ...FILES]);
    await same(['--tag', ...FILES]);
    await same(['--tag', '-l', '512', 'abc']);
    await same(['--tag', '--length=8', ...FILES]);
    await same(['-l', '0', '-b', 'abc', 'new\nline']);
    await same(['-z', '-l', '160', ...NAMES]);
    await same(['--tag', '-z', ...NAMES]);
    await same(['-l', '384', '-', 'abc'], 'from stdin');
    // the last -l counts
    await same(['-l', '256', '--tag', 'abc', '-l', '512']);
  });

  it('refuses -l as b2sum does: its words, no "Try --help" line, exit 1; before or after the other options', async () => {
    const refused = ['7', '513', '520', '1024', 'abc', '-8', '8x', '0x100', '', '010'];
    // 2^64 - 1 (odd), 2^64 (past uintmax_t), and more
    for (const l of [...refused, '18446744073709551615', '18446744073709551616', '99999999999999999999999']) {
      await same(['-l', l, 'abc']);
    }
    // accepted as xdectoumax accepts them
    for (const l of [' 256', '+256']) await same(['-l', l, 'abc']);
    await same(['-l', 'a\nb\\c\u0001é‘’', 'abc']);
    // 520 is refused after every option is read (an unknown one wins), 7 at once
    await same(['-l', '520', '--bogus', 'abc']);
    await same(['-l', '7', '--bogus', 'abc']);
    await same(['-l', '520', '--tag', '-t', 'abc']);
    await same(['--tag', '-t', '-l', '256', 'abc']);
    await same(['-l']);
  });

  it('-c both ways: b2sum checks our lists (plain, -l, --tag, escaped names), we check its', async () => {
    for (const format of [[], ['-l', '96'], ['--tag'], ['--tag', '-l', '256']]) {
      const list = (await ours([...format, ...NAMES])).stdout;
      expect(list.toString('latin1')).toBe(theirs([...format, ...NAMES]).stdout.toString('latin1'));
      writeFileSync(join(dir, 'ours.b2'), list);
      const verdict = theirs(['-c', 'ours.b2']);
      expect(verdict.code, format.join(' ')).toBe(0);
      expect(verdict.stdout.toString().match(/: OK$/gm)?.length).toBe(NAMES.length);
      await same(['-c', 'ours.b2']);
      await same(['-c'], list);
    }
  });

  it('-c reads every line as b2sum: lengths in tags and hex, bad lines, failures, and each option', async () => {
    const hex = (bits: number) =>
      theirs(['-l', String(bits), 'abc'])
        .stdout.toString()
        .slice(0, bits / 4);
    const [h8, h256, h512] = [hex(8), hex(256), hex(512)];
    const lines = [
      // a length in the tag, as xstrtoumax reads it (base 0: hex, octal, blanks, +), or none (512)
      `BLAKE2b-256 (abc) = ${h256}`,
      `BLAKE2b-0x100 (abc) = ${h256}`,
      `BLAKE2b-0400 (abc) = ${h256}`,
      `BLAKE2b- 256 (abc) = ${h256}`,
      `BLAKE2b-+256 (abc) = ${h256}`,
      `BLAKE2b (abc) = ${h512}`,
      `BLAKE2b(abc)= ${h512}`,
      `BLAKE2bX (abc) = ${h512}`,
      `BLAKE2b-256(abc)=${h256}`,
      `BLAKE2b-512 (abc) = ${h512}`,
      `BLAKE2b-256 (abc) = ${h256.toUpperCase()}`,
      // lengths refused, digests of the wrong length, an empty tag
      `BLAKE2b-0 (abc) = ${h256}`,
      `BLAKE2b-7 (abc) = ${h256}`,
      `BLAKE2b-520 (abc) = ${h256}`,
      `BLAKE2b--256 (abc) = ${h256}`,
      `BLAKE2b-256 (abc) = ${h512}`,
      'BLAKE2b',
      'BLAKE2b-',
      `SHA256 (abc) = ${h256}`,
      // untagged: the length from the digest's, 2 to 128 hex digits, even
      `${h8}  abc`,
      `${h256} *abc`,
      `${h256}0  abc`,
      `${h512}  abc`,
      `${h512}a  abc`,
      'ab ',
      `${h256}  missing`,
      `${h256}  folder`,
      `${'0'.repeat(64)}  abc`,
      `\\${h256}  back\\\\slash`,
      `\\BLAKE2b-256 (new\\nline) = ${h256}`,
      `\\${h256}  bad\\escape`,
      '# a comment',
      '',
      `${h256}  abc\r`,
    ];
    writeFileSync(join(dir, 'hand.b2'), `${lines.join('\n')}\n`);
    for (const options of [[], ['-w'], ['--quiet'], ['--status'], ['--strict'], ['--ignore-missing'], ['-l', '256']]) {
      await same(['-c', ...options, 'hand.b2']);
    }
    // b2sum's reversed form (`HEX name`) is allowed only when a list starts with it
    writeFileSync(join(dir, 'reversed.b2'), `${h8} abc\n${h256}  abc\nab  \n`);
    await same(['-c', '-w', 'reversed.b2']);
    // b2sum's shortest line: 3 bytes (4 after a second backslash), the name then empty
    for (const [i, list] of ['ab \n', '\\ab \n', 'ab\n', '\\ab  \n'].entries()) {
      writeFileSync(join(dir, `short${i}.b2`), list);
      await same(['-c', '-w', `short${i}.b2`]);
    }
    writeFileSync(join(dir, 'all-missing.b2'), `${h256}  missing\n`);
    await same(['-c', '--ignore-missing', 'all-missing.b2']);
    await same(['-c', 'empty']);
    await same(['-c', 'no-such-list', 'all-missing.b2']);
    await same(['-c', '--tag', 'hand.b2']);
    await same(['-c', '-z', 'hand.b2']);
    await same(['-c', '-l', '7', 'hand.b2']);
  });

  it('cksum -a blake2b (not copied: its own defaults) reads our --tag lines, and we read its', async () => {
    const list = (await ours(['--tag', '-l', '256', ...NAMES])).stdout;
    writeFileSync(join(dir, 'tagged.b2'), list);
    const cksum = run('cksum', ['-c', 'tagged.b2']);
    expect(cksum.code).toBe(0);
    expect(cksum.stdout.toString().match(/: OK$/gm)?.length).toBe(NAMES.length);
    writeFileSync(join(dir, 'cksum.b2'), run('cksum', ['-a', 'blake2b', '-l', '128', ...NAMES]).stdout);
    const verdict = await ours(['-c', 'cksum.b2']);
    expect(verdict.stderr).toBe('');
    expect(verdict.code).toBe(0);
    expect(verdict.stdout.toString().match(/: OK$/gm)?.length).toBe(NAMES.length);
  });

  it('-l with another algorithm is refused as cksum refuses it; -l 0 is no length', async () => {
    const r = await runCli(['sum', '-a', 'sha256', '-l', '256', 'x']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'digestlab sum: --length is only supported with --algorithm=blake2b\n',
    });
    const cksum = run('cksum', ['-a', 'sha256', '-l', '256', 'abc']);
    expect(cksum.stderr).toBe('cksum: --length is only supported with --algorithm=blake2b\n');
    const empty = await runCli(['sum', '-a', 'sha256', '-l', '0', '-'], { stdin: (async function* () {})() });
    expect(empty.stdout).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  -\n');
  });
});

describe('property: random names, contents and lengths, checked by b2sum both ways', () => {
  it('our list passes b2sum -c and is its output; its list passes ours', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.uint8Array({ maxLength: 400 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 64 }),
        fc.boolean(),
        async (raw, contents, bytes, tag) => {
          // a name is one path component: no '/' or NUL, not '.' or '..', not '-' (standard input)
          const names = [...new Set(raw.map((n) => n.replace(/[/\0]/g, '_')))].filter((n) => !/^(\.|\.\.|-)$/.test(n));
          if (names.length === 0) return;
          const folder = join(dir, `prop${round++}`);
          mkdirSync(folder);
          for (const [i, n] of names.entries()) writeFileSync(join(folder, n), contents[i] as Uint8Array);
          const args = [...(tag ? ['--tag'] : []), '-l', String(8 * bytes), ...names.map((n) => join(folder, n))];
          let stdout = Buffer.alloc(0);
          const r = await runCli(['sum', '-a', 'blake2b', ...args], {
            stdoutBytes: (b) => {
              stdout = Buffer.concat([stdout, b]);
            },
          });
          const b2 = theirs(args, '', folder);
          expect(r.stderr).toBe('');
          expect(stdout.toString('latin1')).toBe(b2.stdout.toString('latin1'));
          writeFileSync(join(folder, 'list'), stdout);
          expect(theirs(['-c', join(folder, 'list')], '', folder).code).toBe(0);
          const back = await runCli(['sum', '-a', 'blake2b', '-c', '--quiet', join(folder, 'list')]);
          expect(back).toEqual({ code: 0, stdout: '', stderr: '' });
        },
      ),
      { numRuns: 20 },
    );
  });
});
