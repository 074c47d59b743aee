/**
 * BLAKE3 against Debian's b3sum run now (npm run test:refs; npm test reads what it printed from
 * vectors/blake3/b3sum.json): fresh random inputs, keys, contexts and output lengths through every provider, and the
 * stored digests made again by scripts/vectors/b3sum-vectors.mjs --check.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { b3sumOf } from '../../../scripts/vectors/b3sum-vectors.mjs';
import { digestHex, type ProviderChoice, providers } from '../src/index.js';

const PROVIDERS: ProviderChoice[] = [
  'auto',
  ...providers()
    .filter((p) => p.algorithms.includes('BLAKE3-256'))
    .map((p) => p.id),
];

describe('against b3sum, run now', () => {
  it('every provider agrees with the program on random inputs, keys, contexts, output lengths', () => {
    requireProgram('b3sum');
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 5000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.oneof(
          fc.constant({}),
          fc.uint8Array({ minLength: 32, maxLength: 32 }).map((key) => ({ key })),
          fc.string({ maxLength: 40 }).map((context) => ({ context })),
        ),
        (data, outputLength, mode) => {
          const [expected] = b3sumOf([data], outputLength, mode);
          for (const provider of PROVIDERS)
            expect(digestHex('BLAKE3', data, { provider, outputLength, ...mode })).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('b3sum still gives every digest of vectors/blake3/b3sum.json (scripts/vectors/b3sum-vectors.mjs --check)', () => {
    requireProgram('b3sum');
    const script = fileURLToPath(new URL('../../../scripts/vectors/b3sum-vectors.mjs', import.meta.url));
    // --check exits 1 and names what differs
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
