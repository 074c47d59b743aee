/** The hmac workload: one-shot HMACs of the seed string with a 32-byte key, keyed anew per call, hex out. */
import type { Prepared } from '../../rows.js';
import { HMAC_KEY, SEED_INPUT } from '../../seed.js';
import { hexCall } from '../timed.js';
import { SEED_BYTES } from './seed.js';
import { callsPerSecond, hexVerdict, type WorkloadSpec } from './workload.js';

export const hmac: WorkloadSpec = {
  name: 'hmac',
  byDefault: false,
  inPage: true,
  unit: 'ops/s',
  exact: false,
  cellSizes: () => [SEED_BYTES.length],
  algorithmsOf: (row) => row.hmacAlgorithms ?? [],
  labelsSize: true,
  comparesBySize: false,
  async check(cell, p, x) {
    if (!p.hmac) return 'unavailable';
    cell.input = SEED_INPUT;
    cell.expected = await x.hmacHex(cell.algorithm);
    return hexVerdict(await (await p.hmac(HMAC_KEY))(SEED_INPUT), cell.expected);
  },
  async timed(cell, p) {
    const mac = await (p.hmac as NonNullable<Prepared['hmac']>)(HMAC_KEY);
    return hexCall(mac, cell.input as string, p.async, cell.expected);
  },
  rate: callsPerSecond,
  title: ({ size }) =>
    `HMAC: one-shot HMACs of the seed's ${size}-character string per second, a 32-byte key keyed anew per call, hex out (the algorithm is the digest's)`,
};
