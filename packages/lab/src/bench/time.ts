/**
 * Time: the checked cells timed, a table row's cells together in interleaved rounds (`--exact` seed cells one by
 * one, as the seed did). Produces raw seconds per call on each cell; {@link analyzeCell} turns them into rates.
 */
import { type Output, outputHex, type Prepared, type Row } from '../rows.js';
import { HMAC_KEY } from '../seed.js';
import { type Call, prepareSampler, roundOrder, type Sampler, type TimingOptions, timeExact } from '../timing.js';
import { type Cell, describeError, groupLabel, label, type Many, manyMismatch, manyOf, tableRows } from './cells.js';
import type { Progress } from './host.js';

let readChars = 0;
/**
 * Reads a hex result as whoever asked for it would (compares, prints, sends it): a string built by concatenation
 * is a rope in V8 until a character is read, and flattening it then costs as much as building it; node:crypto and
 * TextDecoder return flat strings. Reading one character makes every row pay for a usable string.
 */
function read(hex: string): string {
  readChars += hex.charCodeAt(hex.length - 1);
  return hex;
}
/** (So that `read` cannot be optimised away.) */
export const readCharsForTests = (): number => readChars;

/** A cell's timed call, and the check of its last result once timing is over. */
interface TimedCall {
  call: Call;
  isAsync: boolean;
  /** After the last timed call: throws when the last result differs from the check (marking the cell wrong). */
  check(): void;
}

async function timedCall(cell: Cell): Promise<TimedCall> {
  const p = cell.prepared as Prepared;
  // Every call's result goes to `sink`, and the last one is checked again after timing: the work is consumed, so it
  // cannot be optimised away, and a row that goes wrong once warm is caught.
  let sink: unknown;
  let call: Call;
  let finish: (() => void) | undefined;
  if (cell.workload === 'many') {
    const many = manyOf(p) as Many;
    const messages = cell.messages as Uint8Array[];
    call = () => {
      sink = many(messages);
    };
  } else if (cell.workload === 'hmac') {
    const f = await (p.hmac as NonNullable<Prepared['hmac']>)(HMAC_KEY);
    const s = cell.input as string;
    call = p.async
      ? async () => {
          sink = read(await f(s));
        }
      : () => {
          sink = read(f(s) as string);
        };
  } else if (cell.workload === 'seed' || cell.workload === 'sizes') {
    const input = cell.input;
    if (cell.workload === 'seed') {
      const f = p.hex as NonNullable<Prepared['hex']>;
      const s = input as string;
      call = p.async
        ? async () => {
            sink = read(await f(s));
          }
        : () => {
            sink = read(f(s) as string);
          };
    } else {
      const f = p.bytes as NonNullable<Prepared['bytes']>;
      const d = input as Uint8Array;
      call = p.async
        ? async () => {
            sink = await f(d);
          }
        : () => {
            sink = f(d);
          };
    }
  } else {
    const h = await (p.stream as NonNullable<Prepared['stream']>)();
    const chunk = cell.input as Uint8Array;
    call = () => h.update(chunk);
    finish = () => {
      sink = h.finish();
    };
  }
  const check = () => {
    finish?.();
    if (cell.workload === 'many') {
      const wrong = manyMismatch(sink as Output[], cell.expectedMany as string[]);
      if (wrong) {
        cell.status = 'wrong';
        throw new Error(`its last timed batch: ${wrong}`);
      }
    } else if (cell.workload !== 'stream' && outputHex(sink as Output) !== cell.expected) {
      cell.status = 'wrong';
      throw new Error(`its last timed output ${outputHex(sink as Output).slice(0, 40)}… differs from the check`);
    }
  };
  return { call, isAsync: p.async, check };
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
      timed.check();
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
    if (exact.exact && group[0].workload === 'seed') {
      // --exact: the seed's own method, N calls once per cell, one cell after another
      for (const cell of group) {
        onProgress({ phase: 'time', done, total: toTime.length, label: label(cell) });
        try {
          const timed = await timedCall(cell);
          cell.seconds = [await timeExact(timed.call, timed.isAsync, count, timing.gc, timing.now)];
          timed.check();
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
