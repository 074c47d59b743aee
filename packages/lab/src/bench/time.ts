/**
 * Time: the checked cells timed, a table row's cells together in interleaved rounds (`--exact` seed cells one by
 * one, as the seed did). Produces raw seconds per call on each cell; {@link analyzeCell} turns them into rates.
 */
import type { Prepared, Row } from '../rows.js';
import { prepareSampler, roundOrder, type Sampler, type TimingOptions, timeExact } from '../timing.js';
import { type Cell, describeError, groupLabel, label, tableRows } from './cells.js';
import type { Progress } from './host.js';
import type { TimedCall } from './timed.js';
import { workloadSpec } from './workloads/index.js';

export { readCharsForTests } from './timed.js';

/** A checked cell's timed call, as its workload makes it. */
function timedCall(cell: Cell): Promise<TimedCall> {
  return workloadSpec(cell.workload).timed(cell, cell.prepared as Prepared);
}

/** After timing: throws when the last result differs from the check, marking the cell wrong. */
function checkLast(cell: Cell, timed: TimedCall): void {
  const wrong = timed.lastWrong();
  if (wrong) {
    cell.status = 'wrong';
    throw new Error(wrong);
  }
}

/**
 * At least this long a warm-up for rows that run WebAssembly (ours, `auto`, hash-wasm): V8 runs a function's
 * baseline (Liftoff) code until its optimizing compile finishes in the background, which for an unrolled SHA-512
 * takes longer than the default 60 ms here; measured after 60 ms, our SHA-512 at 64 B read 0.70x node:crypto,
 * after 1 s 1.06x.
 */
export const WASM_WARMUP_MS = 500;

/** The timing options for one row: the warm-up stretched for WebAssembly (see WASM_WARMUP_MS). */
export function warmUpFor(row: Pick<Row, 'implementedIn'>, timing: TimingOptions): TimingOptions {
  const wasm = row.implementedIn === 'WebAssembly' || row.implementedIn === 'mixed';
  return wasm && timing.warmupMs < WASM_WARMUP_MS ? { ...timing, warmupMs: WASM_WARMUP_MS } : timing;
}

/**
 * Times one table row's cells together: a GC, every cell warmed up (and its batch sized), then `samples` rounds,
 * each a GC and one sample of every cell, in {@link roundOrder}. Each sample is taken in two parts of about half
 * the batch, the second pass in reverse order (A B C, then C B A): every cell's sample is then centred on the same
 * moment of the round, so a drift that is steady over a round cancels (interleaved whole samples, A B C, leave the
 * drift between A's moment and C's; with a ±30% drift over seconds, a few percent). A cell that throws is marked
 * wrong and sits out the remaining rounds; the others keep their places in the order. Each cell's seconds per call
 * go to `cell.seconds`.
 */
async function timeTogether(
  group: readonly Cell[],
  timing: TimingOptions,
  failed: (cell: Cell, e: unknown) => void,
  onRound: (round: number) => void,
): Promise<void> {
  const live: { cell: Cell; timed: TimedCall; sampler: Sampler; seconds: number[] }[] = [];
  timing.gc?.();
  for (const cell of group) {
    try {
      const timed = await timedCall(cell);
      const sampler = await prepareSampler(timed.call, timed.isAsync, warmUpFor(cell.row, timing));
      live.push({ cell, timed, sampler, seconds: [] });
    } catch (e) {
      failed(cell, e);
    }
  }
  const ms = new Array<number>(live.length);
  for (let round = 0; round < timing.samples; round++) {
    onRound(round);
    timing.gc?.();
    const order = roundOrder(live.length, round);
    // each sample in two halves, the second pass in reverse order: every cell's sample is centred on the same moment
    for (const [part, pass] of [[0, order] as const, [1, [...order].reverse()] as const]) {
      for (const i of pass) {
        const { cell, sampler, seconds } = live[i];
        if (cell.status !== 'ok') continue;
        try {
          const t = await sampler.part(round, part);
          if (part === 0) ms[i] = t;
          else seconds.push((ms[i] + t) / sampler.batch / 1000);
        } catch (e) {
          failed(cell, e);
        }
      }
    }
  }
  for (const { cell, timed, seconds } of live) {
    if (cell.status !== 'ok') continue;
    cell.seconds = seconds;
    try {
      checkLast(cell, timed);
    } catch (e) {
      failed(cell, e);
    }
  }
}

// The cells of one table row (same workload, algorithm and size: the cells whose ratios the
// tables print) are timed together, interleaved: all warmed up, then sample k of every cell in round k, in an order
// that changes from round to round (roundOrder), with a GC before each round when the host can. The machine's
// speed drifts; interleaved, a slow moment slows every cell of the row alike instead of the one being timed.
// (`--isolate` runs one provider × algorithm per engine run: there every group has one cell.)
export async function timeCells(
  cells: readonly Cell[],
  timing: TimingOptions,
  exact: { exact: boolean; count: number },
  onProgress: (p: Progress) => void,
  onTimed: (cell: Cell) => void,
): Promise<string[]> {
  const { count } = exact;
  const toTime = cells.filter((c) => c.status === 'ok');
  const messages: string[] = [];
  const failed = (cell: Cell, e: unknown) => {
    cell.status = 'wrong';
    messages.push(`WRONG ${label(cell)}: threw while timed: ${describeError(e)}`);
  };
  let done = 0;
  for (const group of tableRows(toTime)) {
    if (exact.exact && workloadSpec(group[0].workload).exact) {
      // --exact: the seed's own method, N calls once per cell, one cell after another
      for (const cell of group) {
        onProgress({ phase: 'time', done, total: toTime.length, label: label(cell) });
        try {
          const timed = await timedCall(cell);
          cell.seconds = [await timeExact(timed.call, timed.isAsync, count, timing.gc, timing.now)];
          checkLast(cell, timed);
        } catch (e) {
          failed(cell, e);
        }
        done++;
        onTimed(cell);
      }
      continue;
    }
    const name = groupLabel(group);
    await timeTogether(group, timing, failed, (round) =>
      onProgress({
        phase: 'time',
        done,
        total: toTime.length,
        label: `${name}, round ${round + 1}/${timing.samples}`,
      }),
    );
    done += group.length;
    for (const cell of group) onTimed(cell);
  }
  onProgress({ phase: 'time', done, total: toTime.length, label: 'done' });
  return messages;
}
