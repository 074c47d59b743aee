/**
 * The classic algorithms against RHash run now (npm run test:refs; npm test reads what it printed from vectors/):
 * the whole cross-check of BouncyCastle's 304 messages (vectors/tools/cross-check-classic.mjs, RHash included) must
 * print the stored report.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/reference-programs.mjs';
import { readVector, vectorPath } from './helpers/common.js';

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
});
