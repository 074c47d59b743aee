/**
 * A progress line on stderr, only when stderr is a terminal and the work is long: a file over 256 MiB or over
 * 1 GiB in all. Redrawn at most 5 times a second; erased when done, so what remains is exactly coreutils' output.
 */
import type { Io } from '../io.js';

const MIB = 1024 * 1024;
export const PROGRESS_FILE_FROM = 256 * MIB;
export const PROGRESS_TOTAL_FROM = 1024 * MIB;

export interface Progress {
  add(bytes: number): void;
  done(): void;
}

export function wantsProgress(io: Io, sizes: readonly number[]): boolean {
  if (!io.stderrIsTTY) return false;
  const total = sizes.reduce((a, b) => a + b, 0);
  return total > PROGRESS_TOTAL_FROM || sizes.some((s) => s > PROGRESS_FILE_FROM);
}

export function progressLine(io: Io, total: number): Progress {
  const started = performance.now();
  let bytes = 0;
  let drawn = 0;
  const draw = () => {
    const seconds = (performance.now() - started) / 1000;
    const pct = total > 0 ? Math.min(100, (100 * bytes) / total) : 100;
    const rate = seconds > 0 ? bytes / MIB / seconds : 0;
    io.stderr(
      `\r\x1b[K${pct.toFixed(0).padStart(3)}%  ${(bytes / MIB).toFixed(0)} of ${(total / MIB).toFixed(0)} MiB  ${rate.toFixed(0)} MiB/s`,
    );
  };
  return {
    add(n) {
      bytes += n;
      const now = performance.now();
      if (now - drawn >= 200) {
        drawn = now;
        draw();
      }
    },
    done() {
      if (drawn > 0) io.stderr('\r\x1b[K');
    },
  };
}
