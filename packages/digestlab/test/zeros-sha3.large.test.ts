/**
 * Large tier: zero streams for SHA3-256 and SHAKE128 (its default 16 bytes). A sponge has no length counter, so
 * no boundary of its own; these sizes are where the Merkle–Damgård hashes break, and where a byte count or an
 * offset kept in 32 bits would break anything (libgcrypt's one-shot SHA-3 did at 4 GB: length-bugs notes).
 */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['SHA3-256', 'SHAKE128']);
