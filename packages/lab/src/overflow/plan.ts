/**
 * The overflow plan: a run's choice (choice.ts) resolved into plain data — every job with what it is, the order they
 * run in, where each expected digest comes from, and the checkpoint a resumed run continues. Pure: nothing runs here,
 * so a face can show the plan first. What was asked is read in flags.ts and choice.ts, a resumed run's conflicts are
 * found in resume.ts, the checkpoint merge is checkpoint-merge.ts, a job's record records.ts.
 */
import { type AlgorithmName, algorithms } from 'digestlab';
import type { ImplementedIn, Row } from '../rows.js';
import type { CheckpointFile, RunParams } from './checkpoint.js';
import { mergeResume } from './checkpoint-merge.js';
import { type Expectation, type JobContext, type PlannedJob, plannedJob } from './job.js';
import { outputLengthsFor, sizesFor } from './per-algorithm.js';
import { overflowRecord } from './records.js';
import { storedReference, type ZeroVectors } from './references.js';
import type { Resumed } from './resume.js';
import { oneShot, type RunChoice, type Selection } from './selection.js';
import { formatSize } from './size.js';

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

/** Keccak as submitted to the competition (the registry's family `Keccak`): what no OpenSSL 3.0 has. */
export const KECCAK: readonly AlgorithmName[] = algorithms().flatMap((a) => (a.family === 'Keccak' ? [a.name] : []));

/**
 * The reference for Keccak (node:crypto has none): hash-wasm's `createKeccak(bits)` streaming the same pattern in
 * the same run, an implementation independent of ours (C compiled to WebAssembly). Undefined when `rows` lack it.
 */
export function keccakReference(rows: readonly Row[], version: string | null = null): PlanReference | undefined {
  return hashWasmReference(rows, version, 'createKeccak', KECCAK);
}

/** BLAKE3's family in the registry: BLAKE3-256, the one name a run keys it by. */
export const BLAKE3: readonly AlgorithmName[] = algorithms().flatMap((a) => (a.family === 'BLAKE3' ? [a.name] : []));

/**
 * The reference for BLAKE3 where vectors/zeros.json has no b3sum digest (sizes other than the boundaries): hash-wasm's
 * `createBLAKE3(256)` in the same run (BLAKE3's C code compiled to WebAssembly; node:crypto has no BLAKE3).
 * Undefined when `rows` lack it.
 */
export function blake3Reference(rows: readonly Row[], version: string | null = null): PlanReference | undefined {
  return hashWasmReference(rows, version, 'createBLAKE3', BLAKE3);
}

/** BLAKE2b's and BLAKE2s' names in the registry (BLAKE2B-160 … BLAKE2B-512 and BLAKE2b; BLAKE2S-128 … and BLAKE2s). */
export const BLAKE2B: readonly AlgorithmName[] = blake2Names(128);
export const BLAKE2S: readonly AlgorithmName[] = blake2Names(64);

function blake2Names(blockLength: number): AlgorithmName[] {
  return algorithms().flatMap((a) => (a.family === 'BLAKE2' && a.blockLength === blockLength ? [a.name] : []));
}

/**
 * The references for BLAKE2 where neither vectors/zeros.json (OpenSSL's BLAKE2b-512 and BLAKE2s-256 at the
 * boundaries) nor node:crypto (only those two forms) gives one: hash-wasm's `createBLAKE2b(bits)` and
 * `createBLAKE2s(bits)` in the same run (the reference C code compiled to WebAssembly), at the name's length; the
 * length-free BLAKE2b and BLAKE2s at their default, 64 and 32 bytes. Undefined when `rows` lack hash-wasm.
 */
export function blake2bReference(rows: readonly Row[], version: string | null = null): PlanReference | undefined {
  return hashWasmReference(rows, version, 'createBLAKE2b', BLAKE2B);
}

export function blake2sReference(rows: readonly Row[], version: string | null = null): PlanReference | undefined {
  return hashWasmReference(rows, version, 'createBLAKE2s', BLAKE2S);
}

