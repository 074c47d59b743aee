/**
 * `digestlab sum` against GNU coreutils as installed here (9.1), run side by side on a fixture tree this file
 * builds: stdout compared byte for byte, stderr after the program name, exit codes, in both directions (their -c
 * reads our lists, ours reads theirs). Whirlpool and Tiger against RHash 1.4.3's stored runs (rhash-sums.ts). The
 * built CLI is spawned, as a user runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressLine, wantsProgress } from '../src/sum/progress.js';
import { checkRhashSums } from './rhash-sums.js';
import { requireBuilt, runCli } from './run.js';
import { type Opened, stored } from './transcripts.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const ENV = { ...process.env, LC_ALL: 'C.UTF-8' };
const TOOLS = {
  md5sum: 'md5',
  sha1sum: 'sha1',
  sha224sum: 'sha224',
  sha256sum: 'sha256',
  sha384sum: 'sha384',
  sha512sum: 'sha512',
} as const;
type Tool = keyof typeof TOOLS;
const isRoot = process.getuid?.() === 0;

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

let dir = '';

function run(cmd: string, args: readonly string[], input?: string | Buffer, cwd = dir): Run {
  const r = spawnSync(cmd, args, { cwd, env: ENV, input: input ?? '', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

const ours = (args: readonly string[], input?: string | Buffer, cwd?: string) =>
  run(process.execPath, [BIN, 'sum', ...args], input, cwd);

/** coreutils' run, its program name replaced by ours (the only difference the issue allows). */
function theirs(tool: string, args: readonly string[], input?: string | Buffer, cwd?: string): Run {
  const r = run(tool, args, input, cwd);
  const stderr = r.stderr
    .replace(new RegExp(`^${tool}: `, 'gm'), 'digestlab sum: ')
    .replace(`Try '${tool} --help'`, "Try 'digestlab sum --help'");
  return { ...r, stderr };
}

/** Both runs, compared: stdout bytes, stderr text, exit code. */
function same(a: Run, b: Run): void {
  expect(a.stderr).toBe(b.stderr);
  expect(a.stdout.toString('latin1')).toBe(b.stdout.toString('latin1'));
  expect(a.code).toBe(b.code);
}

