/**
 * Rows for engine tests: digests through digestlab's ts provider, so a test controls what is right and wrong; and
 * the overflow tests' broken stand-in and sizes.
 */
import { type AlgorithmName, digestHex, hmacHex } from 'digestlab';
import type { Prepared, Row } from '../src/rows.js';

/**
 * A row computing digests (and, with `hmac`, HMACs) through digestlab's ts provider, optionally corrupted, counting
 * its calls.
 */
export function fakeRow(
  id: string,
  opts: { corrupt?: boolean; algorithms?: AlgorithmName[]; unavailable?: string; hmac?: boolean } = {},
) {
  const calls = { hex: 0, bytes: 0, hmac: 0 };
  const algorithms = opts.algorithms ?? ['MD5', 'SHA-256'];
  const row: Row = {
    id,
    library: 'fake-lib',
    kind: 'peer',
    implementedIn: 'JavaScript',
    algorithms,
    ...(opts.hmac ? { hmacAlgorithms: algorithms } : {}),
    ...(opts.unavailable ? { unavailableReason: () => opts.unavailable } : {}),
    async prepare(algorithm): Promise<Prepared> {
      return {
        async: false,
        hex: (s) => {
          calls.hex++;
          const h = digestHex(algorithm, s, { provider: 'ts' });
          return opts.corrupt ? `${h.startsWith('0') ? '1' : '0'}${h.slice(1)}` : h;
        },
        bytes: (d) => {
          calls.bytes++;
          const h = digestHex(algorithm, d, { provider: 'ts' });
          return opts.corrupt ? `${h.slice(0, -1)}${h.endsWith('0') ? '1' : '0'}` : h;
        },
        ...(opts.hmac
          ? {
              hmac: (key: Uint8Array) => (s: string) => {
                calls.hmac++;
                const h = hmacHex(algorithm, key, s, { provider: 'ts' });
                return opts.corrupt ? `${h.startsWith('0') ? '1' : '0'}${h.slice(1)}` : h;
              },
            }
          : {}),
      };
    },
  };
  return { row, calls };
}

/**
 * The byte and bit totals' edges up to 2^32 + 5 (2^28 ± 1 … 2^32 + 5): the sizes `--size boundaries` picks for a hash
 * with no length field (sponges, BLAKE2, BLAKE3). Written out, not computed the way the plan computes them.
 */
export const BOUNDARIES_TO_4_GIB = [
  268435455, 268435456, 268435457, 536870911, 536870912, 536870913, 2147483647, 2147483648, 2147483649, 4294967295,
  4294967296, 4294967301,
];

/**
 * A stand-in for a broken implementation whose byte total is a 32-bit number (`>>> 0`), as a JavaScript library's
 * `length += n | 0`-style bookkeeping would make it: past 4 GiB it digests the wrapped count of zeros, which
 * `zeros(algorithm, n)` computes with a reference. It hashes nothing while streaming (the zeros are implied), so
 * 2^32 + 5 bytes take a fraction of a second.
 */
export function wraps32Row(
  algorithms: AlgorithmName[],
  zeros: (algorithm: AlgorithmName, n: number) => Uint8Array,
): Row {
  return {
    id: 'wraps32',
    library: 'stand-in',
    kind: 'ours',
    implementedIn: 'TypeScript',
    algorithms,
    async prepare(algorithm) {
      return {
        async: false,
        stream: () => {
          let total = 0;
          return {
            update: (c) => {
              total = (total + c.length) >>> 0;
            },
            finish: () => zeros(algorithm, total),
          };
        },
      };
    },
  };
}
