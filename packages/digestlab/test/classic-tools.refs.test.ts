/**
 * The classic algorithms against RHash run now (npm run test:refs; npm test reads what it printed from vectors/):
 * the whole cross-check of BouncyCastle's 304 messages (vectors/tools/cross-check-classic.mjs, RHash included) must
 * print the stored report, RHash must still give every digest of vectors/rhash-prefixes.json
 * (scripts/vectors/rhash-vectors.mjs --check), and its Tiger and Whirlpool of fresh random inputs, at the padding edges
 * and long, must be every provider's. RHash, OpenSSL and Debian's Python must still give the MD4 and RIPEMD-160 of
 * vectors/md4-ripemd-tools.json (scripts/vectors/md4-ripemd-vectors.mjs --check).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { rhashOf } from '../../../scripts/vectors/rhash-vectors.mjs';
import { digestHex } from '../src/index.js';
import { tigerHex } from './helpers/classic.js';
import { providerCases, readVector, reference, vectorPath } from './helpers/common.js';

/** The report's lines, the comments (the command, the tools' versions) left out. */
const body = (report: string): string[] => report.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

describe('RHash, run now', () => {
  it('OpenSSL, cksum, hashlib and RHash give BouncyCastle’s SM3, Whirlpool and Tiger digests of all 304 messages', () => {
    requireProgram('rhash');
    const report = execFileSync('node', [vectorPath('tools/cross-check-classic.mjs')], { encoding: 'utf8' });
    const lines = body(report);
    expect(lines).toStrictEqual(body(readVector('classic-cross-check.txt')));
    expect(lines.map((l) => l.split(':')[0])).toStrictEqual([
      'SM3 sm3-bc.txt 304 messages',
      'SM3 sm3-bc.txt 304 messages',
      'SM3 sm3-bc.txt 304 messages',
      'WHIRLPOOL whirlpool-bc.txt 304 messages',
      'WHIRLPOOL whirlpool-bc.txt 304 messages',
      'TIGER tiger-bc.txt 304 messages',
    ]);
    for (const l of lines) expect(l).toMatch(/: all equal$/);
  });

  it('RHash still gives every digest of vectors/rhash-prefixes.json (scripts/vectors/rhash-vectors.mjs --check)', () => {
    requireProgram('rhash');
    const script = fileURLToPath(new URL('../../../scripts/vectors/rhash-vectors.mjs', import.meta.url));
    // --check exits 1 and names what differs
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('RHash, OpenSSL, hashlib still give vectors/md4-ripemd-tools.json (scripts/vectors/md4-ripemd-vectors.mjs --check)', () => {
    requireProgram('rhash');
    const script = fileURLToPath(new URL('../../../scripts/vectors/md4-ripemd-vectors.mjs', import.meta.url));
    // --check exits 1 and names what differs
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('every provider gives RHash’s Tiger and Whirlpool of fresh random inputs, at the padding edges and long', () => {
    requireProgram('rhash');
    // Tiger's and Whirlpool's length fields take 8 and 32 bytes of a 64-byte block; then one 16 to 64 KiB long and
    // five to 4 MiB
    const edges = [0, 1, 31, 32, 33, 55, 56, 57, 63, 64, 65, 127, 128, 129];
    const long = [randomInt(2 ** 14, 2 ** 16), ...Array.from({ length: 5 }, () => randomInt(2 ** 16, 2 ** 22))];
    const inputs = [...edges, ...long].map((n) => new Uint8Array(randomBytes(n)));
    const rhash = rhashOf(inputs);
    for (const [i, data] of inputs.entries()) {
      const n = data.length;
      for (const [provider, algorithm] of providerCases().filter(([, a]) => a === 'TIGER' || a === 'WHIRLPOOL')) {
        const want = rhash[i][algorithm as 'TIGER' | 'WHIRLPOOL'];
        expect(digestHex(algorithm, data, { provider }), `${provider} ${algorithm}, ${n} bytes`).toBe(want);
      }
      // and the suite's references: hash-wasm's Whirlpool, the BigInt Tiger (~3 MB/s: to 64 KiB)
      expect(reference('WHIRLPOOL', data), `reference Whirlpool, ${n} bytes`).toBe(rhash[i].WHIRLPOOL);
      if (n <= 2 ** 16) expect(tigerHex(data), `BigInt Tiger, ${n} bytes`).toBe(rhash[i].TIGER);
    }
  });
});
