/** Large tier: zero streams for the algorithms with 32-bit words; the SHA-512 family is in zeros-64bit. */
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['MD5', 'SHA-1', 'SHA-224', 'SHA-256', 'SM3']);
