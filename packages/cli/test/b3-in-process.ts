/**
 * The b3sum mode (`digestlab sum -a blake3`) run in this process, as the command runs it, in `dir` with `env`: its
 * workers are the built ones (requireBuilt first). For the parallel-sum tests, unit and large.
 */
import type { Io } from '../src/io.js';
import { runB3sum } from '../src/sum/b3sum.js';

export async function b3sumInProcess(
  dir: string,
  env: Record<string, string | undefined>,
  args: readonly string[],
  key?: Buffer,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: Buffer[] = [];
  let stderr = '';
  const io: Io = {
    stdout: (t) => stdout.push(Buffer.from(t)),
    stderr: (t) => {
      stderr += t;
    },
    stdoutBytes: (b) => stdout.push(Buffer.from(b)),
    stderrIsTTY: false,
    stdoutIsTTY: false,
    columns: 80,
    env,
    stdin: (async function* () {
      if (key) yield key;
    })(),
  };
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const code = await runB3sum(['-a', 'blake3', ...args], io, { program: 'digestlab sum', version: () => 'test' });
    return { code, stdout: Buffer.concat(stdout).toString('latin1'), stderr };
  } finally {
    process.chdir(cwd);
  }
}
