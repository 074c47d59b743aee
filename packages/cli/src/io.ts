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
}

export function processIo(): Io {
  return {
    stdout: (s) => void process.stdout.write(s),
    stderr: (s) => void process.stderr.write(s),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns || 160,
    env: process.env,
    stdoutBytes: (b) => void process.stdout.write(b),
  };
}

/** Exit codes: 0 fine, 1 failure while running, 2 bad usage (unknown algorithm or provider, bad flag). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** A usage mistake found by a command (exit 2). */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}
