/**
 * The timing core: a batch of calls between two timer reads, divided by the batch size.
 *
 * Why batches (and not tinybench's one timer read per call): the seed workload is one 93-character hash, ~0.3–3 µs
 * a call, and a timer read costs tens of ns (more on a busy machine); timing each call would land that cost in
 * every short sample. A warm-up of `warmupMs` measures the call's rough cost, then the batch is sized so each sample
 * lasts about `sampleMs`.
 *
 * The loop is mitata's (which took the samples here before): generated per timed case, unrolled 4× for batches of
 * 64 or more, awaiting each call when the function is async. Generated, so that each case's loop has its own call
 * site and JIT feedback (one shared loop calling every row would be megamorphic and inline none of them), and each
 * from a source text of its own: V8 caches `new Function` by its source, feedback included, so loops generated from
 * the same text shared one call site after all (see {@link generateLoop}). Ours
 * rather than mitata's `measure` because the engine takes one sample at a time, in two parts, interleaving the
 * cases of a table row (see engine.ts), and `measure` takes all of a case's samples in one call.
 */

export interface TimingOptions {
  /** Target duration of one sample, ms. */
  sampleMs: number;
  /** Samples per case (at least 5 in the CLI). */
  samples: number;
  /** Warm-up before sampling, ms (at least 1 call). */
  warmupMs: number;
  /** A full garbage collection, when the host can (see the engine for when it runs). */
  gc?: () => void;
  /** The clock, ms. Default `performance.now()`; tests pass a fake one. */
  now?: () => number;
}

export type Call = () => unknown;

const performanceNow = (): number => performance.now();

/** Runs `call` for about `ms` (at least `minCalls` times) and returns the mean ms per call. */
async function warmUp(call: Call, isAsync: boolean, ms: number, now: () => number, minCalls: number): Promise<number> {
  let calls = 0;
  const t0 = now();
  let t = t0;
  while (calls < minCalls || t - t0 < ms) {
    if (isAsync) await call();
    else call();
    calls++;
    t = now();
  }
  return (t - t0) / calls;
}

/** One case, warmed up and with its batch sized. */
export interface Sampler {
  /** Calls per sample. */
  readonly batch: number;
  /** Times one sample, the whole batch at once; returns seconds per call. */
  sample(): Promise<number>;
  /**
   * Times part 0 or 1 of round `round`'s sample, each about half the batch (the odd call or group of calls goes to
   * part 0 in even rounds, to part 1 in odd ones); returns the elapsed ms, 0 for a part with no calls. The two parts
   * of a round together are one sample of `batch` calls.
   */
  part(round: number, part: 0 | 1): Promise<number>;
}

type Loop = (fn: Call, now: () => number, iterations: number) => number | Promise<number>;

/** How many loops this process has generated: each loop's source names its own number. */
let loops = 0;

/**
 * A fresh loop of `unroll` calls an iteration, returning elapsed ms: its own function, so its own JIT feedback. Its
 * source text is unique: V8's compilation cache hands `new Function` of a text it has seen the same function and
 * feedback again, so every case's loop was one call site, megamorphic after a few rows, inlining only the first
 * cases timed (a loop of tiny calls ran 5x slower as the seventh case than with a text of its own; the seed rows'
 * ratios moved by ±20% with the order of the rows: docs/decisions/bench-loop-per-case.md).
 */
export function generateLoop(unroll: number, isAsync: boolean): Loop {
  const call = isAsync ? 'await $fn();' : '$fn();';
  const body = Array.from({ length: unroll }, () => call).join(' ');
  const source = `return ${isAsync ? 'async ' : ''}function batch${++loops}($fn, $now, $n) {
    const t0 = $now();
    for (let i = 0; i < $n; i++) { ${body} }
    return $now() - t0;
  };`;
  try {
    return new Function(source)() as Loop;
  } catch {
    // a Content-Security-Policy without 'unsafe-eval' (a host's header on the page's Worker): one shared loop
    return sharedLoop(unroll, isAsync);
  }
}

