/**
 * `digestlab overflow`'s flags: the texts commander hands over, and the settings only the CLI has (jobs at once,
 * checkpoint file and interval, progress lines, the checkpoint being resumed). The engine reads the rest
 * (`resolveRun`: sizes, chunk, algorithms, providers, pattern, output lengths).
 */
import os from 'node:os';
import { DEFAULT_CHECKPOINT_EVERY, type OverflowAsk, type Resumed, sizeOption } from '@digestlab/lab/overflow';
import { CliUsageError } from '../io.js';
import { checkWritableFile } from '../paths.js';
import { loadCheckpoint } from './checkpoint.js';

/** The flags as commander hands them over: the engine's {@link OverflowAsk}, and the CLI's own. */
export interface OverflowFlags extends OverflowAsk {
  jobs?: string;
  /** A board's URL (what `digestlab web` printed) to send the finished run to. */
  post?: string;
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

/** What the flags set that is the CLI's own, not the engine's. */
export interface CliSettings {
  /** Jobs at once, each in a worker thread (default one per core). */
  jobs: number;
  /** Bytes between checkpoint saves. */
  checkpointEvery: number;
  /** Seconds between progress lines when stderr is not a terminal. */
  progressEvery: number;
  /** Milliseconds to sleep after every update (tests). */
  updateDelay: number;
  /** Where the checkpoint is kept: `--checkpoint`, else the file `--resume` continues. */
  checkpointFile?: string;
  /** Exit 1 when a peer's digest is wrong too. */
  strict: boolean;
}

/** The cores jobs run on by default. */
export const cores = () => os.availableParallelism?.() ?? os.cpus().length;

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min)
    throw new CliUsageError(`--${name} must be a whole number >= ${min} (got "${text}")`);
  return n;
}

/** The CLI's settings from `flags`; a bad value is a usage error naming its flag. */
export function cliSettings(flags: OverflowFlags): CliSettings {
  const jobs = integer('jobs', flags.jobs, cores(), 1);
  const checkpointEvery = sizeOption('checkpoint-every', flags.checkpointEvery, DEFAULT_CHECKPOINT_EVERY, 1);
  const progressEvery = Number(flags.progressEvery ?? 10);
  if (!Number.isFinite(progressEvery) || progressEvery < 0) {
    throw new CliUsageError(`--progress-every must be a number of seconds >= 0 (got "${flags.progressEvery}")`);
  }
  const updateDelay = integer('debug-update-delay', flags.debugUpdateDelay, 0, 0);
  const checkpointFile = flags.checkpoint ?? flags.resume;
  // before any job runs: the first save is due only after --checkpoint-every bytes, maybe hours in
  if (checkpointFile) checkWritableFile(flags.checkpoint ? '--checkpoint' : '--resume', checkpointFile);
  return {
    jobs,
    checkpointEvery,
    progressEvery,
    updateDelay,
    ...(checkpointFile ? { checkpointFile } : {}),
    strict: Boolean(flags.strict),
  };
}

/** `--resume FILE`: the checkpoint it holds; a file that cannot be read as one is a usage error. */
export function loadResumed(file: string | undefined): Resumed | undefined {
  if (!file) return undefined;
  try {
    return { source: file, checkpoint: loadCheckpoint(file) };
  } catch (e) {
    throw new CliUsageError((e as Error).message);
  }
}
