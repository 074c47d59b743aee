/**
 * The cksum scenario of tool-transcripts.mjs: GNU coreutils 9.1's cksum over fixed files, every `-a` it has, its
 * line forms, its refusals and `-c` both ways. `digestlab cksum` is held to it byte for byte
 * (packages/cli/test/tool-mode.ts). What we do differently on purpose (README, "digestlab cksum") is not in it:
 * `-a crc` of a folder (9.1 prints the empty input's CRC, exit 0), later coreutils' names, digestlab's names (in any
 * case: `-a MD5`, which 9.1 refuses).
 */
import { createHash } from 'node:crypto';

const file = (name, made, bytes) => ({ name, made, bytes });
const ownName = (name) => file(name, 'its own name in UTF-8', () => Buffer.from(name));

const FILES = ['empty', 'hello', 'big', 'new\nline', 'back\\slash', 'ünïcödé ✓', 'with space'];
const DIGESTS = ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'blake2b', 'sm3'];

/** Lines `-c` reads as bad: a wrong digest, a missing file, garbage, a digest too short, another tag's line. */
const SABOTAGE =
  `MD5 (hello) = ${'0'.repeat(32)}\nMD5 (missing) = ${'1'.repeat(32)}\ngarbage\nMD5 (big) = abc\n` +
  'SHA1 (hello) = f572d396fae9206628714fb2ce00f72e94f2258f\n';

const steps = [
  // lines: every algorithm over every file, and the line forms
  { id: 'crc', group: 'lines', args: FILES },
  { group: 'lines', args: ['-a', 'sysv', ...FILES] },
  { group: 'lines', args: ['-a', 'bsd', ...FILES] },
  ...DIGESTS.map((a) => ({ id: `tagged-${a}`, group: 'lines', args: ['-a', a, ...FILES] })),
  { id: 'untagged-md5', group: 'lines', args: ['-a', 'md5', '--untagged', ...FILES] },
  { group: 'lines', args: ['-a', 'sha256', '--untagged', ...FILES] },
  { group: 'lines', args: ['-a', 'blake2b', '-l', '256', ...FILES] },
  { group: 'lines', args: ['-a', 'blake2b', '-l', '256', '--untagged', 'hello'] },
  { group: 'lines', args: ['-a', 'blake2b', '-l', '512', 'hello'] },
  { group: 'lines', args: ['-a', 'blake2b', '-l', '0', 'hello'] },
  { group: 'lines', args: ['-z', ...FILES] },
  { group: 'lines', args: ['-z', '-a', 'sysv', 'hello', 'new\nline'] },
  { group: 'lines', args: ['-z', '-a', 'md5', ...FILES] },
  { group: 'lines', args: ['--tag', 'hello'] },
  { group: 'lines', args: ['--untagged', 'hello'] },
  { group: 'lines', args: ['--untagged', '--tag', '-a', 'md5', 'hello'] },
  { group: 'lines', args: ['--tag', '--untagged', '-a', 'md5', 'hello'] },
  { group: 'lines', args: [], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-', 'hello'], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-a', 'bsd'], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-a', 'md5'], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-a', 'md5', '-a', 'sha1', 'hello'] },
  { group: 'lines', args: ['-l', '0', 'hello'] },
  { group: 'lines', args: ['--debug', '-a', 'md5', 'hello'] },
  { group: 'lines', args: ['--un', '-a', 'md5', 'hello'] },
  { group: 'lines', args: ['--t', 'hello'] },
  // fails: missing files and folders, the run going on (`-a crc` of a folder: see the header)
  { group: 'fails', args: ['hello', 'missing', 'empty'] },
  { group: 'fails', args: ['-a', 'sysv', 'dir', 'missing', 'hello'] },
  { group: 'fails', args: ['-a', 'md5', 'dir', 'missing', 'hello'] },
  // refusals, with coreutils' words
  ...[
    ['-b', 'hello'],
    ['-t', 'hello'],
    ['--binary', 'hello'],
    ['--text', 'hello'],
    ['-a', 'foo', 'hello'],
    ['-a', 'md', 'hello'],
    ['-a'],
    ['-l', '256', 'hello'],
    ['-a', 'md5', '-l', '128', 'hello'],
    ['-a', 'blake2b', '-l', '7', 'hello'],
    ['-a', 'blake2b', '-l', '1024', 'hello'],
    ['-a', 'blake2b', '-l', 'x', 'hello'],
    ['-z', '-c', 'md5.list'],
    ['-a', 'sysv', '-c', 'md5.list'],
    ['-a', 'crc', '-c', 'md5.list'],
    ['--quiet', 'hello'],
    ['--status', 'hello'],
    ['--strict', 'hello'],
    ['--warn', 'hello'],
    ['--ignore-missing', 'hello'],
    ['--s', 'hello'],
    ['--bogus'],
  ].map((args) => ({ group: 'refused', args })),
  // -c: its own lists, and lists with every kind of bad line
  { write: 'md5.list', stdoutOf: 'tagged-md5' },
  { write: 'untagged.list', stdoutOf: 'untagged-md5' },
  { write: 'mixed.list', stdoutOf: 'tagged-sha256', append: SABOTAGE },
  { write: 'b2.list', stdoutOf: 'tagged-blake2b', append: 'zz\n' },
  { group: 'check', args: ['-c', 'md5.list'] },
  { group: 'check', args: ['-c', '--tag', '--untagged', 'md5.list'] },
  { group: 'check', args: ['-c', 'untagged.list'] },
  { group: 'check', args: ['-a', 'md5', '-c', 'untagged.list'] },
  { group: 'check', args: ['-a', 'sha1', '-c', 'md5.list'] },
  { group: 'check', args: ['-c', 'mixed.list'] },
  { group: 'check', args: ['-c', '-w', 'mixed.list'] },
  { group: 'check', args: ['-c', '--strict', 'mixed.list'] },
  { group: 'check', args: ['-c', '--quiet', 'mixed.list', 'md5.list'] },
  { group: 'check', args: ['-c', '--status', 'mixed.list'] },
  { group: 'check', args: ['-c', '--ignore-missing', 'mixed.list'] },
  { group: 'check', args: ['-c', '-w', 'b2.list'] },
  { group: 'check', args: ['-c', 'md5.list', 'no-such-list'] },
  { group: 'check', args: ['-c'], stdin: { stdoutOf: 'tagged-sha1' } },
  // a bad line before any good one: 9.1 calls it a CRC checksum line
  { group: 'check', args: ['-c', '-w', '-'], stdin: 'garbage\nMD5 (hello) = b1946ac92492d2347c6235b4d2611184\n' },
];

export const CKSUM = {
  program: 'cksum',
  // on every Debian, so not one of scripts/check/reference-programs.mjs's (whose programs the default tier hides)
  debianPackage: 'coreutils',
  about: 'digestlab cksum is compared with these byte for byte: packages/cli/test/cksum.test.ts',
  env: { LC_ALL: 'C.UTF-8' },
  files: [
    file('empty', 'empty', () => Buffer.alloc(0)),
    file('hello', '"hello\\n"', () => Buffer.from('hello\n')),
    file('big', 'the first 100000 bytes of SHAKE256("big")', () =>
      createHash('shake256', { outputLength: 100_000 }).update('big').digest(),
    ),
    ownName('new\nline'),
    ownName('back\\slash'),
    ownName('ünïcödé ✓'),
    ownName('with space'),
    { name: 'dir', folder: true },
  ],
  steps,
};
