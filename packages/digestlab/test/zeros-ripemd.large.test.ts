/**
 * Large tier: zero streams for RIPEMD-160 (against node:crypto's OpenSSL, which also runs as a provider) and MD4
 * (against OpenSSL's legacy provider, `node --openssl-legacy-provider scripts/zero-vectors.mjs`; node:crypto has it
 * not otherwise). Their 32-bit edges are MD5's, in the same padding code: two streams cover the family.
 */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['RIPEMD160']);
zeroStreamSuite(['MD4'], ['ts', 'wasm']);
