/**
 * b3sum 1.2.0's own CLI tests (upstream-b3sum.ts says which and from where) run against ours through a link named
 * b3sum: in this process with the link's path as the invoked name (as-tool.ts), and the two that need a shell (a
 * name that is not UTF-8, a glob) spawned by /bin/sh with the links first on PATH.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll } from 'vitest';
import { inProcess, linkTools, spawned } from './as-tool.js';
import { requireBuilt } from './run.js';
import { describeUpstreamB3sum } from './upstream-b3sum.js';

const ENV = { ...process.env, LC_ALL: 'C.UTF-8' } as Record<string, string>;
let root = '';
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describeUpstreamB3sum("b3sum 1.2.0's tests (BLAKE3-team/BLAKE3 b3sum/tests/cli_tests.rs), ours as b3sum", () => {
  requireBuilt('main.js', 'tools.js', 'sum/run.js', 'sum/b3-worker.js');
  root = mkdtempSync(join(tmpdir(), 'digestlab-b3-links-'));
  const bin = linkTools(root);
  const PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  return {
    run: (args, cwd, stdin) => inProcess(bin, 'b3sum', args, { cwd, env: ENV, stdin }),
    shell: (line, cwd) => spawned('/bin/sh', ['-c', line], { cwd, env: { ...ENV, PATH } }),
  };
});
