/**
 * `digestlab overflow`: streams `--size` bytes of a pattern through every selected (algorithm × provider) in worker
 * threads, and says for each whether the digest is right: PASS, FAIL (with the expected digest) or UNCHECKED.
 * The engine (plan, scheduler, verdicts, checkpoint model, the JSON document) is @digestlab/lab/overflow; this file
 * adds what only Node has: flags, worker threads, the terminal, signals, checkpoint files and vectors/zeros.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { allRows, runtimeFacts, UsageError } from '@digestlab/lab';
import {
  type CheckpointFile,
  DEFAULT_CHECKPOINT_EVERY,
  keccakReference,
  OVERFLOW_SCHEMA,
  type OverflowEnv,
  type OverflowEvent,
  type OverflowPlan,
  type OverflowResult,
  overflowDocument,
  overflowStatus,
  PATTERNS,
  type Paint,
  type PlanReference,
  parseZeroVectors,
  planOverflow,
  type Resumed,
  renderExpectations,
  renderRecord,
  renderSummary,
  resolveRun,
  runHeader,
  runOverflow,
  SIZE_HELP,
  sizeOption,
  type ZeroVectors,
} from '@digestlab/lab/overflow';
import { type Command, Option } from 'commander';
import { CliUsageError, type Io, processIo } from '../io.js';
import { nodeCryptoRow, versionOf } from '../node-host.js';
import { loadCheckpoint, saveCheckpoint } from './checkpoint.js';
import { workerRunner } from './pool.js';
import { createProgress, type ProgressView } from './progress.js';

export { EXIT_INTERRUPTED, OVERFLOW_SCHEMA } from '@digestlab/lab/overflow';

export interface OverflowFlags {
  size?: string;
  outputLength?: string;
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

const DEFAULT_VECTORS = fileURLToPath(new URL('../../../../vectors/zeros.json', import.meta.url));

const ANSI: Paint = {
  red: (s) => `\x1b[31m${s}\x1b[39m`,
  green: (s) => `\x1b[32m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
  bold: (s) => `\x1b[1m${s}\x1b[22m`,
};
const PLAIN: Paint = { red: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min)
    throw new CliUsageError(`--${name} must be a whole number >= ${min} (got "${text}")`);
  return n;
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

const cores = () => os.availableParallelism?.() ?? os.cpus().length;

/** The stderr note when a checkpoint is kept but some jobs cannot export their state. */
function checkpointNote(plan: OverflowPlan): string | undefined {
  const ids = (jobs: OverflowPlan['jobs']) => [...new Set(jobs.map((j) => j.provider))];
  const cannot = ids(plan.jobs.filter((j) => !j.record && !j.resumable));
  const can = ids(plan.jobs.filter((j) => j.resumable));
  if (cannot.length === 0) return undefined;
  return (
    `overflow: checkpoints hold the state of ${can.length > 0 ? can.join(', ') : 'no job of this run'}; ` +
    `${cannot.join(', ')} cannot export state: if interrupted they start over on --resume (finished results are kept)\n`
  );
}

