/**
 * `digestlab` invoked as a tool: through a link named `sha256sum` (or `b2sum`, `md5sum`…), or as `digestlab
 * sha256sum` (busybox's way, for a wrapper script), it is that tool, and its output is the installed coreutils 9.1
 * tool's byte for byte, stderr included, program name and all: lines, `--tag`, `-c`, missing files, and the options
 * the tool refuses (`-a`: the name fixes the algorithm). `--version` answers, as coreutils' own test scripts ask of a
 * tool before they run it. b3sum's name is tested over its stored transcript (b3sum-mode.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools.js';
import { requireBuilt } from './run.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const ENV = { ...process.env, LC_ALL: 'C.UTF-8' };
/** The coreutils tools among ours (b3sum is not coreutils'). */
const COREUTILS = Object.keys(TOOLS).filter((t) => t !== 'b3sum');

let dir = '';

function run(cmd: string, args: readonly string[], input = '') {
  const r = spawnSync(cmd, args, { cwd: dir, env: ENV, input });
  return { code: r.status, stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString() };
}

/** Ours through a link named `tool` in the fixture folder. */
const linked = (tool: string, args: readonly string[], input?: string) =>
  run(process.execPath, [join(dir, 'bin', tool), ...args], input);

beforeAll(() => {
  requireBuilt('main.js', 'tools.js', 'sum/run.js');
  dir = mkdtempSync(join(tmpdir(), 'digestlab-tools-'));
  spawnSync('mkdir', [join(dir, 'bin')]);
  for (const tool of Object.keys(TOOLS)) symlinkSync(BIN, join(dir, 'bin', tool));
  writeFileSync(join(dir, 'a'), 'a file\n');
  writeFileSync(join(dir, "it's"), '');
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('invoked as a coreutils tool, digestlab is that tool, byte for byte', () => {
  for (const tool of COREUTILS) {
    it(`${tool}: lines, --tag, -c, missing files, refused options, each through a link`, () => {
      const list = run(tool, ['a', "it's"]).stdout;
      const cases: [string[], string?][] = [
        [['a', "it's", 'missing']],
        [['--tag', 'a']],
        [['-c'], `${list}${list.replace(/^[0-9a-f]/, (c) => (c === '0' ? '1' : '0'))}`],
        [['-c', '--quiet', '-'], list],
        [['-a', 'md5', 'a']],
        [['--algorithm=md5', 'a']],
        [['--bogus']],
        [['--tag', '-c', 'a']],
      ];
      for (const [args, input] of cases) {
        expect(linked(tool, args, input), `${tool} ${args.join(' ')}`).toEqual(run(tool, args, input));
      }
    });
  }

  it("b2sum's -l is b2sum's; the others have none", () => {
    for (const args of [
      ['-l', '256', 'a'],
      ['-l', '12', 'a'],
      ['--length=8', '--tag', 'a'],
    ]) {
      expect(linked('b2sum', args), args.join(' ')).toEqual(run('b2sum', args));
    }
    expect(linked('sha256sum', ['-l', '256', 'a'])).toEqual(run('sha256sum', ['-l', '256', 'a']));
  });

  it('as `digestlab TOOL`, the same, for a wrapper script', () => {
    const ours = run(process.execPath, [BIN, 'md5sum', 'a', 'missing']);
    expect(ours).toEqual(run('md5sum', ['a', 'missing']));
  });

  it('--version names the tool and digestlab, exit 0, wherever it comes (and ends the reading there)', () => {
    for (const tool of Object.keys(TOOLS)) {
      const r = linked(tool, ['--version', '--bogus']);
      expect(r.stdout, tool).toMatch(new RegExp(`^${tool} \\(digestlab\\) \\d+\\.\\d+\\.\\d+.*\\n$`));
      expect([r.code, r.stderr], tool).toEqual([0, '']);
    }
    expect(run(process.execPath, [BIN, 'sum', '--version']).stdout).toMatch(/^digestlab sum \(digestlab\) \d/);
    // a mistake before it is refused, as getopt reads in order
    expect(linked('sha1sum', ['--bogus', '--version'])).toEqual(run('sha1sum', ['--bogus', '--version']));
  });

  it('a link under another name is digestlab itself', () => {
    symlinkSync(BIN, join(dir, 'bin', 'sha256sum.old'));
    const r = linked('sha256sum.old', ['sum', '-a', 'md5', 'a']);
    expect(r.stdout).toBe(run('md5sum', ['a']).stdout);
  });
});
