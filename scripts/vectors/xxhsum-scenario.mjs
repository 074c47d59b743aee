/**
 * The xxhsum scenario of tool-transcripts.mjs: xxhsum 0.8.1's hashing lines over fixed files, each `-H`, `--tag`,
 * `--little-endian`, standard input, files it cannot open or read, and its refusals. `digestlab xxhsum` is held to
 * it (packages/cli/test/tool-mode.ts): stdout and the exit code byte for byte, stderr too except for a refusal,
 * where only the first line ("Wrong parameters") is compared (0.8.1's usage text follows it, ours names digestlab).
 * `-b` is not here: digestlab's xxhsum refuses it (README, "digestlab xxhsum").
 */
import { createHash } from 'node:crypto';

const file = (name, made, bytes) => ({ name, made, bytes });
const ownName = (name) => file(name, 'its own name in UTF-8', () => Buffer.from(name));
const shake = (name, size) =>
  file(name, `the first ${size} bytes of SHAKE256("${name}")`, () =>
    createHash('shake256', { outputLength: size }).update(name).digest(),
  );

const FILES = ['empty', 'abc', 'mid', 'big', 'new\nline', 'back\\slash', 'ünïcödé ✓'];
const VARIANTS = ['-H0', '-H1', '-H2', '-H3', '-H32', '-H64', '-H128'];

const GOOD = '44bc2cf5ad770999  abc\n';
/** Lines -c reads as bad or failing: wrong digests, missing files, garbage, digests of the wrong length. */
const SABOTAGE =
  `XXH64 (abc) = ${'0'.repeat(16)}\n${'1'.repeat(8)}  missing\ngarbage\nXXH32 (abc) = 44bc2cf5ad770999\n` +
  `${GOOD}44BC2CF5AD770999  abc\n44bc2cf5ad770999 *abc\n0123  abc\nXXH3_LE (abc) = 50392f89945faf78\n\n`;

const steps = [
  { id: 'default', group: 'lines', args: FILES },
  ...VARIANTS.map((h) => ({ id: `plain${h}`, group: 'lines', args: [h, ...FILES] })),
  ...VARIANTS.map((h) => ({ id: `tag${h}`, group: 'lines', args: ['--tag', h, ...FILES] })),
  ...VARIANTS.map((h) => ({ group: 'lines', args: ['--little-endian', h, ...FILES] })),
  ...VARIANTS.map((h) => ({ id: `tag-le${h}`, group: 'lines', args: ['--tag', '--little-endian', h, 'abc'] })),
  { group: 'lines', args: [], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-H3'], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-H2', '-', 'abc'], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-H0', '-H3', 'abc'] },
  { group: 'lines', args: ['-H', 'abc'] },
  { group: 'lines', args: ['-H00', 'abc'] },
  { group: 'lines', args: ['-qH0', 'abc'] },
  { group: 'lines', args: ['-H0q', 'abc'] },
  { group: 'lines', args: ['-q', '--quiet', 'abc'] },
  { group: 'lines', args: ['-H0', '--', '-H1', 'abc'] },
  { group: 'lines', args: ['abc', '-H0', 'abc'] },
  { group: 'fails', args: ['abc', 'missing', 'empty'] },
  { group: 'fails', args: ['-H3', 'dir', 'abc', 'missing'] },
  { group: 'fails', args: ['--tag', 'missing'] },
  // -c: its own lists both ways, and lists with every kind of bad line
  ...['plain-H0', 'plain-H1', 'plain-H2', 'tag-H0', 'tag-H1', 'tag-H2', 'tag-H3'].map((id) => ({
    write: `${id}.list`,
    stdoutOf: id,
  })),
  ...['tag-le-H0', 'tag-le-H1', 'tag-le-H2', 'tag-le-H3'].map((id) => ({ write: `${id}.list`, stdoutOf: id })),
  { write: 'mixed.list', stdoutOf: 'tag-H3', append: SABOTAGE },
  ...['plain-H0', 'plain-H1', 'plain-H2', 'tag-H0', 'tag-H1', 'tag-H2', 'tag-H3'].map((id) => ({
    group: 'check',
    args: ['-c', `${id}.list`],
  })),
  { group: 'check', args: ['-c', 'tag-le-H0.list', 'tag-le-H1.list', 'tag-le-H2.list', 'tag-le-H3.list'] },
  { group: 'check', args: ['-H0', '-c', 'plain-H1.list'] },
  { group: 'check', args: ['-c', 'mixed.list'] },
  { group: 'check', args: ['-c', '-w', 'mixed.list'] },
  { group: 'check', args: ['-c', '--warn', 'mixed.list'] },
  { group: 'check', args: ['-c', '--strict', 'mixed.list'] },
  { group: 'check', args: ['-c', '-q', 'mixed.list', 'tag-H1.list'] },
  { group: 'check', args: ['-c', '--quiet', 'tag-H1.list'] },
  { group: 'check', args: ['-c', '--status', 'mixed.list'] },
  { group: 'check', args: ['-c', '--status', 'tag-H1.list'] },
  { group: 'check', args: ['-c', 'tag-H1.list', 'no-such-list'] },
  { group: 'check', args: ['-c', 'abc'] },
  { group: 'check', args: ['-c'], stdin: { stdoutOf: 'tag-H2' } },
  { group: 'check', args: ['-c', '-'], stdin: 'XXH64 (abc) = 44bc2cf5ad770999\n' },
  { group: 'check', args: ['-c', '--strict'], stdin: `${GOOD}garbage\n` },
  { group: 'check', args: ['-c'], stdin: `${GOOD}garbage\n` },
  ...[['-H4', 'abc'], ['-H5'], ['-Hx', 'abc'], ['-x', 'abc'], ['--bogus', 'abc'], ['--tag=1', 'abc']].map((args) => ({
    group: 'refused',
    args,
  })),
];

export const XXHSUM = {
  program: 'xxhsum',
  about: 'digestlab xxhsum is compared with these byte for byte: packages/cli/test/xxhsum.test.ts',
  env: { LC_ALL: 'C.UTF-8' },
  files: [
    file('empty', 'empty', () => Buffer.alloc(0)),
    ownName('abc'),
    shake('mid', 240),
    shake('big', 100_000),
    ownName('new\nline'),
    ownName('back\\slash'),
    ownName('ünïcödé ✓'),
    { name: 'dir', folder: true },
  ],
  steps,
};
