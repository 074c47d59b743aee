/**
 * The benchmark engine: selects rows and algorithms, checks every row's output against a reference before anything
 * is timed, times what is right, and returns the report. Platform-neutral: what only a host can do (a reference
 * digest, GC, versions of installed packages, CPU model) comes in through {@link Host}.
 */
import { type AlgorithmName, digest, providers as libraryProviders } from 'digestlab';
import {
  type BenchEnv,
  type BenchReport,
  type BenchResult,
  type ProviderMeta,
  SCHEMA,
  type Status,
  type Unit,
  type Workload,
} from './report.js';
import { bytesHex, type Output, outputHex, type Prepared, type Row } from './rows.js';
import { MIB, SEED_COUNT, SEED_INPUT, SEED_JAVA_HEX } from './seed.js';
import { allRows, resolveAlgorithms, resolveProviders, UsageError } from './select.js';
import { summarize } from './stats.js';
import { type Call, prepareSampler, roundOrder, type Sampler, type TimingOptions, timeExact } from './timing.js';

export { allRows, resolveAlgorithms, resolveProviders, UsageError };

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

/** What rows are checked against. `digest` returns undefined for an algorithm it lacks. */
export interface Reference {
  name: string;
  digest(algorithm: AlgorithmName, data: Uint8Array): Uint8Array | undefined | Promise<Uint8Array | undefined>;
}

export interface BenchOptions {
  /** Algorithm names or aliases; default: the seed's six. */
  algorithms?: readonly string[];
  /** Row ids; default: every row. */
  providers?: readonly string[];
  /** Default: seed and sizes (with sizes [1 MiB]: the default suite). */
  workloads?: readonly Workload[];
  /** Sizes for the `sizes` workload, bytes. Default [1 MiB]. */
  sizes?: readonly number[];
  /** Bytes per update in the `stream` workload. Default 1 MiB. */
  streamChunk?: number;
  sampleMs?: number;
  samples?: number;
  warmupMs?: number;
  /** Seed workload: run `count` calls literally, once, as the seed did. */
  exact?: boolean;
  /** The seed's N. Default 100000. */
  count?: number;
  /** Many workload: messages per call. Default 10000. */
  manyCount?: number;
  /** Many workload: bytes per message. Default 64. */
  manySize?: number;
}

export interface Progress {
  /** `cold`: a host's cold-start workers (the CLI's `-w cold`). */
  phase: 'check' | 'time' | 'cold';
  done: number;
  total: number;
  label: string;
}

export interface Host {
  /** What rows are checked against (the CLI passes node:crypto). Default: digestlab's own providers. */
  reference?: Reference;
  /** Extra rows, e.g. the runtime's own node:crypto called directly (listed after ours, before the peers). */
  rows?: readonly Row[];
  /** Installed version of an npm package, read from its package.json. */
  versionOf?(pkg: string): string | undefined;
  /** Facts only the host knows (CPU model, command line...). */
  env?: Partial<BenchEnv>;
  /** A full GC, run before each table row's warm-ups and before each round of its samples. */
  gc?(): void;
  /** The clock, ms. Default `performance.now()`; tests pass a fake one. */
  now?(): number;
  onProgress?(progress: Progress): void;
}

export const DEFAULTS = {
  sampleMs: 50,
  samples: 5,
  warmupMs: 60,
  count: SEED_COUNT,
  streamChunk: MIB,
  manyCount: 10_000,
  manySize: 64,
} as const;

