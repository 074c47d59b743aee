/**
 * b3sum itself, for overflow-blake3.test.ts: one of the BLAKE3 digests of zeros that vectors/zeros.json stores from
 * Debian's b3sum 1.2.0 (`node scripts/vectors/zero-vectors.mjs --algorithms BLAKE3-256`), recomputed by the installed
 * b3sum.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { parseZeroVectors } from '../src/overflow/index.js';

requireProgram('b3sum');
const zeros = parseZeroVectors(readFileSync(join(import.meta.dirname, '../../../vectors/zeros.json'), 'utf8'));

describe('overflow plan: BLAKE3', () => {
  it('one stored digest checked by b3sum again here: 2^28 zero bytes', () => {
    const hex = execSync(`head -c ${2 ** 28} /dev/zero | b3sum --no-names`, { encoding: 'utf8' }).trim();
    expect(zeros.digests['BLAKE3-256']?.['268435456']).toBe(hex);
  });
});