// Names coreutils escapes (backslash, newline, carriage return) or quotes in messages, and plain ones.
const NAMES = [
  'plain.txt',
  'with space',
  'back\\slash',
  'new\nline',
  'carriage\rreturn',
  'all\\three\n\r',
  'ünïcödé ✓',
  "it's",
  'colon:name',
  'empty',
  'multi-MiB.bin',
];
// Missing names, to compare how messages quote them.
const MISSING = [
  'missing',
  'missing file',
  "it's missing",
  'tab\there',
  'q?',
  '#hash',
  'x#y',
  '\u0001ctl',
  'a\nb',
  '=',
];
const UNREADABLE = 'unreadable';

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/worker.js');
  dir = mkdtempSync(join(tmpdir(), 'digestlab-sum-'));
  for (const [i, name] of NAMES.entries()) writeFileSync(join(dir, name), `file ${i}: ${name}\n`);
  writeFileSync(join(dir, 'empty'), '');
  const big = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
  writeFileSync(join(dir, 'multi-MiB.bin'), big);
  writeFileSync(join(dir, UNREADABLE), 'secret\n');
  chmodSync(join(dir, UNREADABLE), 0);
  mkdirSync(join(dir, 'subdir'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const FILES = [...NAMES, UNREADABLE, 'subdir', 'missing'];
const unreadableNote = isRoot ? ' (run as root: the unreadable file is readable, and compared as such)' : '';

describe(`digestlab sum prints what coreutils prints${unreadableNote}`, () => {
  for (const [tool, algorithm] of Object.entries(TOOLS) as [Tool, string][]) {
    it(`${tool}: lines, --tag lines, errors, exit code`, () => {
      same(ours(['-a', algorithm, ...FILES]), theirs(tool, FILES));
      same(ours(['--algorithm', algorithm, '--tag', ...FILES]), theirs(tool, ['--tag', ...FILES]));
    });
  }

  it('-b, -z, --tag -z (no escaping with -z), and -- before names', () => {
    same(ours(['-b', ...NAMES]), theirs('sha256sum', ['-b', ...NAMES]));
    same(ours(['-z', ...NAMES]), theirs('sha256sum', ['-z', ...NAMES]));
    same(ours(['--tag', '-z', '--', ...NAMES]), theirs('sha256sum', ['--tag', '-z', '--', ...NAMES]));
  });

  it('standard input: no file, `-`, and `-` twice (the second reads nothing)', () => {
    same(ours([], 'abc'), theirs('sha256sum', [], 'abc'));
    same(ours(['-', 'plain.txt', '-'], 'from stdin\n'), theirs('sha256sum', ['-', 'plain.txt', '-'], 'from stdin\n'));
  });

  it('messages quote odd names as coreutils does', () => {
    same(ours(MISSING), theirs('sha256sum', MISSING));
  });

  it("messages quote in the locale's way, C or UTF-8, gnulib's second pass over a name with a quote included", () => {
    const names = ['missing-é', "a'\u0001", "\u0001'b\u0002", "'\u0001", "ab'c\u0001", "it's é", 'x y', 'ü:'];
    for (const LC_ALL of ['C', 'C.UTF-8', 'POSIX', 'en_US.utf8']) {
      const env = { ...process.env, LC_ALL };
      const a = spawnSync(process.execPath, [BIN, 'sum', ...names], { cwd: dir, env });
      const b = spawnSync('sha256sum', names, { cwd: dir, env });
      expect(a.stderr.toString(), LC_ALL).toBe(b.stderr.toString().replaceAll('sha256sum: ', 'digestlab sum: '));
    }
  });

  it('several algorithms read each file once and print tagged lines, per file in the order given', () => {
    const r = ours(['-a', 'md5', '-a', 'SHA-256,sha1', 'plain.txt', 'back\\slash']);
    const line = (tool: string, name: string) => theirs(tool, ['--tag', name]).stdout.toString();
    const expected = ['plain.txt', 'back\\slash']
      .map((n) => line('md5sum', n) + line('sha256sum', n) + line('sha1sum', n))
      .join('');
    expect(r.stdout.toString()).toBe(expected);
    expect(r.code).toBe(0);
  });

  it('the algorithms coreutils lacks get their own tags (MD2, SHA512t224, SHA512t256)', () => {
    const r = ours(['--tag', '-a', 'md2,sha512-224,SHA-512/256', 'empty']);
    expect(r.stdout.toString()).toBe(
      // MD2 of "": RFC 1319; SHA-512/224 and /256 of "": FIPS 180-4 examples (NIST)
      'MD2 (empty) = 8350e5a3e24c153df2275c9f80692773\n' +
        'SHA512t224 (empty) = 6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4\n' +
        'SHA512t256 (empty) = c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a\n',
    );
  });
});

describe('digestlab sum: MD4 and the RIPEMDs', () => {
  it('are tagged by their names, and -c reads the lines back without -a', () => {
    const r = ours(['--tag', '-a', 'md4,ripemd128,RIPEMD-160,ripemd256,rmd320', 'empty']);
    // of "": BouncyCastle's (vectors/bc/*.txt, Len = 0); RIPEMD-160's also its designers' page
    const want =
      'MD4 (empty) = 31d6cfe0d16ae931b73c59d7e0c089c0\n' +
      'RIPEMD128 (empty) = cdf26213a150dc3ecb610f18f6b38b46\n' +
      'RIPEMD160 (empty) = 9c1185a5c5e9fc54612808977ee8f548b2258d31\n' +
      'RIPEMD256 (empty) = 02ba4c4e5f8ecd1877fc52d64d30e37a2d9774fb1e5d026380ae0168e3c5522d\n' +
      'RIPEMD320 (empty) = 22d65d5661536cdc75c1fdf5c6de7b41b9f27325ebc61e8557177d705a0ec880151c3a32a00899b8\n';
    expect(r.stdout.toString()).toBe(want);
    expect(r.code).toBe(0);
    const check = ours(['-c'], want);
    expect(check.stdout.toString()).toBe('empty: OK\n'.repeat(5));
    expect(check.code).toBe(0);
  });
});

describe('digestlab sum: SM3, Whirlpool and Tiger', () => {
  it('sm3: lines and --tag lines byte for byte as coreutils 9.1’s cksum -a sm3 (--untagged, and its tagged default)', () => {
    same(ours(['-a', 'sm3', ...FILES]), theirs('cksum', ['-a', 'sm3', '--untagged', ...FILES]));
    same(ours(['-a', 'sm3', '--tag', ...FILES]), theirs('cksum', ['-a', 'sm3', ...FILES]));
  });

  it('sm3 -c: cksum reads our lists and we read its (untagged lines need -a, as a 64-digit line is SHA-256)', () => {
    const theirList = Buffer.concat([
      theirs('cksum', ['-a', 'sm3', '--untagged', ...NAMES]).stdout,
      theirs('cksum', ['-a', 'sm3', ...NAMES]).stdout,
    ]);
    const ourList = Buffer.concat([
      ours(['-a', 'sm3', ...NAMES]).stdout,
      ours(['-a', 'sm3', '--tag', ...NAMES]).stdout,
    ]);
    expect(ourList.toString('latin1')).toBe(theirList.toString('latin1'));
    writeFileSync(join(dir, 'list'), theirList);
    const expected = theirs('cksum', ['-a', 'sm3', '-c', 'list']);
    expect(expected.code).toBe(0);
    expect(expected.stdout.toString().split('\n')).toHaveLength(2 * NAMES.length + 1);
    same(ours(['-a', 'sm3', '-c', 'list']), expected);
    const tagged = theirs('cksum', ['-a', 'sm3', ...NAMES]).stdout;
    same(ours(['-c'], tagged), theirs('cksum', ['-c'], tagged));
    // without -a, an untagged line of 64 digits is SHA-256's, as sha256sum reads it: every file FAILED
    const untagged = theirs('cksum', ['-a', 'sm3', '--untagged', 'plain.txt', 'empty']).stdout;
    same(ours(['-c'], untagged), theirs('sha256sum', ['-c'], untagged));
    expect(ours(['-c'], untagged).stdout.toString()).toBe('plain.txt: FAILED\nempty: FAILED\n');
    // a digit changed in the first line: FAILED there, the same report and exit code from both
    const bad = Buffer.from(
      tagged.toString('latin1').replace(/= ([0-9a-f])/, (_, d) => `= ${d === '0' ? '1' : '0'}`),
      'latin1',
    );
    expect(bad.equals(tagged)).toBe(false);
    const failed = theirs('cksum', ['-c'], bad);
    expect(failed.code).toBe(1);
    expect(failed.stdout.toString()).toContain('FAILED');
    same(ours(['-c'], bad), failed);
  });

  // RHash 1.4.3's runs of the rhash scenario of scripts/vectors/tool-transcripts.mjs, stored in
  // vectors/tools/rhash.json, over files of their own (no name with a backslash: RHash reads one as a path
  // separator); sum.refs.test.ts runs rhash
  let rhash: Opened;
  beforeAll(() => {
    rhash = stored('rhash');
  });
  afterAll(() => rhash?.cleanup());
  for (const algorithm of ['whirlpool', 'tiger'] as const) {
    it(`${algorithm}: RHash 1.4.3's digests (rhash --${algorithm}), its --bsd lines as our --tag lines, -c round trip`, () =>
      checkRhashSums(rhash, algorithm));
  }
});

describe('digestlab sum -c reads coreutils lists and coreutils reads ours', () => {
  for (const [tool, algorithm] of Object.entries(TOOLS) as [Tool, string][]) {
    it(`${tool}: both directions, untagged and tagged lines in one list, with -a and by length without it`, () => {
      const theirList = Buffer.concat([theirs(tool, NAMES).stdout, theirs(tool, ['--tag', ...NAMES]).stdout]);
      const ourList = Buffer.concat([
        ours(['-a', algorithm, ...NAMES]).stdout,
        ours(['-a', algorithm, '--tag', ...NAMES]).stdout,
      ]);
      writeFileSync(join(dir, 'list'), theirList);
      const expected = theirs(tool, ['-c', 'list']);
      expect(expected.code).toBe(0);
      expect(expected.stdout.toString().split('\n')).toHaveLength(2 * NAMES.length + 1);
      same(ours(['-a', algorithm, '-c', 'list']), expected);
      same(ours(['-c', 'list']), expected);
      same(theirs(tool, ['-c', '-'], ourList), theirs(tool, ['-c', '-'], theirList));
    });
  }

  it('without -a, lines of different algorithms in one list each use their own', () => {
    const list = Buffer.concat([
      theirs('md5sum', ['plain.txt']).stdout,
      theirs('sha1sum', ['--tag', 'with space']).stdout,
      theirs('sha512sum', ['back\\slash']).stdout,
      theirs('sha224sum', ['--tag', 'empty']).stdout,
    ]);
    const r = ours(['-c'], list);
    expect(r.stdout.toString()).toBe('plain.txt: OK\nwith space: OK\nback\\slash: OK\nempty: OK\n');
    expect(r.code).toBe(0);
  });

  it('with -a, a tagged line of another algorithm is improperly formatted', () => {
    const list = theirs('sha256sum', ['--tag', 'plain.txt']).stdout;
    const r = ours(['-a', 'md5', '-c', '-w'], list);
    expect(r.stderr).toBe(
      "digestlab sum: 'standard input': 1: improperly formatted MD5 checksum line\n" +
        "digestlab sum: 'standard input': no properly formatted checksum lines found\n",
    );
    expect(r.code).toBe(1);
  });
});

describe('digestlab sum -c: every flag and message as coreutils', () => {
  /** A list with every kind of line: good, escaped, uppercase, tagged, OpenSSL-style, bad, missing, unreadable. */
  function mixedList(): Buffer {
    const good = theirs('sha256sum', ['plain.txt', 'new\nline', 'all\\three\n\r', 'ünïcödé ✓']).stdout.toString();
    const upper = theirs('sha256sum', ['with space']).stdout.toString();
    const tagged = theirs('sha256sum', ['--tag', 'empty']).stdout.toString();
    const openssl = tagged.replace('SHA256 (empty) = ', 'SHA256(empty)= ');
    return Buffer.from(
      [
        '# a comment',
        good.trimEnd(),
        upper.slice(0, 64).toUpperCase() + upper.slice(64).trimEnd(),
        tagged.trimEnd(),
        `${openssl.trimEnd()}\r`,
        '',
        'not a checksum line',
        `${'0'.repeat(64)}  colon:name`,
        `${'1'.repeat(64)} *missing`,
        `${'2'.repeat(64)}  ${UNREADABLE}`,
        `\\${'3'.repeat(64)}  bad\\escape`,
        `${'4'.repeat(63)}  short`,
      ].join('\n'),
    );
  }

  const FLAG_SETS = [
    [],
    ['--quiet'],
    ['--status'],
    ['--strict'],
    ['-w'],
    ['--warn', '--strict'],
    ['--ignore-missing'],
    ['--ignore-missing', '--quiet'],
    ['--status', '-w'],
    ['-w', '--quiet'],
  ];
  for (const flags of FLAG_SETS) {
    it(`-c ${flags.join(' ') || '(no flag)'}`, () => {
      writeFileSync(join(dir, 'mixed'), mixedList());
      same(ours(['-c', ...flags, 'mixed']), theirs('sha256sum', ['-c', ...flags, 'mixed']));
      if (flags.length === 0 || flags[0] === '-w') {
        // the same list from standard input, which messages call 'standard input'
        same(ours(['-c', ...flags], mixedList()), theirs('sha256sum', ['-c', ...flags], mixedList()));
      }
    });
  }

  it('lists that cannot be read, lists with no valid line, several lists, `-` named in a list read from stdin', () => {
    writeFileSync(join(dir, 'junk list'), 'junk\n');
    const lists = ['missing list', 'junk list', 'subdir', 'mixed'];
    same(ours(['-c', ...lists]), theirs('sha256sum', ['-c', ...lists]));
    const dash = `${theirs('sha256sum', [], 'x').stdout.toString()}`;
    same(ours(['-c', '-w'], dash), theirs('sha256sum', ['-c', '-w'], dash));
  });

  it('--ignore-missing with nothing verified', () => {
    const list = `${'1'.repeat(64)}  missing\n`;
    same(ours(['-c', '--ignore-missing'], list), theirs('sha256sum', ['-c', '--ignore-missing'], list));
  });

  it('a list naming `-` checks standard input when the list is a file', () => {
    writeFileSync(join(dir, 'dash-list'), theirs('sha256sum', [], 'stdin data').stdout);
    same(ours(['-c', 'dash-list'], 'stdin data'), theirs('sha256sum', ['-c', 'dash-list'], 'stdin data'));
  });
});

describe('digestlab sum: usage errors as coreutils words them (exit 1)', () => {
  const CASES = [
    ['--status'],
    ['--quiet'],
    ['-w'],
    ['--strict'],
    ['--ignore-missing'],
    ['-c', '--tag'],
    ['-c', '-b'],
    ['-c', '-t'],
    ['-c', '-z'],
    ['--tag', '-t'],
    ['--bogus'],
    ['-x'],
    ['--st'],
    ['--tag=1'],
    ['--check', '--binary', '--zero'],
  ];
  for (const args of CASES) {
    it(args.join(' '), async () => {
      const expected = theirs('sha256sum', args);
      const r = await runCli(['sum', ...args]);
      expect(r.stderr).toBe(expected.stderr);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(1);
      expect(expected.code).toBe(1);
    });
  }

  it('-a needs a value and a known algorithm', () => {
    const none = ours(['-a']);
    expect(none.stderr).toBe(
      "digestlab sum: option requires an argument -- 'a'\nTry 'digestlab sum --help' for more information.\n",
    );
    expect(none.code).toBe(1);
    const unknown = ours(['-a', 'sha3', 'plain.txt']);
    expect(unknown.stderr).toMatch(/^digestlab sum: invalid argument 'sha3' for '--algorithm'\n.*SHA-256/);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout.length).toBe(0);
  });

  it('--help prints usage on stdout and exits 0', () => {
    const r = ours(['--help']);
    expect(r.stdout.toString()).toMatch(/^Usage: digestlab sum \[OPTION\]\.\.\. \[FILE\]\.\.\./);
    expect(r.code).toBe(0);
  });
});

describe('digestlab sum: parallel hashing keeps argument order', () => {
  it('-j 2 over 300 small files and two of 17 MiB (workers) prints what sha256sum prints', () => {
    const tree = join(dir, 'many');
    mkdirSync(tree);
    const names: string[] = [];
    for (let i = 0; i < 300; i++) {
      const name = `f${(i * 7919) % 1000}`;
      writeFileSync(join(tree, name), Buffer.alloc(1 + ((i * 131) % 5000), i));
      names.push(name);
    }
    for (const big of ['big1', 'big2']) {
      writeFileSync(join(tree, big), Buffer.alloc(17 * 1024 * 1024, big));
      names.splice(100, 0, big);
    }
    const args = [...names, 'nope', ...names.slice(0, 5)];
    same(ours(['-j', '2', ...args], undefined, tree), theirs('sha256sum', args, undefined, tree));
    same(ours(['-j', '1', '-a', 'md5', ...args], undefined, tree), theirs('md5sum', args, undefined, tree));
  });
});

describe('digestlab sum -r', () => {
  it('walks directories in byte order, names joined with /, non-UTF-8 names as bytes', () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'sub'), { recursive: true });
    for (const n of ['b', 'a', 'Z', 'sub/c', 'é']) writeFileSync(join(tree, n), n);
    writeFileSync(Buffer.from(`${tree}/\xff-latin1`, 'latin1'), 'not UTF-8');
    // bash with LC_ALL=C lists the same names in byte order
    const expected = spawnSync(
      'bash',
      ['-c', "LC_ALL=C; cd tree && sha256sum Z a b sub/c $'\\xc3\\xa9' $'\\xff-latin1'"],
      {
        cwd: dir,
      },
    ).stdout;
    const r = ours(['-r', '.'], undefined, tree);
    expect(r.stdout.toString('latin1')).toBe(expected.toString('latin1').replace(/ {2}/g, '  ./'));
    expect(r.code).toBe(0);
    // the list, non-UTF-8 name included, checks the same in coreutils and in ours
    writeFileSync(join(dir, 'tree-SUMS'), r.stdout);
    const list = ['-c', '../tree-SUMS'];
    same(ours(list, undefined, tree), theirs('sha256sum', list, undefined, tree));
    const direct = ours(['-r', 'tree']);
    expect(direct.stdout.toString('latin1')).toBe(
      expected
        .toString('latin1')
        .split('\n')
        .map((l) => (l ? l.replace('  ', '  tree/') : l))
        .join('\n'),
    );
  });

  it('symbolic links: followed when named, skipped with a warning inside a walk unless -L; FIFOs skipped', () => {
    const tree = join(dir, 'links');
    mkdirSync(tree);
    writeFileSync(join(tree, 'target'), 't');
    symlinkSync('target', join(tree, 'link'));
    expect(spawnSync('mkfifo', [join(tree, 'fifo')]).status).toBe(0);
    const plain = ours(['-r', 'links']);
    expect(plain.stdout.toString()).toBe(theirs('sha256sum', ['links/target']).stdout.toString());
    expect(plain.stderr).toBe(
      'digestlab sum: links/fifo: special file skipped\n' +
        'digestlab sum: links/link: symbolic link skipped (-L follows links)\n',
    );
    expect(plain.code).toBe(0);
    const followed = ours(['-r', '-L', 'links']);
    expect(followed.stdout.toString()).toBe(theirs('sha256sum', ['links/link', 'links/target']).stdout.toString());
    expect(ours(['links/link']).stdout.toString()).toBe(theirs('sha256sum', ['links/link']).stdout.toString());
  });
});