function hashWasmReference(
  rows: readonly Row[],
  version: string | null,
  call: string,
  only: readonly AlgorithmName[],
): PlanReference | undefined {
  const row = rows.find((r) => r.id === 'hash-wasm');
  if (!row) return undefined;
  return { row, source: `hash-wasm${version ? ` ${version}` : ''} ${call} in this run`, only };
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
  const expectations = expectationsOf(run, algorithms, host);
  const refs: readonly PlanReference[] =
    host.reference === undefined ? [] : 'row' in host.reference ? [host.reference] : host.reference;
  const ctx: JobContext = {
    severalSizes: run.sizes.length > 1,
    versionOf: (library) => host.versionOf?.(library) ?? null,
  };
  const jobs = [
    ...referenceJobs(expectations, refs, selection, ctx),
    ...selectedJobs(expectations, refs, selection, run, ctx),
  ];
  const checkpoint = mergeResume(jobs, run, resumed);
  return {
    run,
    jobs,
    order: runOrder(jobs),
    expectations,
    checkpoint,
    ...(refs[0] ? { referenceProvider: refs[0].row.id } : {}),
  };
}

/** Every digest asked for: size × algorithm × output length (SHAKE's), each with its stored expected digest. */
function expectationsOf(run: RunParams, algorithms: readonly AlgorithmName[], host: OverflowPlanHost): Expectation[] {
  return run.sizes.flatMap((size) =>
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
}

/** The reference for an algorithm: the first of `refs` that has it. */
function referenceOf(refs: readonly PlanReference[], a: AlgorithmName): PlanReference | undefined {
  return refs.find((r) => r.row.algorithms.includes(a) && (r.only === undefined || r.only.includes(a)));
}

/** `e`'s expected digest is `j`'s, named as `ref` names it. */
function useAsReference(e: Expectation, j: PlannedJob, ref: PlanReference): void {
  Object.assign(e, { referenceJob: j.key, referenceSource: ref.source });
}

/**
 * The jobs run only to give an expected digest that no stored vector gives. A reference among the selected
 * providers is its own (see {@link selectedJobs}); else it runs as a job of its own.
 */
function referenceJobs(
  expectations: readonly Expectation[],
  refs: readonly PlanReference[],
  selection: readonly Selection[],
  ctx: JobContext,
): PlannedJob[] {
  const jobs: PlannedJob[] = [];
  for (const e of expectations) {
    const ref = referenceOf(refs, e.algorithm);
    if (e.stored || !ref || selection.some((s) => s.row === ref.row)) continue;
    const j = plannedJob(e, ref.row, true, ctx);
    jobs.push(j);
    useAsReference(e, j, ref);
  }
  return jobs;
}

/**
 * The selected providers' jobs: size × algorithm × provider, a named provider that lacks the algorithm included
 * (its record says SKIPPED), and a one-shot provider SKIPPED before it runs.
 */
function selectedJobs(
  expectations: readonly Expectation[],
  refs: readonly PlanReference[],
  selection: readonly Selection[],
  run: RunParams,
  ctx: JobContext,
): PlannedJob[] {
  const jobs: PlannedJob[] = [];
  for (const e of expectations) {
    const ref = referenceOf(refs, e.algorithm);
    for (const { row, named } of selection) {
      const has = row.algorithms.includes(e.algorithm);
      if (!has && !named) continue;
      const j = plannedJob(e, row, false, ctx);
      if (oneShot(row, e.algorithm)) {
        const reason = `${row.id} is one-shot only (async, no streaming digest), so it cannot take ${formatSize(e.size)} in ${formatSize(run.chunk)} pieces`;
        j.record = overflowRecord(j, run, { status: 'skipped', reason });
      }
      jobs.push(j);
      if (ref && row === ref.row && !e.stored) useAsReference(e, j, ref);
    }
  }
  return jobs;
}

/** Keys of the jobs still to run, in the order they start ({@link SPEED_RANK}; references first). */
function runOrder(jobs: readonly PlannedJob[]): string[] {
  const rank = (j: PlannedJob) => (j.reference ? -1 : SPEED_RANK.indexOf(j.implementedIn));
  return jobs
    .filter((j) => !j.record)
    .sort((a, b) => rank(a) - rank(b))
    .map((j) => j.key);
}
