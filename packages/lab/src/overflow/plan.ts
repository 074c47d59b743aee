/**
 * The overflow plan: what a run asked for (flags in the CLI, query parameters in a page) resolved into plain data —
 * the run's parameters, every job with what it is, the order they run in, where each expected digest comes from,
 * and the checkpoint a resumed run continues. Pure: nothing runs here, so a face can show the plan first, and a
 * mistake in what was asked is a {@link UsageError} before anything starts.
 */
import { type AlgorithmName, algorithms as libraryAlgorithms, providers as libraryProviders } from 'digestlab';
import { PEERS } from '../peers/index.js';
import type { ImplementedIn, Row } from '../rows.js';
import { resolveAlgorithms, resolveProviders, UsageError } from '../select.js';
import {
  CHECKPOINT_SCHEMA,
  type CheckpointFile,
  decodeState,
  type JobCheckpoint,
  jobKey,
  type RunParams,
} from './checkpoint.js';
import { isPattern, PATTERNS, type Pattern } from './patterns.js';
import {
  BOUNDARY_SIZES,
  boundarySizes,
  defaultOutputLength,
  defaultSize,
  digestLabel,
  type Expected,
  isXof,
  SEED_SIZE,
  storedReference,
  type ZeroVectors,
} from './references.js';
import { canExportState, type JobOutcome, mibPerSecond, type ResumePoint } from './runner.js';
import { formatSize, parseSize, SizeError } from './size.js';
import type { OverflowRecord, RecordKind } from './verdict.js';

export const DEFAULT_CHUNK = 2 ** 20;
export const DEFAULT_CHECKPOINT_EVERY = 4 * 2 ** 30;
/** Bytes per update at most: a larger chunk only costs memory, in every job at once. */
export const MAX_CHUNK = 2 ** 30;

/** What was asked, as the texts a person typed (the CLI's flags, a page's query parameters). */
export interface OverflowAsk {
  /**
   * One size or several, comma-separated: `257GiB`, `2^29+1,4GiB+5`; or `boundaries`: every counter boundary that
   * matters to each algorithm ({@link boundarySizes}). Absent: {@link defaultSize} of each algorithm.
   */
  size?: string;
  /** `--output-length`: SHAKE's output lengths in bytes, comma-separated (`16,32`). Absent: each SHAKE's default. */
  outputLength?: string;
  chunk?: string;
  /** Comma-separated algorithm names or aliases. */
  algorithms?: string;
  /** Comma-separated: default, ours, peers, all, or row ids. */
  providers?: string;
  pattern?: string;
}

/** A size option's value; a bad one is a UsageError naming the option as the CLI spells it (`--chunk: ...`). */
export function sizeOption(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  try {
    return parseSize(text, min);
  } catch (e) {
    if (e instanceof SizeError) throw new UsageError(`--${name}: ${e.message}`);
    throw e;
  }
}

/** `--pattern`: one of {@link PATTERNS}, else a UsageError saying which (the CLI's flag, a page's parameter). */
export function patternOption(text: string): Pattern {
  if (!isPattern(text)) throw new UsageError(`--pattern must be one of ${PATTERNS.join(', ')} (got "${text}")`);
  return text;
}

/** The word `--size` takes for every counter boundary that matters to each algorithm. */
export const BOUNDARIES = 'boundaries';

/** Most bytes `--output-length` takes: SHAKE can give any length, but a digest is printed and stored in hex. */
export const MAX_OUTPUT_LENGTH = 1024;

