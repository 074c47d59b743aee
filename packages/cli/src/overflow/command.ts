/**
 * `digestlab overflow`: streams `--size` bytes of a pattern through every selected (algorithm × provider) in worker
 * threads, and says for each whether the digest is right: PASS, FAIL (with the expected digest) or UNCHECKED.
 * The engine (plan, scheduler, verdicts, checkpoint model, the JSON document) is @digestlab/lab/overflow; this file
 * is the run from flags to exit code, and its modules add what only Node has: flags.ts, vectors.ts (vectors/zeros.json),
 * host.ts (references, versions, this machine), pool.ts (worker threads), signals.ts, output.ts (the terminal),
 * checkpoint.ts (files).
 */
import { allRows, UsageError } from '@digestlab/lab';
import {
  OVERFLOW_SCHEMA,
  type OverflowPlan,
  type OverflowResult,
  overflowStatus,
  PATTERNS,
  planOverflow,
  resolveRun,
  runOverflow,
  SIZE_HELP,
} from '@digestlab/lab/overflow';
import { type Command, Option } from 'commander';
import { collectorUrl, postReport } from '../board/post.js';
import type { CommandContext } from '../command.js';
import { nodeCryptoRow } from '../node-host.js';
import { checkpointStore } from './checkpoint.js';
import { type CliSettings, cliSettings, loadResumed, type OverflowFlags } from './flags.js';
import { nodePlanHost } from './host.js';
import { checkpointNote, type RunView, runDocument, runView, showEvent, showPlan, showResult } from './output.js';
import { workerRunner } from './pool.js';
import { interrupter, listen } from './signals.js';
import { loadVectors } from './vectors.js';

export { EXIT_INTERRUPTED, OVERFLOW_SCHEMA } from '@digestlab/lab/overflow';
export type { OverflowFlags } from './flags.js';

export interface OverflowContext extends Pick<CommandContext, 'io'>, Partial<Pick<CommandContext, 'signals'>> {
  /** Receives a function that interrupts the run as Ctrl-C would (tests). */
  onStart?(interrupt: () => void): void;
}

/** Runs `digestlab overflow`; resolves to the exit status. Throws a usage error for a usage mistake. */
export async function overflow(flags: OverflowFlags, ctx: OverflowContext): Promise<number> {
  const { io } = ctx;
  const t0 = performance.now();
  // what to run: from the command line, or from the checkpoint being resumed
  const resumed = loadResumed(flags.resume);
  const rows = allRows({ rows: [nodeCryptoRow] });
  const choice = resolveRun(flags, rows, resumed);
  const settings = cliSettings(flags);
  // checked before the run, as bench checks it
  const post = flags.post === undefined ? undefined : collectorUrl(flags.post);
  const vectors = loadVectors(flags.vectors, (s) => io.stderr(s));
  // the jobs, and where each expected digest comes from
  let plan: OverflowPlan;
  try {
    plan = planOverflow(choice, nodePlanHost(rows, vectors), resumed);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    io.stderr(`digestlab overflow: ${(e as Error).message}\n`);
    return 1;
  }
  const view = runView(io, flags, settings);
  showPlan(view, plan, settings, resumed);
  const result = await runJobs(plan, settings, view, ctx);
  const end = { peakRssBytes: process.resourceUsage().maxRSS * 1024, seconds: (performance.now() - t0) / 1000 };
  showResult(view, plan, result, flags, settings, end);
  const status = overflowStatus(result, settings.strict);
  // an interrupted run is not a finished one: nothing is sent
  if (post === undefined || result.interrupted) return status;
  const posted = await postReport(post, JSON.stringify(runDocument(plan, result, flags, settings, end)), io);
  return status === 0 ? posted : status;
}

/** Runs the plan's jobs in worker threads, the checkpoint kept and Ctrl-C/SIGTERM heard while they run. */
async function runJobs(
  plan: OverflowPlan,
  settings: CliSettings,
  view: RunView,
  ctx: OverflowContext,
): Promise<OverflowResult> {
  const store = settings.checkpointFile ? checkpointStore(settings.checkpointFile, ctx.io) : undefined;
  if (store) {
    const why = checkpointNote(plan);
    if (why) ctx.io.stderr(why);
  }
  view.out('\n');
  const session = runOverflow(plan, {
    runner: workerRunner(),
    concurrency: settings.jobs,
    ...(store ? { checkpoint: { store, every: settings.checkpointEvery } } : {}),
    ...(settings.updateDelay > 0 ? { delayMsPerUpdate: settings.updateDelay } : {}),
    onEvent: (e) => showEvent(e, view),
  });
  const interrupt = interrupter(session, view.progress);
  const signals = (ctx.signals ?? true) ? listen(interrupt) : () => {};
  ctx.onStart?.(interrupt);
  try {
    return await session.done;
  } finally {
    signals();
    view.progress.stop();
  }
}

/** Adds `overflow` to a commander program, as main.ts adds every command. */
export function registerOverflow(program: Command, { io, done, signals }: CommandContext): void {
  program
    .command('overflow')
    .description(
      'stream --size bytes (default 257GiB, the seed; 4GiB+5 for SHA-3, SHAKE and Keccak) through each algorithm and provider; PASS, FAIL or UNCHECKED at every length',
    )
    .option(
      '-s, --size <bytes>',
      `bytes per digest: ${SIZE_HELP}; several: 2^29-1,2^29,2^29+1; ` +
        '"boundaries": 2^28±1 … 2^39±1 and 257GiB, for a sponge (SHA-3, SHAKE, Keccak: no length counter) and BLAKE3 ' +
        'only to 2^32+5 (default 257GiB; 2^32+5 for a sponge and BLAKE3)',
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
    .option('--post <url>', 'also send the finished run to a board: the URL digestlab web printed, with its ?token=')
    .option('-q, --quiet', 'no progress on stderr')
    .option('--progress-every <seconds>', 'seconds between progress lines when stderr is not a terminal (default 10)')
    .addOption(new Option('--debug-update-delay <ms>', 'tests: sleep after every update').hideHelp())
    .action(async (flags: OverflowFlags) => {
      done(await overflow(flags, { io, signals }));
    });
}