/** Deterministic pseudo-random bytes (xorshift32): the same input on every runtime and run. */
export function randomBytes(n: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * The default reference when the host gives none: digestlab's `node` provider (node:crypto) where the runtime has
 * it, else WebCrypto for the SHA family. Algorithms neither has fall back as described in {@link expectedHex}.
 */
export function defaultReference(): Reference {
  const info = libraryProviders();
  const node = info.find((p) => p.id === 'node' && p.available);
  if (node) {
    return {
      name: 'node:crypto (through digestlab provider "node")',
      digest: (algorithm, data) =>
        node.algorithms.includes(algorithm) ? digest(algorithm, data, { provider: 'node' }) : undefined,
    };
  }
  return {
    name: 'WebCrypto (crypto.subtle)',
    async digest(algorithm, data) {
      const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
      if (!subtle || !['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'].includes(algorithm)) return undefined;
      return new Uint8Array(await subtle.digest(algorithm, data as Uint8Array<ArrayBuffer>));
    },
  };
}

const utf8 = new TextEncoder();

interface Cell {
  workload: Workload;
  algorithm: AlgorithmName;
  row: Row;
  size: number;
  status: Status;
  prepared?: Prepared;
  input?: string | Uint8Array;
  expected?: string;
  /** Many workload: the messages, and each one's expected digest. */
  messages?: Uint8Array[];
  expectedMany?: string[];
  summary?: { median: number; min: number; max: number; mad: number; samples: number };
  unit: Unit;
}

function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function detectEnv(): Pick<BenchEnv, 'runtime' | 'runtimeVersion' | 'cpu' | 'cores' | 'os'> {
  const g = globalThis as {
    process?: { versions?: Record<string, string>; platform?: string; arch?: string };
    Bun?: { version: string };
    Deno?: { version: { deno: string } };
    navigator?: { userAgent?: string; hardwareConcurrency?: number; platform?: string };
  };
  let runtime = 'unknown';
  let runtimeVersion = 'unknown';
  if (g.Bun) [runtime, runtimeVersion] = ['bun', g.Bun.version];
  else if (g.Deno) [runtime, runtimeVersion] = ['deno', g.Deno.version.deno];
  else if (g.process?.versions?.node) [runtime, runtimeVersion] = ['node', g.process.versions.node];
  else if (g.navigator?.userAgent) [runtime, runtimeVersion] = ['browser', g.navigator.userAgent];
  return {
    runtime,
    runtimeVersion,
    cpu: 'unknown',
    cores: g.navigator?.hardwareConcurrency ?? 0,
    os: g.process?.platform
      ? `${g.process.platform} ${g.process.arch ?? ''}`.trim()
      : (g.navigator?.platform ?? 'unknown'),
  };
}

function positive(name: string, v: number | undefined, fallback: number, min = 0): number {
  const x = v ?? fallback;
  if (!Number.isFinite(x) || x < min) throw new UsageError(`${name} must be a number >= ${min} (got ${v})`);
  return x;
}

/** Runs the benchmark. Never throws for a row's failure (that row becomes wrong/skipped); throws UsageError. */
export async function runBench(options: BenchOptions = {}, host: Host = {}): Promise<BenchReport> {
  const date = new Date().toISOString();
  const started = performance.now();
  const rows = allRows(host);
  const algorithms = resolveAlgorithms(options.algorithms);
  const selected = resolveProviders(options.providers, rows);
  const workloads: Workload[] = [...new Set(options.workloads ?? (['seed', 'sizes'] as Workload[]))];
  const sizes = [...new Set(options.sizes ?? [MIB])];
  for (const s of sizes) positive('size', s, 0, 1);
  const streamChunk = positive('stream chunk', options.streamChunk, DEFAULTS.streamChunk, 1);
  const timing: TimingOptions = {
    sampleMs: positive('sample time (ms)', options.sampleMs, DEFAULTS.sampleMs, 0.001),
    samples: Math.floor(positive('samples', options.samples, DEFAULTS.samples, 1)),
    warmupMs: positive('warm-up (ms)', options.warmupMs, DEFAULTS.warmupMs, 0),
    ...(host.gc ? { gc: host.gc } : {}),
    ...(host.now ? { now: host.now } : {}),
  };
  const exact = options.exact ?? false;
  const count = Math.floor(positive('count', options.count, DEFAULTS.count, 1));
  const manyCount = Math.floor(positive('many count', options.manyCount, DEFAULTS.manyCount, 1));
  const manySize = Math.floor(positive('many size', options.manySize, DEFAULTS.manySize, 0));
  const reference = host.reference ?? defaultReference();
  const messages: string[] = [];
  const version = (pkg: string) => host.versionOf?.(pkg) ?? 'unknown';

  // ---- inputs and expected digests
  const inputs = new Map<number, Uint8Array>();
  const inputOf = (n: number) => {
    let b = inputs.get(n);
    if (!b) {
      b = randomBytes(n, 0x9e3779b9 ^ n);
      inputs.set(n, b);
    }
    return b;
  };
  const expectedCache = new Map<string, Promise<string>>();
  const fallbackNotes = new Set<string>();
  /**
   * The expected digest: the reference (node:crypto in the CLI). Where it lacks the algorithm (MD2: OpenSSL 3 has
   * none), our `ts` provider: its MD2 is proven against RFC 1319's test suite and Java's MessageDigest vectors
   * (vectors/md2-java.txt) by the library's own tests, and on the seed input it is checked below against Java's
   * digest (vectors/seed-java.txt) on every run. A peer that disagrees is therefore wrong, not the reference.
   */
  const expectedHex = (algorithm: AlgorithmName, key: string, data: Uint8Array): Promise<string> => {
    const k = `${algorithm}|${key}`;
    let p = expectedCache.get(k);
    if (!p) {
      p = (async () => {
        let d = await reference.digest(algorithm, data);
        if (!d) {
          fallbackNotes.add(algorithm);
          d = digest(algorithm, data, { provider: 'ts' });
        }
        const hex = bytesHex(d);
        const java = SEED_JAVA_HEX[algorithm];
        if (key === 'seed' && java && hex !== java) {
          throw new Error(`reference ${reference.name} gives ${hex} for ${algorithm} of the seed; Java gives ${java}`);
        }
        return hex;
      })();
      expectedCache.set(k, p);
    }
    return p;
  };
  // Many workload: N messages of S bytes, each its own Uint8Array (as a user's separate messages are), and each
  // one's expected digest from the reference, computed once per algorithm.
  let manyMessages: Uint8Array[] | undefined;
  const messagesOfMany = () => {
    if (!manyMessages) {
      const all = randomBytes(manyCount * manySize, 0x85ebca6b);
      manyMessages = Array.from({ length: manyCount }, (_, i) => all.slice(i * manySize, (i + 1) * manySize));
    }
    return manyMessages;
  };
  const expectedManyCache = new Map<AlgorithmName, Promise<string[]>>();
  const expectedManyHex = (algorithm: AlgorithmName): Promise<string[]> => {
    let p = expectedManyCache.get(algorithm);
    if (!p) {
      p = (async () => {
        const out: string[] = [];
        for (const m of messagesOfMany()) {
          let d = await reference.digest(algorithm, m);
          if (!d) {
            fallbackNotes.add(algorithm);
            d = digest(algorithm, m, { provider: 'ts' });
          }
          out.push(bytesHex(d));
        }
        return out;
      })();
      expectedManyCache.set(algorithm, p);
    }
    return p;
  };
  const streamInput = (chunk: Uint8Array) => {
    const all = new Uint8Array(chunk.length * 3);
    for (let i = 0; i < 3; i++) all.set(chunk, i * chunk.length);
    return all;
  };

  // ---- cells
  const cells: Cell[] = [];
  const meta: ProviderMeta[] = [];
  const prepared = new Map<string, Promise<Prepared | Error>>();
  for (const row of selected) {
    const skipped = row.unavailableReason?.();
    meta.push({
      id: row.id,
      library: row.library,
      version: version(row.library),
      kind: row.kind,
      implementedIn: row.implementedIn,
      ...(row.note ? { note: row.note } : {}),
      ...(skipped ? { skipped } : {}),
    });
  }
  for (const workload of workloads) {
    const cellSizes =
      workload === 'seed'
        ? [utf8.encode(SEED_INPUT).length]
        : workload === 'sizes'
          ? sizes
          : workload === 'many'
            ? [manySize]
            : [streamChunk];
    const unit: Unit = workload === 'seed' ? (exact ? 's' : 'ops/s') : workload === 'many' ? 'msg/s' : 'MiB/s';
    for (const algorithm of algorithms) {
      for (const row of selected) {
        for (const size of cellSizes) {
          const status: Status = row.unavailableReason?.()
            ? 'skipped'
            : row.algorithms.includes(algorithm)
              ? 'ok'
              : 'unavailable';
          cells.push({ workload, algorithm, row, size, status, unit });
        }
      }
    }
  }

  // ---- phase 1: check every cell that could be timed, before anything is timed
  const toCheck = cells.filter((c) => c.status === 'ok');
  let done = 0;
  for (const cell of toCheck) {
    host.onProgress?.({ phase: 'check', done, total: toCheck.length, label: label(cell) });
    const key = `${cell.row.id}|${cell.algorithm}`;
    let pp = prepared.get(key);
    if (!pp) {
      pp = cell.row.prepare(cell.algorithm).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      prepared.set(key, pp);
    }
    const p = await pp;
    done++;
    if (p instanceof Error) {
      cell.status = 'skipped';
      const m = `${cell.row.id} ${cell.algorithm}: could not load (${p.message})`;
      if (!messages.includes(m)) messages.push(m);
      continue;
    }
    cell.prepared = p;
    try {
      let got: Output;
      if (cell.workload === 'seed') {
        if (!p.hex) {
          cell.status = 'unavailable';
          continue;
        }
        cell.input = SEED_INPUT;
        cell.expected = await expectedHex(cell.algorithm, 'seed', utf8.encode(SEED_INPUT));
        got = await p.hex(SEED_INPUT);
      } else if (cell.workload === 'many') {
        const many = manyOf(p);
        if (!many) {
          cell.status = 'unavailable';
          continue;
        }
        cell.messages = messagesOfMany();
        cell.expectedMany = await expectedManyHex(cell.algorithm);
        const wrong = manyMismatch(many(cell.messages), cell.expectedMany);
        if (wrong) {
          cell.status = 'wrong';
          messages.push(`WRONG ${label(cell)}: ${wrong}`);
        }
        continue;
      } else if (cell.workload === 'sizes') {
        if (!p.bytes) {
          cell.status = 'unavailable';
          continue;
        }
        const input = inputOf(cell.size);
        cell.input = input;
        cell.expected = await expectedHex(cell.algorithm, `sizes:${cell.size}`, input);
        got = await p.bytes(input);
      } else {
        if (!p.stream) {
          cell.status = 'unavailable';
          continue;
        }
        const chunk = inputOf(cell.size);
        cell.input = chunk;
        const h = await p.stream();
        for (let i = 0; i < 3; i++) h.update(chunk);
        got = h.finish();
        cell.expected = await expectedHex(cell.algorithm, `stream:${cell.size}`, streamInput(chunk));
      }
      const hex = outputHex(got);
      if (hex !== cell.expected) {
        cell.status = 'wrong';
        messages.push(`WRONG ${label(cell)}: got ${hex.slice(0, 40)}…, expected ${cell.expected.slice(0, 40)}…`);
      }
    } catch (e) {
      if (e instanceof Error && e.message.startsWith('reference ')) throw e;
      cell.status = 'wrong';
      messages.push(`WRONG ${label(cell)}: threw ${describeError(e)}`);
    }
  }
  for (const a of fallbackNotes) {
    messages.push(
      `${a}: ${reference.name} lacks it; checked against digestlab's ts provider (tested against RFC and Java vectors; on the seed input also against Java's digest)`,
    );
  }

  // ---- phase 2: time. The cells of one table row (same workload, algorithm and size: the cells whose ratios the
  // tables print) are timed together, interleaved: all warmed up, then sample k of every cell in round k, in an order
  // that changes from round to round (roundOrder), with a GC before each round when the host can. The machine's
  // speed drifts; interleaved, a slow moment slows every cell of the row alike instead of the one being timed.
  // (`--isolate` runs one provider × algorithm per engine run: there every group has one cell.)
  const toTime = cells.filter((c) => c.status === 'ok');
  const failed = (cell: Cell, e: unknown) => {
    cell.status = 'wrong';
    messages.push(`WRONG ${label(cell)}: threw while timed: ${describeError(e)}`);
  };
  done = 0;
  for (const group of tableRows(toTime)) {
    if (exact && group[0].workload === 'seed') {
      // --exact: the seed's own method, N calls once per cell, one cell after another
      for (const cell of group) {
        host.onProgress?.({ phase: 'time', done, total: toTime.length, label: label(cell) });
        try {
          const timed = await timedCall(cell);
          const seconds = await timeExact(timed.call, timed.isAsync, count, timing.gc, timing.now);
          cell.summary = { median: seconds, min: seconds, max: seconds, mad: 0, samples: 1 };
          timed.check();
        } catch (e) {
          failed(cell, e);
        }
        done++;
      }
      continue;
    }
    const name = groupLabel(group);
    await timeTogether(group, timing, failed, (round) =>
      host.onProgress?.({
        phase: 'time',
        done,
        total: toTime.length,
        label: `${name}, round ${round + 1}/${timing.samples}`,
      }),
    );
    done += group.length;
  }
  host.onProgress?.({ phase: 'time', done, total: toTime.length, label: 'done' });

  const results: BenchResult[] = cells.map((c) => ({
    workload: c.workload,
    algorithm: c.algorithm,
    provider: c.row.id,
    library: c.row.library,
    version: version(c.row.library),
    size: c.size,
    unit: c.unit,
    median: c.status === 'ok' && c.summary ? c.summary.median : null,
    min: c.status === 'ok' && c.summary ? c.summary.min : null,
    max: c.status === 'ok' && c.summary ? c.summary.max : null,
    mad: c.status === 'ok' && c.summary ? c.summary.mad : null,
    samples: c.status === 'ok' && c.summary ? c.summary.samples : 0,
    status: c.status,
    ...(c.workload === 'many' ? { count: manyCount } : {}),
  }));

  const env: BenchEnv = {
    ...detectEnv(),
    date,
    ...host.env,
    durationSeconds: Math.round((performance.now() - started) / 100) / 10,
    timing: { ...omitGc(timing), exact, count, gc: Boolean(host.gc) },
    reference: reference.name,
    providers: meta,
    messages,
  };
  return { schema: SCHEMA, env, results };
}

function omitGc(t: TimingOptions): { sampleMs: number; samples: number; warmupMs: number } {
  return { sampleMs: t.sampleMs, samples: t.samples, warmupMs: t.warmupMs };
}

function label(c: Pick<Cell, 'workload' | 'algorithm' | 'row' | 'size'>): string {
  return `${c.workload} ${c.algorithm} ${c.row.id}${c.workload === 'seed' ? '' : ` ${c.size} B`}`;
}

/** E.g. `sizes SHA-1 64 B, 4 rows`. */
function groupLabel(group: readonly Cell[]): string {
  const c = group[0];
  return `${c.workload} ${c.algorithm}${c.workload === 'seed' ? '' : ` ${c.size} B`}, ${group.length} row${group.length === 1 ? '' : 's'}`;
}

/**
 * The cells compared with each other, i.e. one row of one table (same workload, algorithm and size), in the order
 * the cells come (workload, then algorithm, then size), each group's cells in row order.
 */
function tableRows<C extends Pick<Cell, 'workload' | 'algorithm' | 'size'>>(cells: readonly C[]): C[][] {
  const groups = new Map<string, C[]>();
  for (const c of cells) {
    const key = `${c.workload}|${c.algorithm}|${c.size}`;
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()];
}

type Many = (messages: readonly Uint8Array[]) => readonly Output[];

/**
 * How a row hashes many messages: its own `many` (a batch API, or the loop a user writes with it), else a loop of
 * its `bytes()` calls into an array, the results kept as a batch API's are. Async rows have none (a loop of
 * awaited calls would time the event loop more than the digests).
 */
function manyOf(p: Prepared): Many | undefined {
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

/** A cell's speed in its table's unit from seconds per call. */
function rate(cell: Cell, seconds: number): number {
  if (cell.workload === 'seed') return 1 / seconds;
  if (cell.workload === 'many') return (cell.messages?.length ?? 0) / seconds;
  return cell.size / seconds / MIB;
}

/**
 * Times one table row's cells together: a GC, every cell warmed up (and its batch sized), then `samples` rounds,
 * each a GC and one sample of every cell, in {@link roundOrder}. Each sample is taken in two parts of about half
 * the batch, the second pass in reverse order (A B C, then C B A): every cell's sample is then centred on the same
 * moment of the round, so a drift that is steady over a round cancels (interleaved whole samples, A B C, leave the
 * drift between A's moment and C's; with a ±30% drift over seconds, a few percent). A cell that throws is marked
 * wrong and sits out the remaining rounds; the others keep their places in the order.
 */
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
    try {
      cell.summary = summarize(seconds.map((t) => rate(cell, t)));
      timed.check();
    } catch (e) {
      failed(cell, e);
    }
  }
}
