/**
 * A {@link Runner} that runs jobs in this realm through the worker body: for unit tests (as hyperfine's mock
 * executor), and for a browser Worker that runs its jobs itself. No fresh realm per job, so one library's garbage
 * can weigh on the next; jobs interleave only where they await.
 */
import type { Row } from '../rows.js';
import type { Breathe } from './runner.js';
import { type JobHandle, type JobResult, type Runner, TERMINATED } from './scheduler.js';
import { type FromWorker, runWorkerJob } from './worker.js';

export interface InProcessOptions {
  /** Peak resident set size when a job ends, where the host knows it. */
  peakRssBytes?(): number | null;
  /** Lets the realm's event loop run during a job, so a stop sent as a message arrives (a browser Worker). */
  breathe?: Breathe;
}

export function inProcessRunner(rows: readonly Row[], options: InProcessOptions = {}): Runner {
  return {
    start(job, onMessage): JobHandle {
      let stopped = false;
      let terminated = false;
      let outcome: JobResult | undefined;
      const post = (m: FromWorker) => {
        // a terminated job is gone: nothing it says afterwards reaches anyone, as with a killed worker
        if (terminated) return;
        if (m.type === 'outcome') outcome = { outcome: m.outcome, peakRssBytes: m.peakRssBytes };
        else onMessage(m);
      };
      const result = runWorkerJob(job, {
        rows,
        post,
        shouldStop: () => stopped,
        ...(options.peakRssBytes ? { peakRssBytes: options.peakRssBytes } : {}),
        ...(options.breathe ? { breathe: options.breathe } : {}),
      }).then(
        (): JobResult =>
          !terminated && outcome
            ? outcome
            : { outcome: { status: 'error', message: TERMINATED, bytes: 0, seconds: 0 }, peakRssBytes: null },
      );
      return {
        result,
        stop() {
          stopped = true;
        },
        terminate() {
          // the loop cannot be killed from outside: it stops at its next update and its outcome is dropped
          terminated = true;
          stopped = true;
        },
      };
    },
  };
}
