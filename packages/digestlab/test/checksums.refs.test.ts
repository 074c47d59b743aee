/**
 * The checksums against Debian's programs run now (npm run test:refs; npm test reads what they printed from
 * vectors/checksums/references.json): the stored values made again by scripts/vectors/checksum-vectors.mjs --check,
 * and fresh random inputs and seeds through every provider against Python's zlib, python3-xxhash and
 * python3-crcmod, coreutils' cksum and RHash.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireFile, requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { type AlgorithmName, digestHex } from '../src/index.js';
import { CASE_PROVIDERS } from './helpers/common.js';

const PYTHON = `
import sys, zlib, xxhash, crcmod
m = sys.stdin.buffer.read()
s32, s64 = int(sys.argv[1]), int(sys.argv[2])
nvme = crcmod.mkCrcFun(0x1ad93d23594c93659, initCrc=0, rev=True, xorOut=0xffffffffffffffff)
xz = crcmod.mkCrcFun(0x142f0e1eba9ea3693, initCrc=0, rev=True, xorOut=0xffffffffffffffff)
print('%08x' % zlib.crc32(m), '%08x' % zlib.adler32(m), '%016x' % nvme(m), '%016x' % xz(m),
      xxhash.xxh32_hexdigest(m, seed=s32), xxhash.xxh64_hexdigest(m, seed=s64),
      xxhash.xxh3_64_hexdigest(m, seed=s64), xxhash.xxh3_128_hexdigest(m, seed=s64))
`;

/** cksum's and RHash's lines for `data` written to a file. */
function programsOf(data: Uint8Array): [string[], string[]] {
  const dir = mkdtempSync(join(tmpdir(), 'digestlab-checksums-'));
  try {
    const file = join(dir, 'input');
    writeFileSync(file, data);
    const run = (program: string, args: string[]) => execFileSync(program, [...args, file], { encoding: 'utf8' });
    return [run('cksum', []).split(' '), run('rhash', ['--printf', '%{crc32} %{crc32c}']).split(' ')];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const providersOf = (a: AlgorithmName) => CASE_PROVIDERS.filter((p) => p.algorithms.includes(a)).map((p) => p.id);

describe('against the programs, run now', () => {
  it('Python, cksum and RHash agree with every provider on random inputs and seeds', () => {
    requireFile('/usr/lib/python3/dist-packages/xxhash/__init__.py');
    requireFile('/usr/lib/python3/dist-packages/crcmod/__init__.py');
    requireProgram('rhash');
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 5000 }),
        fc.bigInt({ min: 0n, max: 2n ** 32n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        (data, s32, s64) => {
          const out = execFileSync('/usr/bin/python3', ['-c', PYTHON, String(s32), String(s64)], { input: data });
          const [crc32, adler, nvme, xz, x32, x64, x3, x128] = out.toString().trim().split(' ');
          const [[cksum], [rhashCrc32, crc32c]] = programsOf(data);
          expect(rhashCrc32).toBe(crc32);
          const want: [AlgorithmName, string, object][] = [
            ['CRC-32', crc32, {}],
            ['CRC-32C', crc32c, {}],
            ['CRC-64/NVME', nvme, {}],
            ['CRC-64/XZ', xz, {}],
            ['CKSUM', Number(cksum).toString(16).padStart(8, '0'), {}],
            ['ADLER32', adler, {}],
            ['XXH32', x32, { seed: s32 }],
            ['XXH64', x64, { seed: s64 }],
            ['XXH3-64', x3, { seed: s64 }],
            ['XXH3-128', x128, { seed: s64 }],
          ];
          for (const [algorithm, value, options] of want) {
            for (const provider of providersOf(algorithm)) {
              expect(digestHex(algorithm, data, { provider, ...options }), `${algorithm} ${provider}`).toBe(value);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the programs still print every value of vectors/checksums/references.json (checksum-vectors.mjs --check)', () => {
    for (const program of ['xxhsum', 'rhash', 'xz']) requireProgram(program);
    requireFile('/usr/lib/python3/dist-packages/xxhash/__init__.py');
    requireFile('/usr/lib/python3/dist-packages/crcmod/__init__.py');
    const script = fileURLToPath(new URL('../../../scripts/vectors/checksum-vectors.mjs', import.meta.url));
    // --check exits 1 and names what differs
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
