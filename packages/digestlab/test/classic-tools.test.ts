/**
 * BouncyCastle's SM3, Whirlpool and Tiger vectors (vectors/*-bc.txt, which kat.test.ts feeds the library) against
 * every other reference: vectors/tools/cross-check-classic.mjs hashes the 304 stored messages with OpenSSL (SM3;
 * Whirlpool through its legacy provider), coreutils' `cksum -a sm3`, Debian's Python's hashlib and RHash (Whirlpool,
 * Tiger), each tool once over all of them, and exits 1 on any disagreement; its report is stored
 * (vectors/classic-cross-check.txt). Here it runs the tools a new Debian has, whose lines must be the stored ones;
 * RHash's are read from the report (classic-tools.refs.test.ts runs the whole script in npm run test:refs).
 *
 * Then RHash's stored Tiger and Whirlpool of the suite's pseudo-random stream's prefixes (vectors/rhash-prefixes.json),
 * Tiger's reference for the default provider's sweep: their input is the generator's, and the suite's BigInt Tiger
 * and hash-wasm's Whirlpool give them.
 * `node` by name: the portable suite runs this file under Bun and Deno too, and the script is Node's.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tigerHex } from './helpers/classic.js';
import { RHASH_PREFIXES, readVector, reference, rhashPrefix, vectorPath } from './helpers/common.js';

/** The report's lines, the comments (the command, the tools' versions) left out. */
const body = (report: string): string[] => report.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
const STORED = body(readVector('classic-cross-check.txt'));
const byRhash = (line: string): boolean => line.includes(': rhash ');

describe('the 304 messages of vectors/*-bc.txt hashed again by the other references', () => {
  it('OpenSSL, cksum and hashlib, run here, give BouncyCastle’s SM3 and Whirlpool digests of all of them', () => {
    const script = vectorPath('tools/cross-check-classic.mjs');
    const lines = body(execFileSync('node', [script, '--without-reference-programs'], { encoding: 'utf8' }));
    expect(lines).toStrictEqual(STORED.filter((l) => !byRhash(l)));
    expect(lines.map((l) => l.split(': ')[1])).toStrictEqual([
      'openssl dgst -sm3',
      'cksum -a sm3 --untagged',
      'python3 hashlib.new("sm3")',
      'openssl dgst -whirlpool (legacy provider)',
    ]);
    for (const l of lines) expect(l).toMatch(/: all equal$/);
  }, 60_000);

  it('RHash gave BouncyCastle’s Whirlpool and Tiger digests of all of them (the stored report)', () => {
    expect(STORED.filter(byRhash)).toStrictEqual([
      'WHIRLPOOL whirlpool-bc.txt 304 messages: rhash --whirlpool: all equal',
      'TIGER tiger-bc.txt 304 messages: rhash --tiger: all equal',
    ]);
  });
});

describe('RHash’s Tiger and Whirlpool of the pseudo-random prefixes (vectors/rhash-prefixes.json)', () => {
  const lengths = Object.keys(RHASH_PREFIXES.digests).map(Number);

  it('are of the suite’s generator’s stream: every length to 129, and 2^k − 1, 2^k, 2^k + 1 to 2^22 + 1', () => {
    const { length, sha256 } = RHASH_PREFIXES.input;
    expect(createHash('sha256').update(rhashPrefix(length)).digest('hex')).toBe(sha256);
    expect(Math.max(...lengths)).toBe(length);
    for (let n = 0; n <= 129; n++) expect(lengths).toContain(n);
    for (let k = 0; k <= 22; k++) for (const n of [2 ** k - 1, 2 ** k, 2 ** k + 1]) expect(lengths).toContain(n);
  });

  it('the suite’s BigInt Tiger gives them to 16 KiB + 1, hash-wasm’s Whirlpool to 1 MiB + 1', () => {
    // (the BigInt Tiger runs at about 3 MB/s, hash-wasm's Whirlpool at about 60: the whole file would take seconds)
    for (const n of lengths) {
      const { TIGER, WHIRLPOOL } = RHASH_PREFIXES.digests[n];
      if (n <= 2 ** 14 + 1) expect(tigerHex(rhashPrefix(n)), `Tiger, ${n} bytes`).toBe(TIGER);
      if (n <= 2 ** 20 + 1) expect(reference('WHIRLPOOL', rhashPrefix(n)), `Whirlpool, ${n} bytes`).toBe(WHIRLPOOL);
    }
  });
});
