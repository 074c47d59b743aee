/**
 * PGlite keeps its data in a folder that one process at a time may open: a second one (a `board import` while
 * `digestlab web` runs) would corrupt it. A lock file beside the folder names the process holding it; a lock whose
 * process is gone (killed) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { CliUsageError } from '../io.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of the store in `dir`; returns its release. */
export function lockStore(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new CliUsageError(
          `the store ${dir} is open in process ${pid} (digestlab web?): stop it, or post runs to it instead`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new CliUsageError(`could not lock the store ${dir} (${file})`);
}
