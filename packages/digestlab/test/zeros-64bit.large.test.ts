/** Large tier: zero streams for the SHA-512 family (64-bit words); MD5 to SHA-256 are in zeros-32bit. */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['SHA-384', 'SHA-512', 'SHA-512/224', 'SHA-512/256']);
