/**
 * BouncyCastle's SM3, Whirlpool and Tiger vectors (vectors/*-bc.txt, which kat.test.ts feeds the library) against
 * every other reference installed here, run now: vectors/tools/cross-check-classic.mjs hashes the 304 stored
 * messages with OpenSSL (SM3; Whirlpool through its legacy provider), coreutils' `cksum -a sm3`, Python's hashlib
 * and RHash (Whirlpool, Tiger), each tool once over all of them, and exits 1 on any disagreement. Its report must
 * also be the stored one (vectors/classic-cross-check.txt) but for the tools' versions, so the log says what runs.
 * `node` by name: the portable suite runs this file under Bun and Deno too, and the script is Node's.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { readVector, vectorPath } from './helpers/common.js';

/** The report's lines, the comments (the command, the tools' versions) left out. */
const body = (report: string): string[] => report.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

test('OpenSSL, cksum, hashlib and RHash give BouncyCastle’s SM3, Whirlpool and Tiger digests of all 304 messages', () => {
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
}, 60_000);
