/**
 * Large tier: zero streams for BLAKE2b-512 and BLAKE2s-256 up to 2^32 + 5 bytes, against OpenSSL's digests in
 * vectors/zeros.json (`node scripts/vectors/zero-vectors.mjs --algorithms BLAKE2B-512,BLAKE2S-256 --max 4294967301`:
 * node:crypto, one pass with a copy at each size; `head -c 4294967301 /dev/zero | openssl dgst -blake2s256` and
 * `-blake2b512` print the same at 2^32 + 5). BLAKE2s keeps its byte counter in two 32-bit words, t0 and t1: past
 * 2^32 bytes t0 wraps into t1, the carry haifa.ts makes by division; BLAKE2b's low 64-bit word is two 32-bit
 * halves in our TypeScript, which carry the same way (our WebAssembly's counter is an i64, carried in JavaScript
 * between its runs of blocks). Every provider that has the algorithm here: `ts`, `wasm` and `node` (the provider
 * list is the library's, helpers/common.ts).
 */
import type { AlgorithmName } from '../src/index.js';
import { CASE_PROVIDERS } from './helpers/common.js';
import { zeroStreamSuite } from './helpers/zero-suite.js';

for (const algorithm of ['BLAKE2B-512', 'BLAKE2S-256'] as AlgorithmName[]) {
  const providers = (['ts', 'wasm', 'node'] as const).filter((id) =>
    CASE_PROVIDERS.some((p) => p.id === id && p.algorithms.includes(algorithm)),
  );
  zeroStreamSuite([algorithm], providers);
}
