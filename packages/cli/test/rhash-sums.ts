/**
 * `digestlab sum -a whirlpool` and `-a tiger` held to RHash 1.4.3's runs of the rhash scenario
 * (scripts/vectors/tool-transcripts.mjs): its digests (`rhash --ALGORITHM -p '%{ALGORITHM}\n'`), its `--bsd` lines as
 * our `--tag` lines byte for byte, which our `-c` reads back, and our own lists read back. Shared by sum.test.ts (the
 * stored transcript, vectors/tools/rhash.json) and sum.refs.test.ts (the installed rhash over random files).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { RHASH_NAMES, RHASH_PLAIN } from '../../../scripts/vectors/tool-transcripts.mjs';
import type { Opened } from './transcripts.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');

function ours(dir: string, args: readonly string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, 'sum', ...args], {
    cwd: dir,
    input,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  });
  return { code: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

export function checkRhashSums(rhash: Opened, algorithm: 'whirlpool' | 'tiger'): void {
  const want = rhash.run(`${algorithm}-digests`);
  expect(want.args).toEqual([`--${algorithm}`, '-p', `%{${algorithm}}\n`, ...RHASH_NAMES]);
  expect(want.code).toBe(0);
  const digests = want.stdout.toString().trimEnd().split('\n');
  expect(digests).toHaveLength(RHASH_NAMES.length);
  for (const d of digests) expect(d).toMatch(algorithm === 'tiger' ? /^[0-9a-f]{48}$/ : /^[0-9a-f]{128}$/);
  const untagged = ours(rhash.dir, ['-a', algorithm, ...RHASH_NAMES]);
  expect(untagged.code).toBe(0);
  // an untagged line starts with a backslash where its name is escaped: the digest follows it
  expect(
    untagged.stdout
      .split('\n')
      .slice(0, -1)
      .map((l) => l.replace(/^\\/, '').split(' ')[0]),
  ).toStrictEqual(digests);
  expect(RHASH_PLAIN.length).toBeGreaterThanOrEqual(4);
  const bsd = rhash.run(`${algorithm}-bsd`);
  expect(bsd.args).toEqual([`--${algorithm}`, '--bsd', ...RHASH_PLAIN]);
  const bsdLines = bsd.stdout.toString();
  expect(bsdLines.startsWith(`${algorithm.toUpperCase()} (`)).toBe(true);
  const tagged = ours(rhash.dir, ['-a', algorithm, '--tag', ...RHASH_PLAIN]);
  expect(tagged.stdout).toBe(bsdLines);
  const check = ours(rhash.dir, ['-c'], bsdLines);
  expect(check.stdout).toBe(RHASH_PLAIN.map((n) => `${n}: OK\n`).join(''));
  expect(check.code).toBe(0);
  const list = untagged.stdout + ours(rhash.dir, ['-a', algorithm, '--tag', ...RHASH_NAMES]).stdout;
  const back = ours(rhash.dir, ['-a', algorithm, '-c'], list);
  expect(back.stdout.split('\n')).toHaveLength(2 * RHASH_NAMES.length + 1);
  expect(back.stdout).not.toContain('FAILED');
  expect(back.code).toBe(0);
}
