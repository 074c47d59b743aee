import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';

/** Runs the `digestlab` command line in-process, with no signal handlers, capturing what it prints. */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    stderrIsTTY: false,
    stdoutIsTTY: false,
    columns: 120,
    env: {},
  };
  const code = await main(argv, io, false);
  return { code, stdout, stderr };
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
