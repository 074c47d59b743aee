/**
 * Large tier: zero streams for RIPEMD-160 (against node:crypto's OpenSSL, which also runs as a provider) and MD4
 * (against OpenSSL's legacy provider, `node --openssl-legacy-provider scripts/vectors/zero-vectors.mjs`; node:crypto
 * has it not otherwise). Their 32-bit edges are MD5's, in the same padding code: two streams cover the family.
 * RIPEMD-128, -256 and -320 on the wasm provider, against BouncyCastle's digests (the only program here that has
 * them: `scripts/vectors/zero-vectors.mjs --algorithms RIPEMD128,RIPEMD256,RIPEMD320`, through
 * vectors/tools/BcVectors.java).
 */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['RIPEMD160']);
zeroStreamSuite(['MD4'], ['ts', 'wasm']);
zeroStreamSuite(['RIPEMD128', 'RIPEMD256', 'RIPEMD320'], ['wasm']);
