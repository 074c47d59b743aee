/**
 * `digestlab overflow`: streams `--size` bytes of a pattern through every selected (algorithm × provider) in worker
 * threads, and says for each whether the digest is right: PASS, FAIL (with the expected digest) or UNCHECKED.
 * The platform-neutral parts (sizes, patterns, the job loop, verdicts, text) are @digestlab/lab/overflow; this file
 * adds what only Node has: worker threads, the terminal, signals, checkpoint files and vectors/zeros.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  allRows,
  OVERFLOW_SCHEMA,
  PEERS,
  type Row,
  resolveAlgorithms,
  resolveProviders,
  UsageError,
} from '@digestlab/lab';
import {
  applyVerdicts,
  columnLabel,
  type Expected,
  exitCode,
  formatSize,
  isPattern,
  type JobOutcome,
  mibPerSecond,
  type OverflowRecord,
  PATTERNS,
  type Paint,
  type Pattern,
  parseSize,
  parseZeroVectors,
  type ResumePoint,
  renderRecord,
  renderSummary,
  runHeader,
  SEED_SIZE,
  SizeError,
  storedReference,
  tally,
  type ZeroVectors,
} from '@digestlab/lab/overflow';
import { type Command, Option } from 'commander';
import { type AlgorithmName, algorithms as libraryAlgorithms, providers as libraryProviders } from 'digestlab';
import { CliUsageError, type Io, processIo } from '../io.js';
import { nodeCryptoRow, versionOf } from '../node-host.js';
import {
  CHECKPOINT_SCHEMA,
  type CheckpointFile,
  decodeState,
  encodeState,
  jobKey,
  loadCheckpoint,
  type RunParams,
  saveCheckpoint,
} from './checkpoint.js';
import { type PoolTask, runPool, type TaskResult } from './pool.js';
import { createProgress } from './progress.js';

export interface OverflowFlags {
  size?: string;
  chunk?: string;
  algorithms?: string;
  providers?: string;
  pattern?: string;
  jobs?: string;
  checkpoint?: string;
  checkpointEvery?: string;
  resume?: string;
  vectors?: string;
  strict?: boolean;
  json?: boolean;
  quiet?: boolean;
  progressEvery?: string;
  /** Hidden, for tests: sleep this many ms after every update. */
  debugUpdateDelay?: string;
}

export interface OverflowContext {
  io: Io;
  /** Listen for SIGINT/SIGTERM while running (default true). Tests running in-process may turn it off. */
  signals?: boolean;
  /** Receives a function that interrupts the run as Ctrl-C would (tests). */
  onStart?(interrupt: () => void): void;
}

/** Exit status after Ctrl-C / SIGTERM (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

const SPEED_RANK: readonly string[] = ['JavaScript', 'TypeScript', 'WebAssembly', 'OpenSSL', 'WebCrypto'];
const DEFAULT_CHUNK = 2 ** 20;
const DEFAULT_CHECKPOINT_EVERY = 4 * 2 ** 30;
const DEFAULT_VECTORS = fileURLToPath(new URL('../../../../vectors/zeros.json', import.meta.url));

const ANSI: Paint = {
  red: (s) => `\x1b[31m${s}\x1b[39m`,
  green: (s) => `\x1b[32m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
  bold: (s) => `\x1b[1m${s}\x1b[22m`,
};
const PLAIN: Paint = { red: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };

function size(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  try {
    return parseSize(text, min);
  } catch (e) {
    if (e instanceof SizeError) throw new CliUsageError(`--${name}: ${e.message}`);
    throw e;
  }
}

/** `--size`: one size, or several separated by commas (each a job of its own). */
function sizes(text: string): number[] {
  const parts = text.split(',').map((t) => t.trim());
  if (parts.some((t) => t === '')) throw new CliUsageError(`--size: an empty size in "${text}"`);
  return [...new Set(parts.map((t) => size('size', t, SEED_SIZE, 0)))];
}

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min)
    throw new CliUsageError(`--${name} must be a whole number >= ${min} (got "${text}")`);
  return n;
}

function list(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}

interface Selection {
  row: Row;
  /** Named on the command line (then a missing algorithm is reported as SKIPPED, not left out). */
  named: boolean;
}

/**
 * Rows for `--providers`: default our streaming providers; `ours` every provider of ours (a one-shot one is then
 * SKIPPED); `peers` every peer; `all` ours and every peer; any row id (node:crypto included).
 */
