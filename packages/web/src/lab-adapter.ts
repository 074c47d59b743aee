/**
 * The page's one seam to the lab's engine: every call into it (which rows exist, running a bench, reading its
 * progress) goes through here, so when the engine's API changes (runBench split into plan, check, time and report)
 * this file is the only one to follow.
 */
import { allRows, type BenchOptions, type BenchReport, type Host, type Progress, runBench } from '@digestlab/lab';
import {
  type Breathe,
  inProcessRunner,
  keccakReference,
  type OverflowAsk,
  type OverflowEvent,
  type OverflowPlan,
  type OverflowSession,
  parseZeroVectors,
  planOverflow,
  resolveRun,
  runOverflow,
} from '@digestlab/lab/overflow';
import zerosText from '../../../vectors/zeros.json?raw';
import type { RowInfo } from './protocol.js';

/** Known reasons a peer cannot load in a browser, said in words (the raw error is kept after them). */
const WHY_NOT: Readonly<Record<string, string>> = {
  'sha.js': "needs Node's Buffer (through its safe-buffer dependency), which browsers do not have",
};

/**
 * Every row, with why it cannot run here: the row's own reason (a provider this runtime lacks), or the error its
 * library gave when loaded and prepared for its first algorithm. Loading each peer once here is what a run does
 * anyway; it lets the page offer only what works.
 */
export async function rowsHere(host: Host): Promise<RowInfo[]> {
  const out: RowInfo[] = [];
  for (const row of allRows(host)) {
    let unavailable = row.unavailableReason?.();
    if (!unavailable && row.algorithms.length === 0) unavailable = 'computes none of the algorithms here';
    if (!unavailable) {
      try {
        await row.prepare(row.algorithms[0]);
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        const why = WHY_NOT[row.library];
        unavailable = why ? `${why} (loading it threw: ${error})` : `cannot load here: ${error}`;
      }
    }
    out.push({
      id: row.id,
      library: row.library,
      version: host.versionOf?.(row.library) ?? 'unknown',
      kind: row.kind,
      implementedIn: row.implementedIn,
      algorithms: [...row.algorithms],
      ...(row.note ? { note: row.note } : {}),
      ...(row.optIn ? { optIn: true } : {}),
      ...(unavailable ? { unavailable } : {}),
    });
  }
  return out;
}

/** Runs the bench; throws the engine's UsageError for a bad choice (before anything is timed). */
export function runLab(options: BenchOptions, host: Host): Promise<BenchReport> {
  return runBench(options, host);
}

/** Which cells a progress event is about, as far as its label says. */
export interface CellProgress {
  phase: Progress['phase'];
  /** 0..1 of the phase. */
  fraction: number;
  workload?: string;
  algorithm?: string;
  /** Check phase: the one row being checked; time phase: absent (a whole table row is timed together). */
  provider?: string;
  /** Time phase: "round 2/5". */
  round?: string;
}

/**
 * Reads the engine's progress labels: `seed MD5 wasm` or `sizes MD5 wasm 1048576 B` while checking, and
 * `sizes MD5 1048576 B, 4 rows, round 2/5` while timing (engine.ts, label() and groupLabel()).
 */
export function cellProgress(p: Progress): CellProgress {
  const fraction = p.total === 0 ? 1 : p.done / p.total;
  const timing = /^(\S+) (\S+)(?: \d+ B)?, \d+ rows?, (round \d+\/\d+)$/.exec(p.label);
  if (timing) return { phase: p.phase, fraction, workload: timing[1], algorithm: timing[2], round: timing[3] };
  const check = /^(\S+) (\S+) (\S+)/.exec(p.label);
  if (p.phase === 'check' && check) {
    return { phase: p.phase, fraction, workload: check[1], algorithm: check[2], provider: check[3] };
  }
  return { phase: p.phase, fraction };
}

/**
 * The expected digests of zeros at every counter boundary (2^29±1, 2^32+5, 257 GiB …), bundled: a browser has no
 * node:crypto to stream a reference, so without them every zeros job would be UNCHECKED.
 */
const VECTORS_NAME = 'vectors/zeros.json';

/**
 * Yields to the Worker's event loop (a macrotask through a MessageChannel: setTimeout would be clamped to 4 ms once
 * nested), so the page's Stop, a message, gets in between two updates. About every 50 ms: a stop is felt at once,
 * and the loop loses about nothing.
 */
function breathe(): Breathe {
  const channel = new MessageChannel();
  return {
    everyMs: 50,
    yield: () =>
      new Promise<void>((resolve) => {
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  };
}

export interface OverflowHere {
  plan: OverflowPlan;
  /** Starts the plan's jobs one after another in this realm (the Worker); the page sees them as events. */
  start(onEvent: (e: OverflowEvent) => void): OverflowSession;
}

/**
 * Plans an overflow run as `digestlab overflow` does (the same parsers, so a bad value is the CLI's UsageError), with
 * the stored zero vectors as expected digests. The one streaming reference a page has is hash-wasm's createKeccak,
 * for Keccak, as in the CLI; there is no node:crypto and WebCrypto cannot stream, so other jobs without a stored
 * vector are UNCHECKED and say which rows agree.
 */
export function overflowHere(ask: OverflowAsk, host: Host): OverflowHere {
  const rows = allRows(host);
  const keccak = keccakReference(rows, host.versionOf?.('hash-wasm') ?? null);
  const plan = planOverflow(resolveRun(ask, rows), {
    ...(keccak ? { reference: keccak } : {}),
    vectors: parseZeroVectors(zerosText, VECTORS_NAME),
    vectorsName: VECTORS_NAME,
    versionOf: (library) => host.versionOf?.(library) ?? null,
  });
  return {
    plan,
    start: (onEvent) =>
      runOverflow(plan, { runner: inProcessRunner(rows, { breathe: breathe() }), concurrency: 1, onEvent }),
  };
}
