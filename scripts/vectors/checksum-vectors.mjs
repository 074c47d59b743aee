#!/usr/bin/env node
// The checksums' reference values, written to vectors/checksums/references.json, which checksums.test.ts reads in
// npm test (where none of these programs need be installed). Every input is a prefix of one buffer,
// pseudoRandomBytes(MAX, 0x5eed) (packages/digestlab/test/helpers/pseudo-random.mjs), at the lengths below: every
// length to 260 (XXH3's 16, 128 and 240-byte thresholds, XXH32's and XXH64's stripes), then around 2^k, XXH3's
// 1024-byte blocks (and a block plus its 64-byte last stripe), Adler-32's 5552-byte reduction.
//   python    Debian's /usr/bin/python3: zlib.crc32 and zlib.adler32; python3-xxhash (xxHash 0.8.1) XXH32, XXH64,
//             XXH3-64 and XXH3-128 with several seeds; python3-crcmod 1.7 (crcmod.mkCrcFun from the catalogue's
//             parameters) CRC-64/NVME and CRC-64/XZ
//   xxhsum    xxhsum 0.8.1 -H0 (XXH32), -H1 (XXH64), -H2 (XXH128), -H3 (XXH3-64), no seed
//   rhash     RHash: CRC-32 and CRC-32C
//   cksum     coreutils' cksum: POSIX cksum's CRC (with the length), decimal
//   xz        xz-utils: CRC-64/XZ, the check value `xz --check=crc64` stores in a block and `xz -lvv` prints
// Nothing here is computed by digestlab. checksums.refs.test.ts (npm run test:refs) runs the check.
//
//   node scripts/vectors/checksum-vectors.mjs           write vectors/checksums/references.json
//   node scripts/vectors/checksum-vectors.mjs --check   exit 1 if a program's value differs from the file's
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pseudoRandomBytes } from '../../packages/digestlab/test/helpers/pseudo-random.mjs';
import { hashFiles, outputOf, writeOrCheck } from './recorded-vectors.mjs';

const around = (n) => [n - 1, n, n + 1];
export const LENGTHS = [
  ...Array.from({ length: 261 }, (_, i) => i),
  ...[511, 512, 513],
  ...[1023, 1024, 1025, 1087, 1088, 1089, 1279, 1280, 1281],
  ...[2047, 2048, 2049, 2111, 2112, 2113, 3072, 4096].flatMap((n) => (n % 1024 === 0 ? around(n) : [n])),
  ...around(5552),
  ...around(11104),
  ...around(16384),
  ...around(65536),
  100000,
];
export const SEED = 0x5eed;
export const INPUT = pseudoRandomBytes(LENGTHS.at(-1), SEED);
export const SEEDS32 = [1, 0xffffffff, 0x9e3779b1];
export const SEEDS64 = ['1', '18446744073709551615', '81985529216486895', '4294967296'];

// Python's values, in hex as the library prints them (big-endian): the input on stdin, lengths as arguments
const PYTHON = `
import json, sys, zlib, xxhash, crcmod
# crcmod's initCrc is the register's start XORed with xorOut: 0 for a start and xorOut of all ones
nvme = crcmod.mkCrcFun(0x1ad93d23594c93659, initCrc=0, rev=True, xorOut=0xffffffffffffffff)
xz = crcmod.mkCrcFun(0x142f0e1eba9ea3693, initCrc=0, rev=True, xorOut=0xffffffffffffffff)
data = sys.stdin.buffer.read()
s32 = [int(s) for s in sys.argv[1].split(',')]
s64 = [int(s) for s in sys.argv[2].split(',')]
out = []
for n in (int(a) for a in sys.argv[3:]):
    m = data[:n]
    out.append({
        'CRC-32': '%08x' % zlib.crc32(m),
        'ADLER32': '%08x' % zlib.adler32(m),
        'CRC-64/NVME': '%016x' % nvme(m),
        'CRC-64/XZ': '%016x' % xz(m),
        'XXH32': [xxhash.xxh32_hexdigest(m, seed=s) for s in [0] + s32],
        'XXH64': [xxhash.xxh64_hexdigest(m, seed=s) for s in [0] + s64],
        'XXH3-64': [xxhash.xxh3_64_hexdigest(m, seed=s) for s in [0] + s64],
        'XXH3-128': [xxhash.xxh3_128_hexdigest(m, seed=s) for s in [0] + s64],
    })
print(json.dumps(out))
`;

function python() {
  const args = ['-c', PYTHON, SEEDS32.join(','), SEEDS64.join(','), ...LENGTHS.map(String)];
  return JSON.parse(execFileSync('/usr/bin/python3', args, { input: INPUT, encoding: 'utf8', maxBuffer: 1 << 26 }));
}

/** One program over every input as a file: its lines, one per input. */
function lines(program, args) {
  return hashFiles(
    LENGTHS.map((n) => INPUT.subarray(0, n)),
    (files) =>
      outputOf(program, [...args, ...files])
        .trimEnd()
        .split('\n'),
  );
}

/** xxhsum's hex digest per input for `-H<n>` (the hex is the line's last field for XXH3, its first otherwise). */
function xxhsum(h) {
  return lines('xxhsum', [`-H${h}`]).map((line) =>
    line.startsWith('XXH3') ? line.split(' = ')[1] : line.split(' ')[0],
  );
}

/** xz's CRC-64 of each input: compressed with --check=crc64, the block's check value listed. */
function xz() {
  return hashFiles(
    LENGTHS.map((n) => INPUT.subarray(0, n)),
    (files) =>
      files.map((file) => {
        execFileSync('xz', ['-k', '-f', '-0', '--check=crc64', file]);
        const block = outputOf('xz', ['--robot', '-lvv', `${file}.xz`])
          .split('\n')
          .find((l) => l.startsWith('block\t'));
        // an empty input makes no block: its CRC-64 is the catalogue's (0), recorded as null
        return block ? block.split('\t')[10] : null;
      }),
  );
}

export function record() {
  return {
    about:
      'reference values of the checksums for the first `lengths[i]` bytes of pseudoRandomBytes(100000, 0x5eed) ' +
      '(packages/digestlab/test/helpers/pseudo-random.mjs); python: seeds 0 then `seeds32` (XXH32) or `seeds64`; ' +
      'made by `node scripts/vectors/checksum-vectors.mjs`',
    programs: {
      python: outputOf('/usr/bin/python3', [
        '-c',
        'import sys, xxhash, crcmod; print(sys.version.split()[0], xxhash.VERSION, xxhash.XXHASH_VERSION, crcmod.__version__ if hasattr(crcmod, "__version__") else "crcmod")',
      ]).trim(),
      xxhsum: spawnSync('xxhsum', ['--version'], { encoding: 'utf8' }).stderr.split('\n')[0].trim(),
      rhash: outputOf('rhash', ['--version']).trim(),
      cksum: outputOf('cksum', ['--version']).split('\n')[0],
      xz: outputOf('xz', ['--version']).split('\n')[0],
    },
    lengths: LENGTHS,
    seeds32: SEEDS32,
    seeds64: SEEDS64,
    python: python(),
    xxhsum: { XXH32: xxhsum(0), XXH64: xxhsum(1), 'XXH3-128': xxhsum(2), 'XXH3-64': xxhsum(3) },
    rhash: lines('rhash', ['--printf', '%{crc32} %{crc32c}\\n']).map((l) => l.split(' ')),
    cksum: lines('cksum', []).map((l) => l.split(' ')[0]),
    xz: xz(),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeOrCheck(new URL('../../vectors/checksums/references.json', import.meta.url), record());
}
