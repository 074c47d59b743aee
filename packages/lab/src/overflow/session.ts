/**
 * One overflow run: the plan's jobs through a runner, n at a time, with the checkpoint kept up to date, verdicts
 * settled as results come in, and everything a face shows sent as {@link OverflowEvent}s. A stop lets running jobs
 * save their state; a terminate ends them where their last checkpoint left them; jobs that never started are
 * INTERRUPTED. The face decides what a Ctrl-C or a Stop button means.
 */
import { type CheckpointFile, type CheckpointStore, encodeState } from './checkpoint.js';
import type { PlannedJob } from './job.js';
import type { OverflowPlan } from './plan.js';
import { overflowRecord } from './records.js';
import type { JobOutcome, JobSpec, ResumePoint } from './runner.js';
import { type JobResult, type Runner, schedule, type Task, TERMINATED } from './scheduler.js';
import { settlement } from './settle.js';
import type { OverflowRecord } from './verdict.js';

/** What a run tells its face, as plain data (it crosses postMessage unchanged). */
export type OverflowEvent =
  | { type: 'job-started'; key: string; label: string; size: number }
  | { type: 'job-progress'; key: string; bytes: number; seconds: number }
  | { type: 'job-checkpoint'; key: string; bytes: number; seconds: number }
  | { type: 'job-ended'; key: string; record: OverflowRecord }
  /** A record whose verdict is final, in plan order as they settle: a face shows it now. */
  | { type: 'verdict'; record: OverflowRecord }
  | { type: 'done'; result: OverflowResult };

export interface OverflowResult {
  /** Every job's record, in plan order. */
  records: OverflowRecord[];
  /** Stopped or terminated before every job ended. */
  interrupted: boolean;
  /** Where each summary column's expected digest came from. */
  sources: Partial<Record<string, string>>;
}

export interface OverflowRunOptions {
  runner: Runner;
  /** Jobs at once. */
  concurrency: number;
  /** Keep the checkpoint: saved at the start, at every job's checkpoint (every `every` bytes) and at every end. */
  checkpoint?: { store: CheckpointStore; every: number };
  onEvent?(event: OverflowEvent): void;
  /** Report each job's progress at most this often (ms). Default 250. */
  progressEveryMs?: number;
  /** Tests only: sleep this many ms after every update. */
  delayMsPerUpdate?: number;
}

export interface OverflowSession {
  done: Promise<OverflowResult>;
  /** Running jobs stop and save their state; no more start. */
  stop(): void;
  /** Running jobs end now, standing where their last checkpoint left them. */
  terminate(): void;
}

export function runOverflow(plan: OverflowPlan, options: OverflowRunOptions): OverflowSession {
  const { run } = plan;
  const emit = (e: OverflowEvent) => options.onEvent?.(e);
  const cp: CheckpointFile = plan.checkpoint;
  const save = () => options.checkpoint?.store.save(cp);
  const verdicts = settlement(plan);
  const release = (all: boolean) => {
    for (const record of verdicts.release(all)) emit({ type: 'verdict', record });
  };
  save();
  for (const j of plan.jobs) if (j.record) verdicts.add(j.key, j.record);
  release(false);

  const byKey = new Map(plan.jobs.map((j) => [j.key, j]));
  const toRun = plan.order.map((k) => byKey.get(k) as PlannedJob);
  let interrupted = false;
  const tasks: Task[] = toRun.map((job) => ({
    job: {
      spec: specOf(job, plan, options),
      ...(job.resume ? { resume: job.resume } : {}),
      ...(options.delayMsPerUpdate ? { delayMsPerUpdate: options.delayMsPerUpdate } : {}),
    },
    onStart: () => emit({ type: 'job-started', key: job.key, label: job.label, size: job.size }),
    onMessage: (m) => {
      if (m.type === 'progress') emit({ type: 'job-progress', key: job.key, bytes: m.bytes, seconds: m.seconds });
      else {
        Object.assign(cp.jobs[job.key], { bytes: m.bytes, seconds: m.seconds, state: encodeState(m.state) });
        save();
        emit({ type: 'job-checkpoint', key: job.key, bytes: m.bytes, seconds: m.seconds });
      }
    },
  }));
  const onResult = (i: number, r: JobResult) => {
    const job = toRun[i];
    let outcome: JobOutcome = r.outcome;
    if (interrupted && outcome.status === 'error' && outcome.message === TERMINATED) {
      // ended at once (asked to stop, then to terminate): it stands where its last checkpoint left it
      const last = cp.jobs[job.key];
      outcome = { status: 'stopped', bytes: last.state ? last.bytes : 0, seconds: last.seconds, resumable: false };
    }
    const record = overflowRecord(job, run, outcome, r.peakRssBytes);
    verdicts.add(job.key, record);
    const entry = cp.jobs[job.key];
    if (outcome.status === 'done' || outcome.status === 'skipped') {
      Object.assign(entry, { bytes: record.bytes, seconds: record.seconds ?? 0, state: null, record });
    } else if (outcome.status === 'stopped' && outcome.state) {
      Object.assign(entry, { bytes: outcome.bytes, seconds: outcome.seconds, state: encodeState(outcome.state) });
    }
    save();
    emit({ type: 'job-ended', key: job.key, record });
    release(false);
  };
  const jobs = schedule(tasks, options.runner, options.concurrency, onResult);

  const done = jobs.done.then((): OverflowResult => {
    for (const job of toRun) {
      if (verdicts.has(job.key)) continue;
      verdicts.add(job.key, overflowRecord(job, run, notStarted(job.resume, job.resumable), null, 'not started'));
    }
    release(true);
    const result = { records: verdicts.records(), interrupted, sources: verdicts.sources() };
    emit({ type: 'done', result });
    return result;
  });
  return {
    done,
    stop() {
      interrupted = true;
      jobs.stop();
    },
    terminate() {
      interrupted = true;
      jobs.terminate();
    },
  };
}

function specOf(job: PlannedJob, plan: OverflowPlan, options: OverflowRunOptions): JobSpec {
  return {
    algorithm: job.algorithm,
    ...(job.outputLength !== undefined ? { outputLength: job.outputLength } : {}),
    provider: job.provider,
    size: job.size,
    chunk: plan.run.chunk,
    pattern: plan.run.pattern,
    ...(options.checkpoint ? { checkpointEvery: options.checkpoint.every } : {}),
    progressEveryMs: options.progressEveryMs ?? 250,
  };
}

/** A job that never started stands where the checkpoint it would have resumed from left it. */
function notStarted(resume: ResumePoint | undefined, resumable: boolean): JobOutcome {
  return { status: 'stopped', bytes: resume?.bytes ?? 0, seconds: resume?.seconds ?? 0, resumable };
}
