/**
 * Ctrl-C and SIGTERM during a run: the first lets running jobs save their state (a stop), a second ends them at once
 * (a terminate), as a Stop button pressed twice would.
 */
import type { OverflowSession } from '@digestlab/lab/overflow';
import type { ProgressView } from './progress.js';

/** The interrupt a signal calls: stop on the first, terminate on every later one; `progress` says what happens. */
export function interrupter(
  session: Pick<OverflowSession, 'stop' | 'terminate'>,
  progress: Pick<ProgressView, 'note'>,
): () => void {
  let presses = 0;
  return () => {
    presses++;
    if (presses === 1) {
      progress.note('\noverflow: stopping; running jobs save their state (Ctrl-C again to quit at once)\n');
      session.stop();
    } else {
      session.terminate();
    }
  };
}

/** SIGINT and SIGTERM call `interrupt` until the returned function is called. */
export function listen(interrupt: () => void): () => void {
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  return () => {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  };
}
