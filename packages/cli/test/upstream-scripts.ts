/**
 * What the translated coreutils script tests share (upstream-coreutils-scripts.test.ts, upstream-cksum-scripts.test.ts):
 * a script is a function of `sh`, which runs a tool in the script's folder and keeps each run; `scriptRunner` runs a
 * script twice, with the installed coreutils and with ours through links (in this process: as-tool.ts), so that a
 * test can hold ours to the real tool step by step. `ok` and `returns1` are the scripts' `|| fail=1` and `returns_ 1`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { inProcess, linkTools, type Run, spawned } from './as-tool.js';
import { requireBuilt } from './run.js';

/** tests/lang-default's environment: the C locale. */
export const ENV = { ...process.env, LANGUAGE: 'C', LANG: 'C', LC_ALL: 'C' } as Record<string, string>;

/** A tool run in the script's folder; each run is kept, to compare the two runs of a script. */
export type Sh = (tool: string, args: readonly string[], stdin?: Buffer | string) => Promise<Run>;

export interface Script {
  dir: string;
  sh: Sh;
  runs: { what: string; run: Run }[];
}

function script(dir: string, run: Sh): Script {
  const s: Script = {
    dir,
    runs: [],
    sh: async (tool, args, stdin) => {
      const r = await run(tool, args, stdin);
      s.runs.push({ what: `${tool} ${JSON.stringify(args)}`, run: r });
      return r;
    },
  };
  return s;
}

export const text = (r: Run) => ({
  stdout: r.stdout.toString('latin1'),
  stderr: r.stderr.toString('latin1'),
  code: r.code,
});
export const ok = async (p: Promise<Run>, what: string) => expect((await p).code, `${what} || fail=1`).toBe(0);
export const returns1 = async (p: Promise<Run>, what: string) => expect((await p).code, `returns_ 1 ${what}`).toBe(1);

/** The installed coreutils program, whichever run asks (a script's expected values, as `sum -r` in cksum-a.sh). */
export const real = (dir: string, tool: string, args: readonly string[], stdin?: Buffer | string) =>
  spawned(tool, args, { cwd: dir, env: ENV, stdin });

/**
 * Registers the folders' set-up and removal (a suite's beforeAll and afterAll); returns `both`: the script run by
 * the installed coreutils and by ours, each in a folder of its own, and both runs step by step.
 */
export function scriptRunner(prefix: string) {
  let root = '';
  let bin = '';
  beforeAll(() => {
    requireBuilt('main.js', 'tools.js', 'sum/run.js', 'sum/worker.js');
    root = mkdtempSync(join(tmpdir(), prefix));
    bin = linkTools(root);
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return async (name: string, body: (s: Script) => Promise<void>) => {
    const folder = (who: string) => {
      const dir = join(root, `${name}-${who}`);
      mkdirSync(dir);
      return dir;
    };
    const coreutils = folder('coreutils');
    const theirs = script(coreutils, (tool, args, stdin) => real(coreutils, tool, args, stdin));
    await body(theirs);
    const mine = folder('ours');
    const ours = script(mine, (tool, args, stdin) => inProcess(bin, tool, args, { cwd: mine, env: ENV, stdin }));
    await body(ours);
    return { theirs: theirs.runs, ours: ours.runs };
  };
}
