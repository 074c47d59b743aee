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
