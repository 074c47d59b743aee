/**
 * Large tier: zero streams for Whirlpool and Tiger, on the wasm provider, against RHash's digests in
 * vectors/zeros.json (`scripts/vectors/zero-vectors.mjs`: `rhash --whirlpool --tiger`, one run per size; node:crypto
 * has neither). Their ts provider runs the same padding and buffering code (merkle-damgard.ts) as the wasm one, which
 * boundaries.test.ts holds to the BigInt finalizer at every boundary by state import.
 */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['WHIRLPOOL', 'TIGER'], ['wasm']);
