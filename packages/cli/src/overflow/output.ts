/**
 * What `digestlab overflow` shows on the terminal: the run's header and expected digests, progress (bars or lines on
 * stderr) and each record as it settles, then the summary; or, with `--json`, only the `digestlab-overflow/1`
 * document on stdout. Colour only on a terminal, never with NO_COLOR.
 */
import {
  type OverflowDocument,
  type OverflowEvent,
  type OverflowPlan,
  type OverflowResult,
  overflowDocument,
  type Paint,
  type Resumed,
  renderExpectations,
  renderRecord,
  renderSummary,
  runHeader,
} from '@digestlab/lab/overflow';
import type { Io } from '../io.js';
import type { CliSettings, OverflowFlags } from './flags.js';
import { nodeEnv } from './host.js';
import { createProgress, type ProgressView } from './progress.js';

const ANSI: Paint = {
  red: (s) => `\x1b[31m${s}\x1b[39m`,
  green: (s) => `\x1b[32m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
  bold: (s) => `\x1b[1m${s}\x1b[22m`,
};
const PLAIN: Paint = { red: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };

/** Where a run's text goes: `out` (stdout, above any bars; nothing with --json), progress, and the colours. */
export interface RunView {
  io: Io;
  paint: Paint;
  progress: ProgressView;
  out(s: string): void;
}

/** The terminal view of a run with these flags. */
export function runView(io: Io, flags: Pick<OverflowFlags, 'json' | 'quiet'>, settings: CliSettings): RunView {
  const paint = io.stdoutIsTTY && !io.env.NO_COLOR ? ANSI : PLAIN;
  // bars draw on the process's own stderr, so only when that is the terminal the io says it is
  const bars = io.stderrIsTTY && Boolean(process.stderr.isTTY);
  const progress = createProgress(io, { bars, quiet: Boolean(flags.quiet), every: settings.progressEvery });
  const out = (s: string) => {
    if (!flags.json) progress.print(s);
  };
  return { io, paint, progress, out };
}

/** Before the run: its parameters, where each expected digest comes from, and the checkpoint it resumes. */
export function showPlan(view: RunView, plan: OverflowPlan, settings: CliSettings, resumed?: Resumed): void {
  const { run } = plan;
  view.out(runHeader({ sizes: run.sizes, chunk: run.chunk, pattern: run.pattern, jobs: settings.jobs }));
  view.out(renderExpectations(plan, view.paint));
  if (resumed) view.out(view.paint.dim(`resuming ${resumed.source} (saved ${resumed.checkpoint.updated})\n`));
}

/** The stderr note when a checkpoint is kept but some jobs cannot export their state. */
export function checkpointNote(plan: OverflowPlan): string | undefined {
  const ids = (jobs: OverflowPlan['jobs']) => [...new Set(jobs.map((j) => j.provider))];
  const cannot = ids(plan.jobs.filter((j) => !j.record && !j.resumable));
  const can = ids(plan.jobs.filter((j) => j.resumable));
  if (cannot.length === 0) return undefined;
  return (
    `overflow: checkpoints hold the state of ${can.length > 0 ? can.join(', ') : 'no job of this run'}; ` +
    `${cannot.join(', ')} cannot export state: if interrupted they start over on --resume (finished results are kept)\n`
  );
}

/** The run's events on the terminal: bars (or progress lines) for running jobs, each record once it is settled. */
export function showEvent(e: OverflowEvent, view: RunView): void {
  const { progress } = view;
  if (e.type === 'job-started') progress.add(e.key, e.label, e.size);
  else if (e.type === 'job-progress') progress.update(e.key, e.bytes, e.seconds);
  else if (e.type === 'job-ended') progress.remove(e.key);
  else if (e.type === 'verdict') view.out(renderRecord(e.record, view.paint));
}

/** How the run went, for its ending: the process's peak memory and the seconds since it started. */
export interface RunEnd {
  peakRssBytes: number;
  seconds: number;
}

/** The run as its `--json` document (what `--json` prints and `--post` sends). */
export function runDocument(
  plan: OverflowPlan,
  result: OverflowResult,
  flags: Pick<OverflowFlags, 'resume'>,
  settings: CliSettings,
  end: RunEnd,
): OverflowDocument {
  return overflowDocument(plan.run, result, {
    jobs: settings.jobs,
    strict: settings.strict,
    checkpoint: settings.checkpointFile ?? null,
    resumedFrom: flags.resume ?? null,
    env: nodeEnv(),
    seconds: end.seconds,
    peakRssBytes: end.peakRssBytes,
  });
}

/** After the run: the `--json` document on stdout, else the summary and how to resume an interrupted run. */
export function showResult(
  view: RunView,
  plan: OverflowPlan,
  result: OverflowResult,
  flags: Pick<OverflowFlags, 'json' | 'resume'>,
  settings: CliSettings,
  end: RunEnd,
): void {
  const { checkpointFile } = settings;
  if (flags.json) {
    const doc = runDocument(plan, result, flags, settings, end);
    view.io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
  } else {
    const { records, interrupted, sources } = result;
    view.out(`\n${renderSummary(records, { ...end, interrupted, sources }, view.paint)}`);
    if (interrupted && checkpointFile) view.out(`resume with: digestlab overflow --resume ${checkpointFile}\n`);
  }
}
