/** The stream workload: one long-lived digest fed the same chunk over and over (bytes per update: the cell's size). */
import type { Prepared } from '../../rows.js';
import { hexVerdict, mibPerSecond, type WorkloadSpec } from './workload.js';

/** Updates in the check: enough to cross block boundaries at any chunk size and to finish once. */
const CHECK_UPDATES = 3;

/** `chunk` repeated `times` times: what the check's stream hashed, for the reference's one-shot digest. */
function repeated(chunk: Uint8Array, times: number): Uint8Array {
  const all = new Uint8Array(chunk.length * times);
  for (let i = 0; i < times; i++) all.set(chunk, i * chunk.length);
  return all;
}

export const stream: WorkloadSpec = {
  name: 'stream',
  byDefault: false,
  // a long-lived digest fed one chunk says little more in a tab than the sizes workload at that size
  inPage: false,
  unit: 'MiB/s',
  exact: false,
  cellSizes: (settings) => [settings.streamChunk],
  algorithmsOf: (row) => row.algorithms,
  labelsSize: true,
  comparesBySize: true,
  async check(cell, p, x) {
    if (!p.stream) return 'unavailable';
    const chunk = x.input(cell.size);
    cell.input = chunk;
    const h = await p.stream();
    for (let i = 0; i < CHECK_UPDATES; i++) h.update(chunk);
    const got = h.finish();
    cell.expected = await x.digestHex(cell.algorithm, `stream:${cell.size}`, repeated(chunk, CHECK_UPDATES));
    return hexVerdict(got, cell.expected);
  },
  async timed(cell, p) {
    const h = await (p.stream as NonNullable<Prepared['stream']>)();
    const chunk = cell.input as Uint8Array;
    return {
      call: () => h.update(chunk),
      isAsync: p.async,
      // the digest is finished (the updates' work consumed) but not compared: no check hashed that many updates
      lastWrong: () => {
        h.finish();
        return undefined;
      },
    };
  },
  rate: mibPerSecond,
  title: ({ sizeText }) => `streaming: ${sizeText} updates into one digest`,
};
