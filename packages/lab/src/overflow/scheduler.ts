/**
 * Runs jobs through a {@link Runner}, at most `concurrency` at a time. Each digest is sequential, so parallelism is
 * across jobs. A stop asks running jobs to stop (they send a last checkpoint) and starts no more; a terminate ends
 * them at once. Where the jobs run is the runner's business: worker threads in the CLI, Web Workers in a page, or
 * this realm ({@link inProcessRunner}) in tests.
 */
import type { JobOutcome, JobSpec, ResumePoint } from './runner.js';

/** One job for a runner: plain data, so it crosses postMessage. */
export interface RunnerJob {
  spec: JobSpec;
  resume?: ResumePoint;
  /** Tests only: sleep this many ms after every update, so a run can be interrupted mid-stream. */
  delayMsPerUpdate?: number;
}

/** What a running job reports before its outcome. `state` is a copy the receiver owns (transferable). */
export type JobMessage =
  | { type: 'progress'; bytes: number; seconds: number }
  | { type: 'checkpoint'; bytes: number; seconds: number; state: Uint8Array };

export interface JobResult {
  outcome: JobOutcome;
  /** Peak resident set size of the realm's process when the job ended, where the runner knows it. */
  peakRssBytes: number | null;
}

/** The outcome's message for a job that a terminate ended before it could say how it stood. */
export const TERMINATED = 'terminated';

export interface JobHandle {
  /** Exactly one result: the job's outcome, or an error (TERMINATED after a terminate). */
  result: Promise<JobResult>;
  /** Asks the job to stop after its current update, with its state when it can export it. */
  stop(): void;
  /** Ends the job now; its result is an error with the message TERMINATED. */
  terminate(): void;
}

export interface Runner {
  /** Starts a job in a fresh realm where the runner can; messages arrive through `onMessage`. */
  start(job: RunnerJob, onMessage: (m: JobMessage) => void): JobHandle;
}

export interface Task {
  job: RunnerJob;
  /** Called once when the task starts running. */
  onStart?(): void;
  /** Progress and checkpoint messages, as they come. */
  onMessage?(m: JobMessage): void;
}

export interface Schedule {
  /** Resolves with one result per task that ran, in task order; tasks never started are `undefined`. */
  done: Promise<(JobResult | undefined)[]>;
  /** Asks running jobs to stop and starts no more. */
  stop(): void;
  /** Ends every running job now and starts no more. */
  terminate(): void;
}

export function schedule(
  tasks: readonly Task[],
  runner: Runner,
  concurrency: number,
  onResult?: (index: number, r: JobResult) => void,
): Schedule {
  const results: (JobResult | undefined)[] = new Array(tasks.length).fill(undefined);
  const running = new Map<number, JobHandle>();
  let next = 0;
  let stopping = false;
  let resolveDone!: (r: (JobResult | undefined)[]) => void;
  const done = new Promise<(JobResult | undefined)[]>((resolve) => {
    resolveDone = resolve;
  });

  const finish = (i: number, r: JobResult) => {
    running.delete(i);
    results[i] = r;
    onResult?.(i, r);
    launch();
  };

  const start = (i: number) => {
    const task = tasks[i];
    // told before the runner starts it: an in-process job may report progress at once
    task.onStart?.();
    const handle = runner.start(task.job, (m) => task.onMessage?.(m));
    running.set(i, handle);
    handle.result.then(
      (r) => finish(i, r),
      (e: unknown) =>
        finish(i, {
          outcome: { status: 'error', message: e instanceof Error ? e.message : String(e), bytes: 0, seconds: 0 },
          peakRssBytes: null,
        }),
    );
  };

  const launch = () => {
    while (!stopping && running.size < Math.max(1, concurrency) && next < tasks.length) start(next++);
    if (running.size === 0 && (stopping || next >= tasks.length)) resolveDone(results);
  };

  launch();
  return {
    done,
    stop() {
      stopping = true;
      for (const h of running.values()) h.stop();
      launch();
    },
    terminate() {
      stopping = true;
      for (const h of running.values()) h.terminate();
    },
  };
}
