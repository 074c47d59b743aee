/**
 * The timing core. mitata's `measure` takes the samples; we choose its batch size and count.
 *
 * Why mitata and not tinybench: the seed workload is one 93-character hash, ~0.3–3 µs a call. tinybench times
 * every call with its own timer read, so the timer's cost (tens of ns, more on a busy machine) lands in every
 * short sample and inflates it; mitata runs a batch of calls between two timer reads (a loop it generates, unrolled,
 * awaiting each call when the function is async) and divides, which is what short inputs need. We drive it
 * explicitly: a warm-up of `warmupMs` measures the call's rough cost, then the batch is sized so each sample lasts
 * about `sampleMs`, and exactly `samples` samples are taken. mitata's own GC hook is replaced by ours (its fallback
 * when no `gc()` is exposed allocates 1 GiB to force one).
 */
import { measure } from 'mitata/src/lib.mjs';

export interface TimingOptions {
  /** Target duration of one sample, ms. */
  sampleMs: number;
  /** Samples per case (at least 5 in the CLI). */
  samples: number;
  /** Warm-up before sampling, ms (at least 2 calls). */
  warmupMs: number;
  /** A full garbage collection, run before each case when the host can (isolates one case's garbage from the next). */
  gc?: () => void;
}

export type Call = () => unknown;

const now = (): number => performance.now();

/** Runs `call` for about `ms` (at least `minCalls` times) and returns the mean ms per call. */
async function warmUp(call: Call, isAsync: boolean, ms: number, minCalls = 2): Promise<number> {
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

/**
 * Times `call`: warm-up, then `samples` samples of a batch of calls each. Returns seconds per call, one value per
 * sample. Each call is complete and independent; an async call is awaited before the next starts.
 */
export async function sampleCall(call: Call, isAsync: boolean, options: TimingOptions): Promise<number[]> {
  options.gc?.();
  const perCallMs = await warmUp(call, isAsync, options.warmupMs, 1);
  const batch = Math.max(1, Math.round(options.sampleMs / Math.max(perCallMs, 1e-6)));
  const unroll = batch >= 64 ? 4 : 1;
  const batchSamples = Math.ceil(batch / unroll) * unroll;
  const stats = await measure(call, {
    gc: options.gc ?? false,
    min_samples: options.samples,
    max_samples: options.samples,
    min_cpu_time: 0,
    // mitata decides to batch during its own warm-up calls; a call that fills a sample on its own needs neither.
    warmup_samples: batchSamples > 1 ? 1 : 0,
    warmup_threshold: Number.POSITIVE_INFINITY,
    // mitata batches when one call takes at most batch_threshold ns: always, unless one call fills a sample.
    batch_threshold: batchSamples > 1 ? Number.POSITIVE_INFINITY : -1,
    batch_samples: batchSamples,
    batch_unroll: unroll,
    // keep every sample (mitata trims the two extremes at each end above this count)
    samples_threshold: Number.MAX_SAFE_INTEGER,
  });
  // mitata reports ns per call for each sample
  return stats.samples.map((ns) => ns / 1e9);
}

/** The seed's own method (`--exact`): `count` calls in one loop, timed once, no warm-up. Seconds. */
export async function timeExact(call: Call, isAsync: boolean, count: number, gc?: () => void): Promise<number> {
  gc?.();
  const t0 = now();
  if (isAsync) for (let i = 0; i < count; i++) await call();
  else for (let i = 0; i < count; i++) call();
  return (now() - t0) / 1000;
}
