/**
 * A row of the benchmark: one implementation (one of our providers, a peer library, or a baseline the host adds),
 * behind one small interface. Every row says what computes its digests (`implementedIn`).
 */
import { type AlgorithmName, algorithms, toHex } from 'digestlab';

/**
 * What computes a row's digests (`Java`: a JVM's MessageDigest, timed in a JVM subprocess by the CLI's `--jvm`). `mixed`: the row dispatches to different implementations by algorithm and input
 * size (digestlab's default provider, `auto`), so no single one is honest.
 */
export type ImplementedIn =
  | 'TypeScript'
  | 'JavaScript'
  | 'WebAssembly'
  | 'OpenSSL'
  | 'BoringSSL'
  | 'WebCrypto'
  | 'Java'
  | 'mixed';

/**
 * The algorithms of `list` that HMAC (RFC 2104) is defined over, as the library's registry says (`hmac`): the
 * fixed-length hashes, not the extendable-output SHAKE128/256 (which digestlab refuses and some libraries would
 * take). A row's `hmacAlgorithms` at most.
 */
export function macAlgorithms(list: readonly AlgorithmName[]): AlgorithmName[] {
  const mac = new Set(algorithms().flatMap((a) => (a.hmac ? [a.name] : [])));
  return list.filter((a) => mac.has(a));
}

/** What a row's byte-level call returns; a string is lowercase hex. */
export type Output = Uint8Array | ArrayBuffer | readonly number[] | string;

export interface StreamHandle {
  update(chunk: Uint8Array): void;
  finish(): Output;
}

/** One row's implementation of one algorithm, created once before anything is checked or timed. */
export interface Prepared {
  /** Calls return promises (awaited in every timed iteration). */
  async: boolean;
  /**
   * Seed workload: the string in, lowercase hex out, one complete independent hash as a user writes it (Java's
   * `getMessageDigestString(input, alg)`). Absent only for a row that hashes batches alone (`digestMany`).
   */
  hex?(input: string): string | Promise<string>;
  /** Throughput workload: bytes in, digest out. Absent when the library cannot hash arbitrary bytes. */
  bytes?(input: Uint8Array): Output | Promise<Output>;
  /**
   * Many-messages workload: the digests of independent messages, in order, synchronously. A row with a batch API
   * (`digestMany`) has its own; so do ours, as the loop a user writes. Absent: the engine loops over `bytes()`
   * (sync rows only).
   */
  many?(messages: readonly Uint8Array[]): readonly Output[];
  /** Streaming workload: one long-lived digest fed chunk by chunk. Absent when the row cannot stream. */
  stream?(): StreamHandle | Promise<StreamHandle>;
  /**
   * HMAC workload: the call that MACs a string (UTF-8) with `key`, lowercase hex out. Each call is a complete,
   * independent HMAC that keys anew, as Java's `Mac.init(key)` + `doFinal(input)` (a row whose library can only key
   * once, asynchronously, says in its note what it does instead). Absent when the row has no HMAC.
   */
  hmac?(key: Uint8Array): MacCall | Promise<MacCall>;
}

/** One HMAC workload call: the input string in, its MAC as lowercase hex out. */
export type MacCall = (input: string) => string | Promise<string>;

export const ROW_KINDS = ['ours', 'peer', 'baseline'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** The row of digestlab's default provider, called with no options at all. */
export const AUTO_ROW = 'auto';
/** The row of `digestMany(algorithm, messages)`: the many workload only. */
export const DIGEST_MANY_ROW = 'digestMany';
/**
 * The rows of `digestAsync` (and `digestHexAsync`) through `auto` and through `wasm`: where node:crypto is absent,
 * `auto` sends long async inputs to WebCrypto from a crossover measured per browser engine, and these two rows are
 * how the page's bench measures and checks it (with the `webcrypto` row, async too). Asked for by id only.
 */
export const AUTO_ASYNC_ROW = 'auto:async';
export const WASM_ASYNC_ROW = 'wasm:async';
/**
 * The concrete providers `auto` chooses among for the sync calls the auto row times (webcrypto is async only: auto
 * uses it only for a browser's long digestAsync inputs, which that row does not time): every table compares
 * the auto row with the best of these (tables.ts).
 */
export const AUTO_CANDIDATES: readonly string[] = ['ts', 'wasm', 'node'];

export interface Row {
  /** What `--providers` takes and tables show: our provider id, or the peer's npm name (plus a suffix for a variant). */
  id: string;
  /** npm package name the code comes from (`digestlab` for ours, `node:crypto` for the runtime's own). */
  library: string;
  kind: RowKind;
  implementedIn: ImplementedIn;
  /** What a reader must know about how the row calls the library, e.g. "reuses hasher, init() per call". */
  note?: string;
  /** Algorithms the row computes; others are `unavailable`. */
  algorithms: readonly AlgorithmName[];
  /** Algorithms the row computes HMAC over (the hmac workload); absent: none. */
  hmacAlgorithms?: readonly AlgorithmName[];
  /**
   * Run only when asked for by id (`--providers`, the page's `providers=`), not in a run that names none: a row for
   * a question of its own (the async rows), which would lengthen every default run.
   */
  optIn?: boolean;
  /** Why the row cannot run on this runtime at all (then it is `skipped`), or undefined. */
  unavailableReason?(): string | undefined;
  /**
   * The row honours `options.outputLength` of {@link prepare} for an extendable-output function (SHAKE): its calls
   * then give that many bytes. A row without it is only run at SHAKE's default output length.
   */
  outputLength?: boolean;
  /**
   * Loads the library (dynamic import) and prepares one algorithm. Throws when the library cannot load.
   * `options.outputLength`: SHAKE's output length in bytes, passed only to a row that says it honours it.
   */
  prepare(algorithm: AlgorithmName, options?: { outputLength?: number }): Promise<Prepared>;
}

/** Lowercase hex of bytes (a plain array of byte values too, as some peers return): the library's one encoder. */
export function bytesHex(bytes: ArrayLike<number>): string {
  return toHex(bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes));
}

/** Lowercase hex of any {@link Output}: a string as it is (lowercased), bytes through {@link bytesHex}. */
export function outputHex(out: Output): string {
  if (typeof out === 'string') return out.toLowerCase();
  return bytesHex(out instanceof ArrayBuffer ? new Uint8Array(out) : out);
}

/** True when running under Node (or Bun/Deno's Node compatibility), where some peers switch to node:crypto. */
export function underNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}
