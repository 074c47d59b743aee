import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';

/** An io that keeps what a command prints, in `out`; `over` replaces any of its parts. */
export function captureIo(over: Partial<Io> = {}): { io: Io; out: { stdout: string; stderr: string } } {
  const out = { stdout: '', stderr: '' };
  const io: Io = {
    stdout: (s) => {
      out.stdout += s;
    },
    stderr: (s) => {
      out.stderr += s;
    },
    stderrIsTTY: false,
    stdoutIsTTY: false,
    columns: 120,
    env: {},
    ...over,
  };
  return { io, out };
}

/** Runs the `digestlab` command line in-process, with no signal handlers, capturing what it prints. */
export async function runCli(
  argv: string[],
  over: Partial<Io> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, out } = captureIo(over);
  const code = await main(argv, io, false);
  return { code, ...out };
}

/**
 * Fails, saying what to build, when a test needs files of the built package (`npm run build`, which `npm ci` runs)
 * that are missing: such a test never skips silently.
 */
export function requireBuilt(...files: string[]): void {
  const dist = join(import.meta.dirname, '..', 'dist');
  const missing = files.filter((f) => !existsSync(join(dist, f)));
  if (missing.length > 0) {
    throw new Error(`packages/cli/dist/${missing.join(', ')} missing: run \`npm run build\` first`);
  }
}
