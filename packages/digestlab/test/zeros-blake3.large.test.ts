/**
 * Large tier: a zero stream for BLAKE3 (32 bytes out), against Debian's b3sum 1.2.0 (vectors/zeros.json, written by
 * `node scripts/vectors/zero-vectors.mjs --algorithms BLAKE3-256 --max 4294967301`). BLAKE3 encodes no length; its one
 * counter, of 1 KiB chunks, wraps 32 bits at 4 TiB (blake3.test.ts reaches it by state import). These sizes are where
 * a byte or bit count kept in 32 bits would break, and 2^32 + 5 bytes is 4 MiB of chunks past 2^22 of them, the
 * chaining-value stack 22 deep. Clones at every size test the stack's copy too.
 *
 * `ts` as well as `wasm`: measured 37.9 s of CPU for `ts` (113 MB/s; 135 s wall at load average 10 on 2 cores),
 * 4.2 s for `wasm` (7 s wall).
 */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['BLAKE3-256'], ['wasm', 'ts']);