/**
 * The loop where code cannot be generated: `unroll` calls an iteration as the generated ones make, but one call
 * site for every case (feedback shared between cases, which {@link generateLoop} exists to avoid).
 */
function sharedLoop(unroll: number, isAsync: boolean): Loop {
  if (isAsync) {
    return async (fn, now, n) => {
      const t0 = now();
      for (let i = 0; i < n; i++) for (let j = 0; j < unroll; j++) await fn();
      return now() - t0;
    };
  }
  return (fn, now, n) => {
    const t0 = now();
    for (let i = 0; i < n; i++) for (let j = 0; j < unroll; j++) fn();
    return now() - t0;
  };
}

/**
 * Warms `call` up for `warmupMs` (at least one call) and sizes its batch so a sample lasts about `sampleMs`.
 * Every call is complete and independent; an async call is awaited before the next starts.
 */
export async function prepareSampler(
  call: Call,
  isAsync: boolean,
  options: Pick<TimingOptions, 'sampleMs' | 'warmupMs' | 'now'>,
): Promise<Sampler> {
  const now = options.now ?? performanceNow;
  const perCallMs = await warmUp(call, isAsync, options.warmupMs, now, 1);
  const wanted = Math.max(1, Math.round(options.sampleMs / Math.max(perCallMs, 1e-6)));
  const unroll = wanted >= 64 ? 4 : 1;
  const iterations = Math.ceil(wanted / unroll);
  const batch = iterations * unroll;
  const loop = generateLoop(unroll, isAsync);
  return {
    batch,
    async sample() {
      const ms = await loop(call, now, iterations);
      return ms / batch / 1000;
    },
    async part(round, part) {
      const first = round % 2 === 0 ? Math.ceil(iterations / 2) : Math.floor(iterations / 2);
      const n = part === 0 ? first : iterations - first;
      return n === 0 ? 0 : await loop(call, now, n);
    },
  };
}

/**
 * Times one case on its own: a GC, the warm-up, a GC, then `samples` samples back to back. Returns seconds per call,
 * one value per sample. (The engine interleaves the cases of a table row instead; this is for a single case.)
 */
export async function sampleCall(call: Call, isAsync: boolean, options: TimingOptions): Promise<number[]> {
  options.gc?.();
  const sampler = await prepareSampler(call, isAsync, options);
  options.gc?.();
  const out: number[] = [];
  for (let i = 0; i < options.samples; i++) out.push(await sampler.sample());
  return out;
}

/**
 * The order in which round `round` samples `n` cases: a Williams design (a balanced Latin square). Round k takes
 * the sequence 0, 1, n−1, 2, n−2, … shifted by k (mod n); for odd n, rounds n…2n−1 take those orders reversed.
 * Over n rounds (2n for odd n) every case is sampled once in every position, and right after every other case
 * equally often, so neither a slow moment nor what one case leaves behind (garbage, a cold cache) favours one.
 */
export function roundOrder(n: number, round: number): number[] {
  if (n <= 0) return [];
  const base = [0];
  for (let lo = 1, hi = n - 1; lo <= hi; lo++, hi--) {
    base.push(lo);
    if (lo !== hi) base.push(hi);
  }
  const period = n % 2 === 0 ? n : 2 * n;
  const r = ((round % period) + period) % period;
  const shift = r % n;
  const order = base.map((c) => (c + shift) % n);
  return r < n ? order : order.reverse();
}

/** The seed's own method (`--exact`): `count` calls in one loop, timed once, no warm-up. Seconds. */
export async function timeExact(
  call: Call,
  isAsync: boolean,
  count: number,
  gc?: () => void,
  now: () => number = performanceNow,
): Promise<number> {
  gc?.();
  const t0 = now();
  if (isAsync) for (let i = 0; i < count; i++) await call();
  else for (let i = 0; i < count; i++) call();
  return (now() - t0) / 1000;
}
