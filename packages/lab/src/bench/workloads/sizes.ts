/** The sizes workload: one-shot digests of pseudo-random inputs of each `--sizes` size, bytes in (throughput). */
import type { Prepared } from '../../rows.js';
import { outputCall } from '../timed.js';
import { hexVerdict, mibPerSecond, type WorkloadSpec } from './workload.js';

export const sizes: WorkloadSpec = {
  name: 'sizes',
  byDefault: true,
  inPage: true,
  unit: 'MiB/s',
  exact: false,
  cellSizes: (settings) => settings.sizes,
  algorithmsOf: (row) => row.algorithms,
  labelsSize: true,
  comparesBySize: true,
  async check(cell, p, x) {
    if (!p.bytes) return 'unavailable';
    const input = x.input(cell.size);
    cell.input = input;
    cell.expected = await x.digestHex(cell.algorithm, `sizes:${cell.size}`, input);
    return hexVerdict(await p.bytes(input), cell.expected);
  },
  async timed(cell, p) {
    return outputCall(p.bytes as NonNullable<Prepared['bytes']>, cell.input as Uint8Array, p.async, cell.expected);
  },
  rate: mibPerSecond,
  title: ({ sizeText }) => `throughput, ${sizeText} inputs (one-shot)`,
};
