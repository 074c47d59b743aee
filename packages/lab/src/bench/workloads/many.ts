/**
 * The many workload: N independent messages of S bytes per call (`--many-count`, `--many-size`), messages per second:
 * a row's batch API (`digestMany`) or the loop a user writes.
 */
import type { AlgorithmName } from 'digestlab';
import { type Output, outputHex, type Prepared } from '../../rows.js';
import { type Expectations, randomBytes } from '../expected.js';
import type { WorkloadSpec } from './workload.js';

export type Many = (messages: readonly Uint8Array[]) => readonly Output[];

/**
 * How a row hashes many messages: its own `many` (a batch API, or the loop a user writes with it), else a loop of
 * its `bytes()` calls into an array, the results kept as a batch API's are. Async rows have none (a loop of
 * awaited calls would time the event loop more than the digests).
 */
export function manyOf(p: Prepared): Many | undefined {
  if (p.many) return p.many;
  const bytes = p.bytes;
  if (!bytes || p.async) return undefined;
  return (messages) => {
    const out = new Array<Output>(messages.length);
    for (let i = 0; i < messages.length; i++) out[i] = bytes(messages[i]) as Output;
    return out;
  };
}

/**
 * Checks a batch of digests against the expected ones: the count, then every digest in order. All N are compared,
 * not a sample: 10,000 hex comparisons take a few milliseconds, and a batch API can be wrong in just one place (a
 * SIMD lane mixed up, a message of odd length padded wrongly, one result overwritten by the next) that a sample
 * would miss. Returns what is wrong, or undefined.
 */
export function manyMismatch(got: readonly Output[], expected: readonly string[]): string | undefined {
  if (!got || got.length !== expected.length) {
    return `returned ${got?.length ?? 'no'} digests for ${expected.length} messages`;
  }
  let wrong = 0;
  let first = -1;
  for (let i = 0; i < expected.length; i++) {
    if (outputHex(got[i]) !== expected[i]) {
      wrong++;
      if (first < 0) first = i;
    }
  }
  if (wrong === 0) return undefined;
  return `${wrong} of ${expected.length} digests differ; message ${first}: got ${outputHex(got[first]).slice(0, 40)}…, expected ${expected[first].slice(0, 40)}…`;
}

/** The run's N messages of S bytes, each its own Uint8Array (as a user's separate messages are), made once. */
function messagesOf(x: Expectations): Uint8Array[] {
  return x.once('many|messages', () => {
    const { manyCount, manySize } = x.shape;
    const all = randomBytes(manyCount * manySize, 0x85ebca6b);
    return Array.from({ length: manyCount }, (_, i) => all.slice(i * manySize, (i + 1) * manySize));
  });
}

/** Each message's expected digest from the reference, computed once per algorithm. */
function expectedOf(x: Expectations, algorithm: AlgorithmName): Promise<string[]> {
  return x.once(`many|${algorithm}`, async () => {
    const out: string[] = [];
    for (const m of messagesOf(x)) out.push(await x.referenceHex(algorithm, m));
    return out;
  });
}

export const many: WorkloadSpec = {
  name: 'many',
  byDefault: false,
  inPage: true,
  unit: 'msg/s',
  exact: false,
  cellSizes: (settings) => [settings.manySize],
  algorithmsOf: (row) => row.algorithms,
  labelsSize: true,
  comparesBySize: true,
  async check(cell, p, x) {
    const hashMany = manyOf(p);
    if (!hashMany) return 'unavailable';
    cell.messages = messagesOf(x);
    cell.expectedMany = await expectedOf(x, cell.algorithm);
    const wrong = manyMismatch(hashMany(cell.messages), cell.expectedMany);
    return wrong ? { wrong } : 'ok';
  },
  async timed(cell, p) {
    const hashMany = manyOf(p) as Many;
    const messages = cell.messages as Uint8Array[];
    let sink: readonly Output[] = [];
    return {
      call: () => {
        sink = hashMany(messages);
      },
      isAsync: p.async,
      lastWrong: () => {
        const wrong = manyMismatch(sink, cell.expectedMany as string[]);
        return wrong && `its last timed batch: ${wrong}`;
      },
    };
  },
  rate: (cell, seconds) => (cell.messages?.length ?? 0) / seconds,
  countOf: (plan) => plan.manyCount,
  title: ({ sizeText, manyCount }) =>
    `many messages: ${manyCount ?? '?'} independent ${sizeText} messages per call, messages per second (a loop of one-shot calls; digestMany: one call)`,
  batchComparison: true,
};