export function selectProviders(ids: readonly string[] | undefined, rows: readonly Row[]): Selection[] {
  const ours = rows.filter((r) => r.kind === 'ours');
  const streaming = new Set(
    libraryProviders()
      .filter((p) => p.streaming && p.sync)
      .map((p) => p.id as string),
  );
  const out: Selection[] = [];
  const add = (row: Row, named: boolean) => {
    const had = out.find((s) => s.row === row);
    if (had) had.named ||= named;
    else out.push({ row, named });
  };
  for (const id of ids ?? ['default']) {
    const key = id.toLowerCase();
    if (key === 'default') for (const r of ours.filter((r) => streaming.has(r.id))) add(r, false);
    else if (key === 'ours') for (const r of ours) add(r, false);
    else if (key === 'peers') for (const r of PEERS) add(r, false);
    else if (key === 'all') for (const r of [...ours, ...PEERS]) add(r, false);
    else {
      try {
        add(resolveProviders([id], rows)[0], true);
      } catch (e) {
        throw new CliUsageError(`${(e as Error).message}; or: default, ours, peers, all`);
      }
    }
  }
  return out;
}

function loadVectors(file: string | undefined, note: (s: string) => void): { vectors?: ZeroVectors; name: string } {
  const path = file ?? DEFAULT_VECTORS;
  const name = file ?? 'vectors/zeros.json';
  if (!existsSync(path)) {
    if (file) throw new CliUsageError(`--vectors: no file ${file}`);
    note(`overflow: ${path} not found: expected digests come from node:crypto in this run\n`);
    return { name };
  }
  try {
    return { vectors: parseZeroVectors(readFileSync(path, 'utf8'), name), name };
  } catch (e) {
    throw new CliUsageError((e as Error).message);
  }
}

interface Job {
  key: string;
  algorithm: AlgorithmName;
  size: number;
  row: Row;
  reference: boolean;
  resume?: ResumePoint;
  /** Already finished (from a checkpoint) or decided without running (SKIPPED). */
  record?: OverflowRecord;
}

const NAMES = new Map(libraryAlgorithms().map((a) => [a.name, [...a.aliases, ...a.oids]]));
const versions = new Map<string, string | null>();
function version(library: string): string | null {
  if (library === 'node:crypto') return `Node ${process.version}, OpenSSL ${process.versions.openssl}`;
  if (!versions.has(library)) versions.set(library, versionOf(library) ?? null);
  return versions.get(library) ?? null;
}

