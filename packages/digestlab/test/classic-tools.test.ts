/**
 * BouncyCastle's SM3, Whirlpool and Tiger vectors (vectors/*-bc.txt, which kat.test.ts feeds the library) against
 * every other reference: vectors/tools/cross-check-classic.mjs hashes the 304 stored messages with OpenSSL (SM3;
 * Whirlpool through its legacy provider), coreutils' `cksum -a sm3`, Debian's Python's hashlib and RHash (Whirlpool,
 * Tiger), each tool once over all of them, and exits 1 on any disagreement; its report is stored
 * (vectors/classic-cross-check.txt). Here it runs the tools a new Debian has, whose lines must be the stored ones;
 * RHash's are read from the report (classic-tools.refs.test.ts runs the whole script in npm run test:refs).

 * `node` by name: the portable suite runs this file under Bun and Deno too, and the script is Node's.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readVector, vectorPath } from './helpers/common.js';

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
