/** Where a command writes, so tests can run commands in-process and read what they printed. */
export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** stderr is a terminal (live progress only then). */
  stderrIsTTY: boolean;
  /** stdout is a terminal (colour only then, and never with NO_COLOR). */
  stdoutIsTTY: boolean;
  /** Width to fit tables into. */
  columns: number;
  env: Record<string, string | undefined>;
  /** Writes bytes to stdout as they are (file names need not be UTF-8); `stdout` is used where this is absent. */
  stdoutBytes?: (b: Uint8Array) => void;
  /** Standard input, for commands that read it (`sum`); process.stdin where this is absent. */
  stdin?: AsyncIterable<Uint8Array>;
  /**
   * Waits until what was written to stdout is out, and resolves to the first error a write met, if any: writes to
   * a file or a pipe fail later than the call (a full disk, a reader gone), so a command asks once, at its end.
   */
  stdoutDone?: () => Promise<NodeJS.ErrnoException | undefined>;
}

/** The first error a write to the process's stdout met; listening also keeps it from being thrown as uncaught. */
let stdoutFailure: NodeJS.ErrnoException | undefined;
let listening = false;

function stdoutDone(): Promise<NodeJS.ErrnoException | undefined> {
  if (stdoutFailure || process.stdout.destroyed) return Promise.resolve(stdoutFailure);
  // the callback hears of an earlier failed write before the 'error' event does
  return new Promise((resolve) =>
    process.stdout.write('', (e) => resolve(stdoutFailure ?? (e as NodeJS.ErrnoException | null) ?? undefined)),
  );
}

export function processIo(): Io {
  if (!listening) {
    listening = true;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      stdoutFailure ??= e;
    });
  }
  return {
    stdout: (s) => void process.stdout.write(s),
    stderr: (s) => void process.stderr.write(s),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns || 160,
    env: process.env,
    stdoutBytes: (b) => void process.stdout.write(b),
    stdoutDone,
  };
}

/**
 * Exit codes: 0 fine, 1 failure while running, 2 bad usage (unknown algorithm or provider, bad flag, a path that
 * cannot be written), 141 stdout's reader went away (a shell's code for SIGPIPE, as coreutils gets).
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, brokenPipe: 141 } as const;

/** A usage mistake found by a command (exit 2). */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}
