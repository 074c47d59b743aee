/** The seed workload: the seed's 93-character string hashed to hex, one complete independent hash per call. */
import type { AlgorithmName } from 'digestlab';
import type { Prepared } from '../../rows.js';
import { SEED_INPUT, SEED_JAVA_HEX } from '../../seed.js';
import { type Expectations, ReferenceMismatchError } from '../expected.js';
import { hexCall } from '../timed.js';
import { callsPerSecond, hexVerdict, type WorkloadSpec } from './workload.js';

/** The seed string's bytes (UTF-8 = ASCII): what the seed and hmac workloads hash; its length is their cells' size. */
export const SEED_BYTES: Uint8Array = new TextEncoder().encode(SEED_INPUT);

/**
 * The seed string's expected digest, from the reference, and compared with Java's (vectors/seed-java.txt) on every
 * run: a reference that disagrees would make every verdict wrong, so the run stops.
 */
async function seedHex(algorithm: AlgorithmName, x: Expectations): Promise<string> {
  const hex = await x.digestHex(algorithm, 'seed', SEED_BYTES);
  const java = SEED_JAVA_HEX[algorithm];
  if (java && hex !== java) {
    throw new ReferenceMismatchError(
      `reference ${x.reference.name} gives ${hex} for ${algorithm} of the seed; Java gives ${java}`,
    );
  }
  return hex;
}

export const seed: WorkloadSpec = {
  name: 'seed',
  byDefault: true,
  inPage: true,
  unit: 'ops/s',
  exact: true,
  cellSizes: () => [SEED_BYTES.length],
  algorithmsOf: (row) => row.algorithms,
  labelsSize: false,
  comparesBySize: false,
  async check(cell, p, x) {
    if (!p.hex) return 'unavailable';
    cell.input = SEED_INPUT;
    cell.expected = await seedHex(cell.algorithm, x);
    return hexVerdict(await p.hex(SEED_INPUT), cell.expected);
  },
  async timed(cell, p) {
    return hexCall(p.hex as NonNullable<Prepared['hex']>, cell.input as string, p.async, cell.expected);
  },
  rate: callsPerSecond,
  title: ({ size, unit, count }) =>
    unit === 's'
      ? `seed workload (--exact): seconds for N = ${count} hashes of the seed's ${size}-character string, string to hex`
      : `seed workload: hashes of the seed's ${size}-character string per second, string to hex`,
  seedFigure: true,
};
