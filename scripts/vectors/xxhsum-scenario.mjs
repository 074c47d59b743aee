/**
 * The xxhsum scenario of tool-transcripts.mjs: xxhsum 0.8.1 (Debian's `xxhash`) hashing fixed files with each
 * `-H`, untagged, `--tag`, `--little-endian`, standard input, options after a file, missing files and folders.
 * `digestlab xxhsum` is held to it byte for byte (packages/cli/test/xxhsum-mode.ts). Checking (`-c`) is not in it:
 * digestlab's xxhsum mode does not check yet and refuses `-c`; nor `-` among named files, which xxhsum 0.8.1
 * skips or refuses and we read as standard input (README, "digestlab xxhsum").
 */
import { createHash } from 'node:crypto';

const file = (name, made, bytes) => ({ name, made, bytes });

const FILES = ['empty', 'abc', 'big', 'ünïcödé ✓', 'with space'];
const VARIANTS = ['-H0', '-H1', '-H2', '-H3', '-H32', '-H64', '-H128'];
const FORMS = [[], ['--tag'], ['--little-endian'], ['--tag', '--little-endian']];

const steps = [
  { group: 'lines', args: FILES },
  ...VARIANTS.flatMap((h) => FORMS.map((form) => ({ group: 'lines', args: [h, ...form, ...FILES] }))),
  { group: 'lines', args: [], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-H2', '--tag'], stdin: 'from stdin\n' },
  { group: 'lines', args: ['-H0', '-H1', 'abc'] },
  { group: 'lines', args: ['--', 'abc'] },
  { group: 'fails', args: ['abc', '-H2'] },
  { group: 'fails', args: ['abc', 'missing', 'empty'] },
  { group: 'fails', args: ['-H3', 'dir', 'missing', 'abc'] },
];

export const XXHSUM = {
  program: 'xxhsum',
  about: 'digestlab xxhsum is compared with these byte for byte: packages/cli/test/xxhsum.test.ts',
  env: { LC_ALL: 'C.UTF-8' },
  files: [
    file('empty', 'empty', () => Buffer.alloc(0)),
    file('abc', '"abc"', () => Buffer.from('abc')),
    file('big', 'the first 100000 bytes of SHAKE256("big")', () =>
      createHash('shake256', { outputLength: 100_000 }).update('big').digest(),
    ),
    file('ünïcödé ✓', 'its own name in UTF-8', () => Buffer.from('ünïcödé ✓')),
    file('with space', 'its own name in UTF-8', () => Buffer.from('with space')),
    { name: 'dir', folder: true },
  ],
  steps,
};
