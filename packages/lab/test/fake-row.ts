/** Rows for engine tests: digests through digestlab's ts provider, so a test controls what is right and wrong. */
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
