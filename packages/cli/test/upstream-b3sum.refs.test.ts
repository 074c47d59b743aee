/**
 * b3sum 1.2.0's own CLI tests (upstream-b3sum.ts), run against the installed b3sum: it is 1.2.0, so it passes
 * them, which shows the translation is right; upstream-b3sum.test.ts runs the same tests against ours.
 */
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { spawned } from './as-tool.js';
import { describeUpstreamB3sum } from './upstream-b3sum.js';

requireProgram('b3sum');
const ENV = { ...process.env, LC_ALL: 'C.UTF-8' } as Record<string, string>;

describeUpstreamB3sum("b3sum 1.2.0's tests (BLAKE3-team/BLAKE3 b3sum/tests/cli_tests.rs), the installed b3sum", () => ({
  run: (args, cwd, stdin) => spawned('b3sum', args, { cwd, env: ENV, stdin }),
  shell: (line, cwd) => spawned('/bin/sh', ['-c', line], { cwd, env: ENV }),
}));