/** Runs `digestlab overflow`; resolves to the exit status. Throws CliUsageError for a usage mistake. */
export async function overflow(flags: OverflowFlags, ctx: OverflowContext): Promise<number> {
  const { io } = ctx;
  const t0 = performance.now();
  const note = (s: string) => io.stderr(s);

  // ---- what to run: from the command line, or from the checkpoint being resumed
  let resumed: CheckpointFile | undefined;
  if (flags.resume) {
    try {
      resumed = loadCheckpoint(flags.resume);
    } catch (e) {
      throw new CliUsageError((e as Error).message);
    }
  }
  const asked: Partial<RunParams> = {
    ...(flags.size !== undefined ? { sizes: sizes(flags.size) } : {}),
    ...(flags.chunk !== undefined ? { chunk: size('chunk', flags.chunk, DEFAULT_CHUNK, 1) } : {}),
  };
  if (flags.pattern !== undefined && !isPattern(flags.pattern)) {
    throw new CliUsageError(`--pattern must be one of ${PATTERNS.join(', ')} (got "${flags.pattern}")`);
  }
  let algorithms: AlgorithmName[];
  try {
    algorithms = resolveAlgorithms(list(flags.algorithms) ?? ['SHA-1']);
  } catch (e) {
    if (e instanceof UsageError) throw new CliUsageError(e.message);
    throw e;
  }
  const rows = allRows({ rows: [nodeCryptoRow] });
  let selection = selectProviders(list(flags.providers), rows);
  if (asked.chunk !== undefined && asked.chunk > 2 ** 30) throw new CliUsageError('--chunk: at most 1GiB');

  let run: RunParams;
  if (resumed) {
    const r = resumed.run;
    const conflicts: string[] = [];
    if (asked.sizes !== undefined && asked.sizes.join() !== r.sizes.join()) {
      conflicts.push(`--size (checkpoint: ${r.sizes.map(formatSize).join(',')})`);
    }
    if (flags.pattern !== undefined && flags.pattern !== r.pattern)
      conflicts.push(`--pattern (checkpoint: ${r.pattern})`);
    if (flags.algorithms !== undefined && algorithms.join() !== r.algorithms.join()) {
      conflicts.push(`--algorithms (checkpoint: ${r.algorithms.join(',')})`);
    }
    if (flags.providers !== undefined && selection.map((s) => s.row.id).join() !== r.providers.join()) {
      conflicts.push(`--providers (checkpoint: ${r.providers.join(',')})`);
    }
    if (conflicts.length > 0) {
      throw new CliUsageError(
        `--resume ${flags.resume} continues the run it was made by; drop or match ${conflicts.join(', ')}`,
      );
    }
    if (!isPattern(r.pattern)) throw new CliUsageError(`checkpoint ${flags.resume}: unknown pattern "${r.pattern}"`);
    try {
      algorithms = resolveAlgorithms(r.algorithms);
      selection = r.providers.map((id) => ({
        row: resolveProviders([id], rows)[0],
        named: r.named?.includes(id) ?? true,
      }));
    } catch (e) {
      throw new CliUsageError(`checkpoint ${flags.resume}: ${(e as Error).message}`);
    }
    // the chunk size does not change the digest; a resumed run may use another
    run = { ...r, chunk: asked.chunk ?? r.chunk, algorithms };
  } else {
    run = {
      sizes: asked.sizes ?? [SEED_SIZE],
      chunk: asked.chunk ?? DEFAULT_CHUNK,
      pattern: (flags.pattern ?? 'zeros') as Pattern,
      algorithms,
      providers: selection.map((s) => s.row.id),
      named: selection.filter((s) => s.named).map((s) => s.row.id),
    };
  }
  const pattern = run.pattern;
  const jobsAtOnce = integer('jobs', flags.jobs, os.availableParallelism?.() ?? os.cpus().length, 1);
  const checkpointEvery = size('checkpoint-every', flags.checkpointEvery, DEFAULT_CHECKPOINT_EVERY, 1);
  const progressEvery = Number(flags.progressEvery ?? 10);
  if (!Number.isFinite(progressEvery) || progressEvery < 0) {
    throw new CliUsageError(`--progress-every must be a number of seconds >= 0 (got "${flags.progressEvery}")`);
  }
  const delay = integer('debug-update-delay', flags.debugUpdateDelay, 0, 0);
  const checkpointFile = flags.checkpoint ?? flags.resume;
  const { vectors, name: vectorsName } = loadVectors(flags.vectors, note);

  // ---- expected digests known before anything runs
  const at = (a: AlgorithmName, n: number) => `${a} ${n}`;
  const stored = new Map<string, Expected | undefined>();
  for (const a of algorithms) {
    for (const n of run.sizes) {
      try {
        stored.set(at(a, n), storedReference(a, pattern, n, vectors, vectorsName));
      } catch (e) {
        io.stderr(`digestlab overflow: ${(e as Error).message}\n`);
        return 1;
      }
    }
  }

  // ---- the jobs
  const info = libraryProviders();
  const jobs: Job[] = [];
  const refRow = nodeCryptoRow;
  const referenceOf = new Map<string, Job>();
  for (const n of run.sizes) {
    for (const a of algorithms) {
      if (stored.get(at(a, n)) || !refRow.algorithms.includes(a)) continue;
      const selected = selection.find((s) => s.row === refRow);
      if (selected) continue; // node:crypto is a selected provider: its own job is the reference
      const key = jobKey(a, `${refRow.id}#reference`, n);
      const job: Job = { key, algorithm: a, size: n, row: refRow, reference: true };
      jobs.push(job);
      referenceOf.set(at(a, n), job);
    }
  }
  for (const n of run.sizes) {
    for (const a of algorithms) {
      for (const { row, named } of selection) {
        const has = row.algorithms.includes(a);
        if (!has && !named) continue;
        const job: Job = { key: jobKey(a, row.id, n), algorithm: a, size: n, row, reference: false };
        const p = row.kind === 'ours' ? info.find((x) => x.id === row.id) : undefined;
        if (p && (!p.streaming || !p.sync) && p.available && has) {
          job.record = record(job, run, {
            status: 'skipped',
            reason: `${row.id} is one-shot only (async, no streaming digest), so it cannot take ${formatSize(n)} in ${formatSize(run.chunk)} pieces`,
          });
        }
        jobs.push(job);
        if (row === refRow) referenceOf.set(at(a, n), job);
      }
    }
  }

  // ---- resume
  const cp: CheckpointFile = {
    schema: CHECKPOINT_SCHEMA,
    updated: '',
    run,
    jobs: {},
  };
  for (const job of jobs) {
    const saved = resumed?.jobs[job.key];
    cp.jobs[job.key] = saved ?? {
      algorithm: job.algorithm,
      provider: job.row.id,
      bytes: 0,
      seconds: 0,
      state: null,
      record: null,
    };
    if (!saved) continue;
    if (saved.record) job.record = { ...saved.record };
    else if (saved.state) job.resume = { bytes: saved.bytes, seconds: saved.seconds, state: decodeState(saved.state) };
  }
  const save = () => {
    if (!checkpointFile) return;
    try {
      saveCheckpoint(checkpointFile, cp);
    } catch (e) {
      io.stderr(`digestlab overflow: cannot write checkpoint ${checkpointFile}: ${(e as Error).message}\n`);
    }
  };

  // ---- output
  const paint = io.stdoutIsTTY && !io.env.NO_COLOR ? ANSI : PLAIN;
  // bars draw on the process's own stderr, so only when that is the terminal the io says it is
  const bars = io.stderrIsTTY && Boolean(process.stderr.isTTY);
  const progress = createProgress(io, { bars, quiet: Boolean(flags.quiet), every: progressEvery });
  const out = (s: string) => {
    if (!flags.json) progress.print(s);
  };
  out(runHeader({ sizes: run.sizes, chunk: run.chunk, pattern, jobs: jobsAtOnce }));
  for (const [k, a, n] of run.sizes.flatMap((n) => algorithms.map((a) => [at(a, n), a, n] as const))) {
    const s = stored.get(k);
    const ref = referenceOf.get(k);
    const what = run.sizes.length > 1 ? `${a} ${formatSize(n)}` : a;
    out(
      paint.dim(
        `${what}: expected digest ${s ? `from ${s.source}` : ref ? `from node:crypto (OpenSSL ${process.versions.openssl}) in this run` : 'unknown: node:crypto lacks it, results are compared with each other (UNCHECKED)'}\n`,
      ),
    );
  }
  if (resumed) out(paint.dim(`resuming ${flags.resume} (saved ${resumed.updated})\n`));
  if (checkpointFile) {
    const cannot = [...new Set(jobs.filter((j) => !j.record && !canResume(j.row)).map((j) => j.row.id))];
    const can = [...new Set(jobs.filter((j) => canResume(j.row)).map((j) => j.row.id))];
    if (cannot.length > 0) {
      note(
        `overflow: checkpoints hold the state of ${can.length > 0 ? can.join(', ') : 'no job of this run'}; ` +
          `${cannot.join(', ')} cannot export state: if interrupted they start over on --resume (finished results are kept)\n`,
      );
    }
    save();
  }
  out('\n');

  // ---- verdicts as results come in
  const records = new Map<Job, OverflowRecord>();
  const printed = new Set<Job>();
  const expectedFor = (x: { algorithm: AlgorithmName; size: number }): Expected | undefined => {
    const s = stored.get(at(x.algorithm, x.size));
    if (s) return s;
    const ref = referenceOf.get(at(x.algorithm, x.size));
    const r = ref ? records.get(ref) : undefined;
    if (r?.hex) {
      return {
        hex: r.hex,
        source: `node:crypto ${process.versions.openssl ? `(OpenSSL ${process.versions.openssl}) ` : ''}in this run`,
        from: r.provider,
      };
    }
    return undefined;
  };
  const settled = (j: Job) => {
    const ref = referenceOf.get(at(j.algorithm, j.size));
    return stored.get(at(j.algorithm, j.size)) !== undefined || !ref || records.has(ref);
  };
  const flush = (all: boolean) => {
    const list = jobs.filter((j) => records.has(j));
    applyVerdicts(
      list.map((j) => records.get(j) as OverflowRecord),
      expectedFor,
    );
    for (const j of list) {
      if (printed.has(j) || !(all || settled(j))) continue;
      printed.add(j);
      out(renderRecord(records.get(j) as OverflowRecord, paint));
    }
  };
  for (const j of jobs) if (j.record) records.set(j, j.record);
  flush(false);

  // ---- run
  // Longest first makes the shortest run on few cores: references (needed for verdicts, and fast) lead, then
  // pure JavaScript (the slowest by far), TypeScript, WebAssembly, OpenSSL. Lines still appear as jobs finish.
  const rank = (j: Job) => (j.reference ? -1 : SPEED_RANK.indexOf(j.row.implementedIn));
  const toRun = jobs.filter((j) => !j.record).sort((a, b) => rank(a) - rank(b));
  let interrupted = false;
  const tasks: PoolTask[] = toRun.map((job) => ({
    job: {
      spec: {
        algorithm: job.algorithm,
        provider: job.row.id,
        size: job.size,
        chunk: run.chunk,
        pattern,
        ...(checkpointFile ? { checkpointEvery } : {}),
        progressEveryMs: 250,
      },
      ...(job.resume ? { resume: job.resume } : {}),
      ...(delay > 0 ? { delayMsPerUpdate: delay } : {}),
    },
    onStart: () => progress.add(job.key, label(job, run.sizes.length > 1), job.size),
    onMessage: (m) => {
      if (m.type === 'progress') progress.update(job.key, m.bytes, m.seconds);
      else {
        Object.assign(cp.jobs[job.key], { bytes: m.bytes, seconds: m.seconds, state: encodeState(m.state) });
        save();
      }
    },
  }));
  const onResult = (i: number, r: TaskResult) => {
    const job = toRun[i];
    progress.remove(job.key);
    let outcome: JobOutcome = r.outcome;
    if (interrupted && outcome.status === 'error' && outcome.message === 'terminated') {
      // ended at once (a second Ctrl-C): it stands where its last checkpoint left it
      const last = cp.jobs[job.key];
      outcome = { status: 'stopped', bytes: last.state ? last.bytes : 0, seconds: last.seconds, resumable: false };
    }
    const rec = record(job, run, outcome, r.peakRssBytes);
    records.set(job, rec);
    const entry = cp.jobs[job.key];
    if (outcome.status === 'done' || outcome.status === 'skipped') {
      Object.assign(entry, { bytes: rec.bytes, seconds: rec.seconds ?? 0, state: null, record: rec });
    } else if (outcome.status === 'stopped' && outcome.state) {
      Object.assign(entry, { bytes: outcome.bytes, seconds: outcome.seconds, state: encodeState(outcome.state) });
    }
    save();
    flush(false);
  };
  const pool = runPool(tasks, jobsAtOnce, onResult);

  let presses = 0;
  const interrupt = () => {
    presses++;
    interrupted = true;
    if (presses === 1) {
      progress.note('\noverflow: stopping; running jobs save their state (Ctrl-C again to quit at once)\n');
      pool.stop();
    } else {
      pool.terminate();
    }
  };
  const useSignals = ctx.signals ?? true;
  if (useSignals) {
    process.on('SIGINT', interrupt);
    process.on('SIGTERM', interrupt);
  }
  ctx.onStart?.(interrupt);
  try {
    await pool.done;
  } finally {
    if (useSignals) {
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', interrupt);
    }
    progress.stop();
  }

  // ---- jobs that never started
  for (const job of toRun) {
    if (!records.has(job)) {
      records.set(
        job,
        record(
          job,
          run,
          {
            status: 'stopped',
            bytes: job.resume?.bytes ?? 0,
            seconds: job.resume?.seconds ?? 0,
            resumable: canResume(job.row),
          },
          null,
          'not started',
        ),
      );
    }
  }
  flush(true);
  const all = jobs.map((j) => records.get(j) as OverflowRecord);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  const seconds = (performance.now() - t0) / 1000;
  const code = interrupted ? EXIT_INTERRUPTED : exitCode(all, Boolean(flags.strict));
  if (flags.json) {
    io.stdout(
      `${JSON.stringify(
        {
          schema: OVERFLOW_SCHEMA,
          run: {
            sizes: run.sizes,
            sizeTexts: run.sizes.map(formatSize),
            chunk: run.chunk,
            pattern,
            algorithms: run.algorithms,
            providers: run.providers,
            jobs: jobsAtOnce,
            strict: Boolean(flags.strict),
            checkpoint: checkpointFile ?? null,
            resumedFrom: flags.resume ?? null,
          },
          env: {
            runtime: 'node',
            runtimeVersion: process.versions.node,
            openssl: process.versions.openssl,
            cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
            cores: os.availableParallelism?.() ?? os.cpus().length,
            os: `${os.type()} ${os.release()} ${os.arch()}`,
            date: new Date().toISOString(),
          },
          results: all,
          summary: {
            ...tally(all),
            interrupted,
            seconds: Math.round(seconds * 1000) / 1000,
            peakRssBytes,
            exitCode: code,
          },
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const several = run.sizes.length > 1;
    const sources = Object.fromEntries(
      run.sizes.flatMap((size) =>
        algorithms.map((algorithm) => [
          columnLabel({ algorithm, size }, several),
          expectedFor({ algorithm, size })?.source,
        ]),
      ),
    );
    out(`\n${renderSummary(all, { peakRssBytes, seconds, interrupted, sources }, paint)}`);
    if (interrupted && checkpointFile) out(`resume with: digestlab overflow --resume ${checkpointFile}\n`);
  }
  return code;
}

function canResume(row: Row): boolean {
  return row.kind === 'ours' && libraryProviders().some((p) => p.id === row.id && p.exportState && p.available);
}

function label(job: Job, withSize: boolean): string {
  const size = withSize ? ` ${formatSize(job.size)}` : '';
  return `${job.algorithm}${size} ${job.row.id}${job.reference ? ' (reference)' : ''}`;
}

function record(
  job: Job,
  run: RunParams,
  outcome: JobOutcome,
  peakRssBytes: number | null = null,
  why: string | null = null,
): OverflowRecord {
  const base: OverflowRecord = {
    algorithm: job.algorithm,
    aliases: NAMES.get(job.algorithm) ?? [],
    provider: job.row.id,
    kind: job.reference ? 'reference' : job.row.kind,
    library: job.row.library,
    version: version(job.row.library),
    implementedIn: job.row.implementedIn,
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
    resumable: canResume(job.row),
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

/**
 * Adds `overflow` to a commander program. `ctx` is what main.ts gives every command (io and an exit-code sink);
 * without it the command writes to the process and sets process.exitCode.
 */
export function registerOverflow(
  program: Command,
  ctx: { io?: Io; done?(code: number): void; signals?: boolean } = {},
): void {
  program
    .command('overflow')
    .description(
      'stream --size bytes (default 257GiB, the seed) through each algorithm and provider; PASS, FAIL or UNCHECKED at every length',
    )
    .option(
      '-s, --size <bytes>',
      'bytes per digest: 275951648768, 257GiB, 4GiB+5, 2^38-1, 512MiB, 10GB; several: 2^29-1,2^29,2^29+1 (default 257GiB)',
    )
    .option('-c, --chunk <bytes>', 'bytes per update (default 1MiB)')
    .option('-a, --algorithms <list>', 'comma-separated algorithms (default SHA-1)')
    .option(
      '-p, --providers <list>',
      'comma-separated: default (our streaming providers), ours, peers, all, or provider ids (see digestlab bench --list)',
    )
    .option('--pattern <name>', `input bytes: ${PATTERNS.join(', ')} (default zeros)`)
    .option('-j, --jobs <n>', 'jobs run at once, each in a worker thread (default: one per core)')
    .option('--checkpoint <file>', 'save the state of resumable jobs (our ts and wasm providers) to FILE, atomically')
    .option('--checkpoint-every <bytes>', 'how often to save it (default 4GiB)')
    .option('--resume <file>', 'continue the run saved in FILE (and keep saving to it)')
    .option('--vectors <file>', "stored zero-input digests (default the repository's vectors/zeros.json)")
    .option('--strict', "exit 1 when a peer's digest is wrong too (by default only ours fail the run)")
    .option('--json', `print one JSON document (schema ${OVERFLOW_SCHEMA}) on stdout instead of text`)
    .option('-q, --quiet', 'no progress on stderr')
    .option('--progress-every <seconds>', 'seconds between progress lines when stderr is not a terminal (default 10)')
    .addOption(new Option('--debug-update-delay <ms>', 'tests: sleep after every update').hideHelp())
    .action(async (flags: OverflowFlags) => {
      const code = await overflow(flags, { io: ctx.io ?? processIo(), signals: ctx.signals ?? true });
      if (ctx.done) ctx.done(code);
      else process.exitCode = code;
    });
}