/** Runs `digestlab overflow`; resolves to the exit status. Throws a usage error for a usage mistake. */
export async function overflow(flags: OverflowFlags, ctx: OverflowContext): Promise<number> {
  const { io } = ctx;
  const t0 = performance.now();
  const note = (s: string) => io.stderr(s);

  // ---- what to run: from the command line, or from the checkpoint being resumed
  let resumed: Resumed | undefined;
  if (flags.resume) {
    try {
      resumed = { source: flags.resume, checkpoint: loadCheckpoint(flags.resume) };
    } catch (e) {
      throw new CliUsageError((e as Error).message);
    }
  }
  const rows = allRows({ rows: [nodeCryptoRow] });
  const choice = resolveRun(flags, rows, resumed);
  const { run } = choice;
  const jobsAtOnce = integer('jobs', flags.jobs, cores(), 1);
  const checkpointEvery = sizeOption('checkpoint-every', flags.checkpointEvery, DEFAULT_CHECKPOINT_EVERY, 1);
  const progressEvery = Number(flags.progressEvery ?? 10);
  if (!Number.isFinite(progressEvery) || progressEvery < 0) {
    throw new CliUsageError(`--progress-every must be a number of seconds >= 0 (got "${flags.progressEvery}")`);
  }
  const delay = integer('debug-update-delay', flags.debugUpdateDelay, 0, 0);
  const checkpointFile = flags.checkpoint ?? flags.resume;
  const { vectors, name: vectorsName } = loadVectors(flags.vectors, note);

  // ---- the jobs, and where each expected digest comes from
  // node:crypto for what it has; hash-wasm's createKeccak for Keccak, which OpenSSL 3.0 lacks
  const references: PlanReference[] = [
    { row: nodeCryptoRow, source: `node:crypto (${runtimeFacts().cryptoLibrary ?? 'the runtime'}) in this run` },
  ];
  const keccak = keccakReference(rows, versionOf('hash-wasm') ?? null);
  if (keccak) references.push(keccak);
  let plan: OverflowPlan;
  try {
    plan = planOverflow(
      choice,
      {
        reference: references,
        ...(vectors ? { vectors } : {}),
        vectorsName,
        versionOf: (library) => versionOf(library) ?? null,
      },
      resumed,
    );
  } catch (e) {
    if (e instanceof UsageError) throw e;
    io.stderr(`digestlab overflow: ${(e as Error).message}\n`);
    return 1;
  }

  // ---- output
  const paint = io.stdoutIsTTY && !io.env.NO_COLOR ? ANSI : PLAIN;
  // bars draw on the process's own stderr, so only when that is the terminal the io says it is
  const bars = io.stderrIsTTY && Boolean(process.stderr.isTTY);
  const progress = createProgress(io, { bars, quiet: Boolean(flags.quiet), every: progressEvery });
  const out = (s: string) => {
    if (!flags.json) progress.print(s);
  };
  out(runHeader({ sizes: run.sizes, chunk: run.chunk, pattern: run.pattern, jobs: jobsAtOnce }));
  out(renderExpectations(plan, paint));
  if (resumed) out(paint.dim(`resuming ${flags.resume} (saved ${resumed.checkpoint.updated})\n`));
  const store = checkpointFile ? checkpointStore(checkpointFile, io) : undefined;
  if (store) {
    const why = checkpointNote(plan);
    if (why) note(why);
  }
  out('\n');

  // ---- run
  const session = runOverflow(plan, {
    runner: workerRunner(),
    concurrency: jobsAtOnce,
    ...(store ? { checkpoint: { store, every: checkpointEvery } } : {}),
    ...(delay > 0 ? { delayMsPerUpdate: delay } : {}),
    onEvent: (e) => show(e, progress, out, paint),
  });
  // the first Ctrl-C (or SIGTERM) lets running jobs save their state; a second one ends them at once
  let presses = 0;
  const interrupt = () => {
    presses++;
    if (presses === 1) {
      progress.note('\noverflow: stopping; running jobs save their state (Ctrl-C again to quit at once)\n');
      session.stop();
    } else {
      session.terminate();
    }
  };
  const signals = (ctx.signals ?? true) ? listen(interrupt) : () => {};
  ctx.onStart?.(interrupt);
  let result: OverflowResult;
  try {
    result = await session.done;
  } finally {
    signals();
    progress.stop();
  }

  // ---- the end
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  const seconds = (performance.now() - t0) / 1000;
  const strict = Boolean(flags.strict);
  if (flags.json) {
    const doc = overflowDocument(run, result, {
      jobs: jobsAtOnce,
      strict,
      checkpoint: checkpointFile ?? null,
      resumedFrom: flags.resume ?? null,
      env: nodeEnv(),
      seconds,
      peakRssBytes,
    });
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
  } else {
    const { records, interrupted, sources } = result;
    out(`\n${renderSummary(records, { peakRssBytes, seconds, interrupted, sources }, paint)}`);
    if (interrupted && checkpointFile) out(`resume with: digestlab overflow --resume ${checkpointFile}\n`);
  }
  return overflowStatus(result, strict);
}

/** SIGINT and SIGTERM call `interrupt` until the returned function is called. */
function listen(interrupt: () => void): () => void {
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  return () => {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  };
}

/** What the document says of this machine and runtime. */
function nodeEnv(): OverflowEnv {
  return {
    ...runtimeFacts(),
    cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
    cores: cores(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}

/** The run's events on the terminal: bars (or progress lines) for running jobs, each record once it is settled. */
function show(e: OverflowEvent, progress: ProgressView, out: (s: string) => void, paint: Paint): void {
  if (e.type === 'job-started') progress.add(e.key, e.label, e.size);
  else if (e.type === 'job-progress') progress.update(e.key, e.bytes, e.seconds);
  else if (e.type === 'job-ended') progress.remove(e.key);
  else if (e.type === 'verdict') out(renderRecord(e.record, paint));
}

/** The checkpoint kept in a file; a failed write is reported and the run goes on. */
function checkpointStore(file: string, io: Io): { save(cp: CheckpointFile): void } {
  return {
    save(cp) {
      try {
        saveCheckpoint(file, cp);
      } catch (e) {
        io.stderr(`digestlab overflow: cannot write checkpoint ${file}: ${(e as Error).message}\n`);
      }
    },
  };
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
      'stream --size bytes (default 257GiB, the seed; 4GiB+5 for SHA-3, SHAKE and Keccak) through each algorithm and provider; PASS, FAIL or UNCHECKED at every length',
    )
    .option(
      '-s, --size <bytes>',
      `bytes per digest: ${SIZE_HELP}; several: 2^29-1,2^29,2^29+1; ` +
        '"boundaries": 2^28±1 … 2^39±1 and 257GiB, for a sponge (SHA-3, SHAKE, Keccak: no length counter) only to 2^32+5 ' +
        '(default 257GiB; 2^32+5 for a sponge)',
    )
    .option(
      '--output-length <bytes>',
      "SHAKE128/SHAKE256 output lengths in bytes, comma-separated: 16,32 runs each SHAKE at both (default each one's: 16, 32)",
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
