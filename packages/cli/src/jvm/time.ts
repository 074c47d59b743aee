/**
 * The JVM rows' timing (the lab's `Host.timeCells`): each table row's checked JVM cells timed together inside the
 * JVM, with the lab's notion of a sample (a batch sized to the sample time, each sample in two halves, the second
 * pass in reverse order, rounds in the lab's balanced order) and a JIT warm-up of at least 10^5 calls per case.
 */
import { type Cell, cellLabel, lastOutputWrong, roundOrder, type TimingOptions, tableRows } from '@digestlab/lab';
import type { GroupRequest, JvmCase } from './protocol.js';
import type { JvmInputs } from './rows.js';
import type { JvmSession } from './session.js';

/** Calls each case makes before it is timed: HotSpot's C2 has compiled the whole call long before. */
export const MIN_WARMUP_CALLS = 100_000;
/**
 * Above this many bytes a call, the warm-up is counted in bytes instead: 10^5 calls of 128 B (12.8 MB, 10^5
 * compressions of the largest block), so a 1 MiB case warms up with 13 calls (213,000 compressions), not 10^5 calls
 * (100 GiB, minutes a case).
 */
export const WARMUP_BYTES_PER_CALL = 128;

/** The warm-up calls of a case whose calls hash `size` bytes. */
export function warmupCalls(size: number): number {
  return size <= WARMUP_BYTES_PER_CALL
    ? MIN_WARMUP_CALLS
    : Math.ceil((MIN_WARMUP_CALLS * WARMUP_BYTES_PER_CALL) / size);
}

/** The group request of one table row's cells. */
export function groupOf(cells: readonly Cell[], inputs: Pick<JvmInputs, 'keyOf'>, timing: TimingOptions): GroupRequest {
  const cases: JvmCase[] = cells.map((c) => ({
    row: c.row.id,
    algorithm: c.algorithm,
    kind: c.workload === 'seed' ? 'hex' : 'bytes',
    inputKey: inputs.keyOf(c.input as string | Uint8Array),
  }));
  return {
    sampleMs: timing.sampleMs,
    samples: timing.samples,
    warmupMs: timing.warmupMs,
    minWarmupCalls: warmupCalls(cells[0].size),
    cases,
    orders: Array.from({ length: timing.samples }, (_, round) => roundOrder(cases.length, round)),
  };
}

/** Times the checked cells in the JVM, one table row at a time; returns the messages of the cells that went wrong. */
export async function timeInJvm(
  session: Pick<JvmSession, 'group'>,
  inputs: Pick<JvmInputs, 'keyOf'>,
  cells: readonly Cell[],
  timing: TimingOptions,
  onTimed: (cell: Cell) => void,
  onGroup: (done: number, total: number, label: string) => void = () => undefined,
): Promise<string[]> {
  const messages: string[] = [];
  const groups = tableRows(cells.filter((c) => c.status === 'ok'));
  for (const [i, group] of groups.entries()) {
    onGroup(i, groups.length, `JVM: ${group[0].workload} ${group[0].algorithm}, ${group.length} rows`);
    const replies = await session.group(groupOf(group, inputs, timing));
    for (const [k, cell] of group.entries()) {
      const r = replies[k];
      const wrong = r.type === 'error' ? `threw while timed: ${r.message}` : lastOutputWrong(r.lastHex, cell.expected);
      if (wrong) {
        cell.status = 'wrong';
        messages.push(`WRONG ${cellLabel(cell)}: ${wrong}`);
      } else if (r.type === 'timed') cell.seconds = r.seconds;
      onTimed(cell);
    }
  }
  onGroup(groups.length, groups.length, 'done');
  return messages;
}
