import { describe, expect, it } from 'vitest';
import { defaultReference, randomBytes } from '../src/engine.js';
import { PEERS } from '../src/peers/index.js';
import { bytesHex, outputHex } from '../src/rows.js';
import { SEED_INPUT, SEED_JAVA_HEX } from '../src/seed.js';

// Correctness of every adapter (no timing): the seed string against Java's digests, bytes and streams against
// node:crypto. If an adapter called its library wrongly, the bench would show it WRONG; this catches it earlier.
describe('peer adapters', () => {
  const ref = defaultReference();
  for (const row of PEERS) {
    it(`${row.id}: seed digests match Java's, bytes and streams match node:crypto`, async () => {
      for (const algorithm of row.algorithms) {
        const p = await row.prepare(algorithm);
        const java = SEED_JAVA_HEX[algorithm];
        expect(p.hex, `${row.id} has a seed call`).toBeDefined();
        if (java && p.hex) expect(await p.hex(SEED_INPUT), `${row.id} ${algorithm} seed`).toBe(java);
        const expected = await ref.digest(algorithm, randomBytes(1000));
        if (!expected) continue; // MD2: node:crypto has none; js-md2 has no byte input anyway
        if (p.bytes) {
          expect(outputHex(await p.bytes(randomBytes(1000))), `${row.id} ${algorithm} bytes`).toBe(bytesHex(expected));
        }
        if (p.stream) {
          const h = await p.stream();
          const data = randomBytes(1000);
          h.update(data.subarray(0, 300).slice());
          h.update(data.subarray(300).slice());
          expect(outputHex(h.finish()), `${row.id} ${algorithm} stream`).toBe(bytesHex(expected));
        }
      }
    });
  }

  it('every peer declares its package, what it is implemented in, and at least one algorithm', () => {
    for (const row of PEERS) {
      expect(row.library).toMatch(/^[@a-z]/);
      expect(['TypeScript', 'JavaScript', 'WebAssembly', 'OpenSSL', 'WebCrypto']).toContain(row.implementedIn);
      expect(row.algorithms.length).toBeGreaterThan(0);
    }
  });
});