/** `--output-length`: whole numbers of bytes from 1 to {@link MAX_OUTPUT_LENGTH}, comma-separated, no repeats. */
export function parseOutputLengths(text: string): number[] {
  const parts = text.split(',').map((t) => t.trim());
  const out: number[] = [];
  for (const t of parts) {
    const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
    if (!(n >= 1 && n <= MAX_OUTPUT_LENGTH)) {
      throw new UsageError(
        `--output-length: "${t}" is not a whole number of bytes from 1 to ${MAX_OUTPUT_LENGTH} (e.g. 16,32)`,
      );
    }
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `--size`: one size, or several separated by commas (each a job of its own). */
export function parseSizes(text: string): number[] {
  const parts = text.split(',').map((t) => t.trim());
  if (parts.some((t) => t === '')) throw new UsageError(`--size: an empty size in "${text}"`);
  if (parts.some((t) => t.toLowerCase() === BOUNDARIES)) {
    throw new UsageError(`--size: "${BOUNDARIES}" stands alone (got "${text}")`);
  }
  return [...new Set(parts.map((t) => sizeOption('size', t, SEED_SIZE, 0)))];
}

/** A comma-separated list, or undefined when it names nothing. */
export function listOption(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}

export interface Selection {
  row: Row;
  /** Named on the command line (then a missing algorithm is reported as SKIPPED, not left out). */
  named: boolean;
}

/** Streaming and synchronous: the providers of ours that can take a digest in pieces. */
function streams(id: string): boolean {
  return libraryProviders().some((p) => p.id === id && p.streaming && p.sync);
}

/**
 * Rows for `--providers`: default our streaming providers; `ours` every provider of ours (a one-shot one is then
 * SKIPPED); `peers` every peer; `all` ours and every peer; any row id (node:crypto included).
 */
export function selectProviders(ids: readonly string[] | undefined, rows: readonly Row[]): Selection[] {
  const ours = rows.filter((r) => r.kind === 'ours');
  const out: Selection[] = [];
  const add = (row: Row, named: boolean) => {
    const had = out.find((s) => s.row === row);
    if (had) had.named ||= named;
    else out.push({ row, named });
  };
  for (const id of ids ?? ['default']) {
    const key = id.toLowerCase();
    if (key === 'default') for (const r of ours.filter((r) => streams(r.id))) add(r, false);
    else if (key === 'ours') for (const r of ours) add(r, false);
    else if (key === 'peers') for (const r of PEERS) add(r, false);
    else if (key === 'all') for (const r of [...ours, ...PEERS]) add(r, false);
    else {
      try {
        add(resolveProviders([id], rows)[0], true);
      } catch (e) {
        throw new UsageError(`${(e as Error).message}; or: default, ours, peers, all`);
      }
    }
  }
  return out;
}

/** A checkpoint being continued, and what to call it in messages (its file name). */
export interface Resumed {
  source: string;
  checkpoint: CheckpointFile;
}

/** The run's parameters, and the rows behind its provider ids. */
export interface RunChoice {
  run: RunParams;
  algorithms: AlgorithmName[];
  selection: Selection[];
}

/**
 * What to run: from what was asked, or from the checkpoint being resumed. A resumed run continues the run it was
 * made by: asking for other sizes, pattern, algorithms or providers is a UsageError naming each conflict (the chunk
 * size does not change a digest, so a resumed run may use another).
 */
export function resolveRun(ask: OverflowAsk, rows: readonly Row[], resumed?: Resumed): RunChoice {
  const boundaries = ask.size?.trim().toLowerCase() === BOUNDARIES;
  const sizes = ask.size !== undefined && !boundaries ? parseSizes(ask.size) : undefined;
  const chunk = ask.chunk !== undefined ? sizeOption('chunk', ask.chunk, DEFAULT_CHUNK, 1) : undefined;
  if (ask.pattern !== undefined) patternOption(ask.pattern);
  const algorithms = resolveAlgorithms(listOption(ask.algorithms) ?? ['SHA-1']);
  const selection = selectProviders(listOption(ask.providers), rows);
  if (chunk !== undefined && chunk > MAX_CHUNK) throw new UsageError('--chunk: at most 1GiB');
  const outputLengths = ask.outputLength !== undefined ? parseOutputLengths(ask.outputLength) : undefined;
  if (outputLengths && !algorithms.some(isXof)) {
    throw new UsageError(`--output-length is for SHAKE128 and SHAKE256 only (asked: ${algorithms.join(',')})`);
  }
  // without --size (or with `boundaries`) each algorithm runs at the sizes that matter to it: a sponge stops at 2^32+5
  const perAlgorithm = sizes ? undefined : sizesByAlgorithm(algorithms, boundaries);
  if (!resumed) {
    const run: RunParams = {
      sizes: sizes ?? perAlgorithm?.sizes ?? [SEED_SIZE],
      ...(perAlgorithm?.sizesOf ? { sizesOf: perAlgorithm.sizesOf } : {}),
      ...(outputLengths ? { outputLengths } : {}),
      chunk: chunk ?? DEFAULT_CHUNK,
      pattern: (ask.pattern ?? 'zeros') as Pattern,
      algorithms,
      providers: selection.map((s) => s.row.id),
      named: selection.filter((s) => s.named).map((s) => s.row.id),
    };
    return { run, algorithms, selection };
  }
  const { source, checkpoint } = resumed;
  const r = checkpoint.run;
  const conflicts: string[] = [];
  // `boundaries` means the sizes of the algorithms resumed, unless others are asked
  const resumedSizes = () =>
    sizesByAlgorithm(ask.algorithms !== undefined ? algorithms : resolveAlgorithms(r.algorithms), true).sizes;
  if (ask.size !== undefined && (sizes ?? resumedSizes()).join() !== r.sizes.join()) {
    conflicts.push(`--size (checkpoint: ${r.sizes.map(formatSize).join(',')})`);
  }
  if (outputLengths !== undefined && outputLengths.join() !== (r.outputLengths ?? []).join()) {
    conflicts.push(`--output-length (checkpoint: ${r.outputLengths?.join(',') ?? 'the default'})`);
  }
  if (ask.pattern !== undefined && ask.pattern !== r.pattern) conflicts.push(`--pattern (checkpoint: ${r.pattern})`);
  if (ask.algorithms !== undefined && algorithms.join() !== r.algorithms.join()) {
    conflicts.push(`--algorithms (checkpoint: ${r.algorithms.join(',')})`);
  }
  if (ask.providers !== undefined && selection.map((s) => s.row.id).join() !== r.providers.join()) {
    conflicts.push(`--providers (checkpoint: ${r.providers.join(',')})`);
  }
  if (conflicts.length > 0) {
    throw new UsageError(`--resume ${source} continues the run it was made by; drop or match ${conflicts.join(', ')}`);
  }
  if (!isPattern(r.pattern)) throw new UsageError(`checkpoint ${source}: unknown pattern "${r.pattern}"`);
  try {
    const saved = resolveAlgorithms(r.algorithms);
    return {
      run: { ...r, chunk: chunk ?? r.chunk, algorithms: saved },
      algorithms: saved,
      selection: r.providers.map((id) => ({
        row: resolveProviders([id], rows)[0],
        named: r.named?.includes(id) ?? true,
      })),
    };
  } catch (e) {
    throw new UsageError(`checkpoint ${source}: ${(e as Error).message}`);
  }
}

/**
 * The sizes of each algorithm without `--size` (its {@link defaultSize}) or with `--size boundaries` (its
 * {@link boundarySizes}), their union in order, and `sizesOf` when not every algorithm runs at every size.
 */
export function sizesByAlgorithm(
  algorithms: readonly AlgorithmName[],
  boundaries: boolean,
): { sizes: number[]; sizesOf?: Record<string, number[]> } {
  const of = Object.fromEntries(algorithms.map((a) => [a, boundaries ? boundarySizes(a) : [defaultSize(a)]]));
  const all = new Set(Object.values(of).flat());
  // the boundaries in ascending order; defaults in the order of the algorithms
  const sizes = boundaries ? BOUNDARY_SIZES.filter((n) => all.has(n)) : [...all];
  const uneven = Object.values(of).some((list) => list.length !== sizes.length);
  return uneven ? { sizes, sizesOf: of } : { sizes };
}

/** The sizes `algorithm` runs at in `run`. */
export function sizesFor(run: Pick<RunParams, 'sizes' | 'sizesOf'>, algorithm: string): readonly number[] {
  return run.sizesOf?.[algorithm] ?? run.sizes;
}

/** The output lengths `algorithm` runs at: `--output-length`'s for an XOF (SHAKE), else one, undefined. */
export function outputLengthsFor(
  run: Pick<RunParams, 'outputLengths'>,
  algorithm: AlgorithmName,
): (number | undefined)[] {
  if (!isXof(algorithm)) return [undefined];
  return run.outputLengths ?? [defaultOutputLength(algorithm)];
}

/**
 * A row run in the same list as the selected providers to give expected digests that no stored vector gives:
 * node:crypto under Node, hash-wasm's createKeccak for Keccak (which OpenSSL 3.0 lacks).
 */
export interface PlanReference {
  row: Row;
  /** How a verdict names its digest (`node:crypto (OpenSSL 3.0.13) in this run`). */
  source: string;
  /** Only for these algorithms (else every algorithm the row has). */
  only?: readonly AlgorithmName[];
}

/** Keccak as submitted to the competition: what no OpenSSL 3.0 has. */
export const KECCAK: readonly AlgorithmName[] = ['KECCAK-224', 'KECCAK-256', 'KECCAK-384', 'KECCAK-512'];

/**
 * The reference for Keccak (node:crypto has none): hash-wasm's `createKeccak(bits)` streaming the same pattern in
 * the same run, an implementation independent of ours (C compiled to WebAssembly). Undefined when `rows` lack it.
 */
export function keccakReference(rows: readonly Row[], version: string | null = null): PlanReference | undefined {
  const row = rows.find((r) => r.id === 'hash-wasm');
  if (!row) return undefined;
  return { row, source: `hash-wasm${version ? ` ${version}` : ''} createKeccak in this run`, only: KECCAK };
}

/** What the host knows before anything runs. */
export interface OverflowPlanHost {
  /**
   * The rows run for an expected digest that no stored vector gives, the first one that has the algorithm (and
   * whose `only` lists it). Absent (a browser: WebCrypto cannot stream): such jobs are UNCHECKED and compared with
   * each other.
   */
  reference?: PlanReference | readonly PlanReference[];
  /** Stored zero-input digests (vectors/zeros.json), and their name in messages. */
  vectors?: ZeroVectors;
  vectorsName?: string;
  /** Installed version of a library, or null when unknown. */
  versionOf?(library: string): string | null;
}

/** One job: plain data (no Row), so a plan crosses postMessage and the record of any job can be made anywhere. */
export interface PlannedJob {
  key: string;
  algorithm: AlgorithmName;
  /** An XOF's (SHAKE's) output length in bytes; absent for a fixed-length digest. */
  outputLength?: number;
  size: number;
  /** Row id. */
  provider: string;
  /** Run only to give the expected digest (not one of the selected providers). */
  reference: boolean;
  kind: RecordKind;
  library: string;
  version: string | null;
  implementedIn: ImplementedIn;
  /** The provider can export its state, so a checkpoint can resume it mid-stream. */
  resumable: boolean;
  /** For progress: algorithm (size when several), provider, `(reference)`. */
  label: string;
  /** Where a checkpoint left it. */
  resume?: ResumePoint;
  /** Already finished (from a checkpoint) or decided without running (SKIPPED). */
  record?: OverflowRecord;
}

/** Where the expected digest of one (algorithm, size) comes from. */
export interface Expectation {
  algorithm: AlgorithmName;
  /** An XOF's output length in bytes, as the jobs it is for. */
  outputLength?: number;
  size: number;
  /** Known before anything runs (the seed, stored vectors). */
  stored?: Expected;
  /** Else the job whose digest is the expected one (the host's reference, or a selected node:crypto). */
  referenceJob?: string;
  /** How a verdict names that job's digest. */
  referenceSource?: string;
}

export interface OverflowPlan {
  run: RunParams;
  /** Every job, in report order: reference jobs first, then size × algorithm × provider. */
  jobs: PlannedJob[];
  /** Keys of the jobs to run, in the order they start. */
  order: string[];
  expectations: Expectation[];
  /** The checkpoint this run starts from: a resumed one merged with this run's jobs, or a fresh one. */
  checkpoint: CheckpointFile;
  /** The host's (first) reference row, when it has one (for messages: "node:crypto lacks it"). */
  referenceProvider?: string;
}

// Longest first makes the shortest run on few cores: references (needed for verdicts, and fast) lead, then pure
// JavaScript (the slowest by far), TypeScript, WebAssembly, OpenSSL. Lines still appear as jobs finish.
const SPEED_RANK: readonly ImplementedIn[] = ['JavaScript', 'TypeScript', 'WebAssembly', 'OpenSSL', 'WebCrypto'];

/**
 * Plans the jobs of a run. Throws when a stored vector contradicts a known digest (one of them is wrong, so no
 * verdict could be trusted), and a UsageError when a resumed checkpoint holds a state that cannot be read.
 */
export function planOverflow(choice: RunChoice, host: OverflowPlanHost = {}, resumed?: Resumed): OverflowPlan {
  const { run, algorithms, selection } = choice;
  // every digest asked for: size × algorithm × output length (SHAKE's), each with its expected digest
  const expectations: Expectation[] = run.sizes.flatMap((size) =>
    algorithms.flatMap((algorithm) =>
      sizesFor(run, algorithm).includes(size)
        ? outputLengthsFor(run, algorithm).map((outputLength) => {
            const stored = storedReference(algorithm, run.pattern, size, host.vectors, host.vectorsName, outputLength);
            return {
              algorithm,
              size,
              ...(outputLength !== undefined ? { outputLength } : {}),
              ...(stored ? { stored } : {}),
            };
          })
        : [],
    ),
  );
  const several = run.sizes.length > 1;
  const job = (e: Expectation, row: Row, reference: boolean): PlannedJob => {
    const name = digestLabel(e.algorithm, e.outputLength);
    return {
      key: jobKey(name, reference ? `${row.id}#reference` : row.id, e.size),
      algorithm: e.algorithm,
      ...(e.outputLength !== undefined ? { outputLength: e.outputLength } : {}),
      size: e.size,
      provider: row.id,
      reference,
      kind: reference ? 'reference' : row.kind,
      library: row.library,
      version: host.versionOf?.(row.library) ?? null,
      implementedIn: row.implementedIn,
      resumable: canExportState(row),
      label: `${name}${several ? ` ${formatSize(e.size)}` : ''} ${row.id}${reference ? ' (reference)' : ''}`,
    };
  };
  const jobs: PlannedJob[] = [];
  const refs: readonly PlanReference[] =
    host.reference === undefined ? [] : 'row' in host.reference ? [host.reference] : host.reference;
  // the reference for an algorithm: the first that has it
  const referenceOf = (a: AlgorithmName) =>
    refs.find((r) => r.row.algorithms.includes(a) && (r.only === undefined || r.only.includes(a)));
  const useAsReference = (e: Expectation, j: PlannedJob, ref: PlanReference) => {
    Object.assign(e, { referenceJob: j.key, referenceSource: ref.source });
  };
  // a reference among the selected providers is its own; else it runs as a job of its own
  for (const e of expectations) {
    const ref = referenceOf(e.algorithm);
    if (e.stored || !ref || selection.some((s) => s.row === ref.row)) continue;
    const j = job(e, ref.row, true);
    jobs.push(j);
    useAsReference(e, j, ref);
  }
  for (const e of expectations) {
    const ref = referenceOf(e.algorithm);
    for (const { row, named } of selection) {
      const has = row.algorithms.includes(e.algorithm);
      if (!has && !named) continue;
      const j = job(e, row, false);
      if (oneShot(row, e.algorithm)) {
        const reason = `${row.id} is one-shot only (async, no streaming digest), so it cannot take ${formatSize(e.size)} in ${formatSize(run.chunk)} pieces`;
        j.record = overflowRecord(j, run, { status: 'skipped', reason });
      }
      jobs.push(j);
      if (ref && row === ref.row && !e.stored) useAsReference(e, j, ref);
    }
  }
  const checkpoint = mergeResume(jobs, run, resumed);
  const rank = (j: PlannedJob) => (j.reference ? -1 : SPEED_RANK.indexOf(j.implementedIn));
  const order = jobs
    .filter((j) => !j.record)
    .sort((a, b) => rank(a) - rank(b))
    .map((j) => j.key);
  return { run, jobs, order, expectations, checkpoint, ...(refs[0] ? { referenceProvider: refs[0].row.id } : {}) };
}

/** One of our providers that has the algorithm but cannot stream it (async one-shot: WebCrypto). */
function oneShot(row: Row, algorithm: AlgorithmName): boolean {
  if (row.kind !== 'ours' || !row.algorithms.includes(algorithm)) return false;
  return libraryProviders().some((p) => p.id === row.id && p.available) && !streams(row.id);
}

/**
 * The checkpoint a run starts from: each job's saved entry when the resumed checkpoint has one (a finished record is
 * kept, a saved state becomes the job's resume point), else an empty entry. Sets `record` and `resume` on the jobs.
 */
export function mergeResume(jobs: PlannedJob[], run: RunParams, resumed?: Resumed): CheckpointFile {
  const cp: CheckpointFile = { schema: CHECKPOINT_SCHEMA, updated: '', run, jobs: {} };
  for (const job of jobs) {
    const saved = resumed?.checkpoint.jobs[job.key];
    const entry: JobCheckpoint = saved ?? {
      algorithm: job.algorithm,
      provider: job.provider,
      bytes: 0,
      seconds: 0,
      state: null,
      record: null,
    };
    cp.jobs[job.key] = entry;
    if (!saved) continue;
    // a SHAKE record saved before records had outputLength gets the job's (it is matched to its expectation by it)
    if (saved.record) {
      const old = saved.record.outputLength === undefined && job.outputLength !== undefined;
      job.record = old ? { ...saved.record, outputLength: job.outputLength } : { ...saved.record };
    } else if (saved.state) {
      let state: Uint8Array;
      try {
        state = decodeState(saved.state);
      } catch {
        throw new UsageError(`checkpoint ${resumed?.source}: job "${job.key}" has a damaged state`);
      }
      job.resume = { bytes: saved.bytes, seconds: saved.seconds, state };
    }
  }
  return cp;
}

const NAMES = new Map(libraryAlgorithms().map((a) => [a.name, [...a.aliases, ...a.oids]]));

/**
 * A job's record for how it ended. `peakRssBytes`: the process's peak when the job ended, where the runner knows it;
 * `why`: a note (e.g. "not started").
 */
export function overflowRecord(
  job: PlannedJob,
  run: RunParams,
  outcome: JobOutcome,
  peakRssBytes: number | null = null,
  why: string | null = null,
): OverflowRecord {
  const base: OverflowRecord = {
    algorithm: job.algorithm,
    outputLength: job.outputLength ?? null,
    aliases: NAMES.get(job.algorithm) ?? [],
    provider: job.provider,
    kind: job.kind,
    library: job.library,
    version: job.version,
    implementedIn: job.implementedIn,
    pattern: run.pattern,
    size: job.size,
    chunk: run.chunk,
    bytes: 0,
    hex: null,
    expected: null,
    expectedSource: null,
    verdict: 'UNCHECKED',
    reason: why,
    agreesWith: [],
    disagreesWith: [],
    seconds: null,
    mibPerSecond: null,
    peakRssBytes,
    resumable: job.resumable,
    resumed: job.resume !== undefined,
  };
  switch (outcome.status) {
    case 'done':
      return {
        ...base,
        bytes: outcome.bytes,
        hex: outcome.hex,
        seconds: outcome.seconds,
        mibPerSecond: mibPerSecond(outcome.bytes, outcome.seconds),
      };
    case 'skipped':
      return { ...base, verdict: 'SKIPPED', reason: outcome.reason };
    case 'error':
      return { ...base, verdict: 'ERROR', reason: outcome.message, bytes: outcome.bytes, seconds: outcome.seconds };
    case 'stopped':
      return { ...base, verdict: 'INTERRUPTED', bytes: outcome.bytes, seconds: outcome.seconds };
  }
}