describe('digestlab sum: the rest of the command line', () => {
  it('Ctrl-C stops at once with exit code 130', async () => {
    const child = spawn(process.execPath, [BIN, 'sum', 'plain.txt', '-'], { cwd: dir, env: ENV });
    // the first line is out, so the command runs (and its handler is in place); stdin stays open
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
  });

  it('a reader that goes away (| head -1) stops it silently, as SIGPIPE stops coreutils (exit 141)', async () => {
    const child = spawn(process.execPath, [BIN, 'sum', 'plain.txt', '-'], { cwd: dir, env: ENV });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    child.stdin.end('more'); // the second line is written to a pipe nobody reads
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(141);
    expect(stderr).toBe('');
  });

  it('an unknown command says so and lists the commands; bench stays the default', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'frobnicate'; commands: bench, compare, overflow, web, sum/);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/sum \[args\.\.\.\]\s+print or check checksums/);
    const bench = await runCli(['--list']);
    expect(bench.code).toBe(0);
    expect(bench.stdout).toContain('SHA-256');
  });
});

describe('digestlab sum: progress line and remaining rules', () => {
  const io = (tty: boolean) => {
    let err = '';
    return {
      io: {
        stdout: () => {},
        stderr: (s: string) => {
          err += s;
        },
        stderrIsTTY: tty,
        stdoutIsTTY: false,
        columns: 80,
        env: {},
      },
      err: () => err,
    };
  };

  it('a progress line only on a terminal, for a file over 256 MiB or over 1 GiB in all; erased at the end', () => {
    const MIB = 1024 * 1024;
    expect(wantsProgress(io(false).io, [2048 * MIB])).toBe(false);
    expect(wantsProgress(io(true).io, [256 * MIB, 256 * MIB])).toBe(false);
    expect(wantsProgress(io(true).io, [256 * MIB + 1])).toBe(true);
    expect(wantsProgress(io(true).io, Array(5).fill(256 * MIB - 1))).toBe(true);
    const t = io(true);
    const bar = progressLine(t.io, 512 * MIB);
    bar.add(256 * MIB);
    const ERASE = '\r\u001b[K';
    expect(t.err().startsWith(ERASE)).toBe(true);
    expect(t.err().slice(ERASE.length)).toMatch(/^ 50% {2}256 of 512 MiB {2}\d+ MiB\/s$/);
    bar.done();
    expect(t.err().endsWith(ERASE)).toBe(true);
  });

  it('several -a in -c: a line of any of them is checked, others are improperly formatted', () => {
    const list = Buffer.concat([
      theirs('md5sum', ['plain.txt']).stdout,
      theirs('sha1sum', ['--tag', 'empty']).stdout,
      theirs('sha256sum', ['with space']).stdout,
    ]);
    const r = ours(['-a', 'md5,sha1', '-c', '-w'], list);
    expect(r.stdout.toString()).toBe('plain.txt: OK\nempty: OK\n');
    expect(r.stderr).toBe(
      "digestlab sum: 'standard input': 3: improperly formatted checksum line\n" +
        'digestlab sum: WARNING: 1 line is improperly formatted\n',
    );
    expect(r.code).toBe(0);
  });

  it('-r with -c is refused', async () => {
    const r = await runCli(['sum', '-r', '-c', 'x']);
    expect(r.stderr).toBe(
      'digestlab sum: the --recursive option is meaningless when verifying checksums\n' +
        "Try 'digestlab sum --help' for more information.\n",
    );
    expect(r.code).toBe(1);
  });
});
