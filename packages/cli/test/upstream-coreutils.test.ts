/**
 * coreutils 9.1's own tests of md5sum, sha1sum, sha224sum, sha256sum, sha384sum and sha512sum (tests/misc/*.pl at
 * tag v9.1), read from vectors/upstream/coreutils-9.1-sum.json (scripts/vectors/coreutils-sum-tests.mjs made it from
 * upstream's tables; each case names its source file). Each case runs as tests/Coreutils.pm runs it: in a folder of
 * its own, its IN and AUX files created there, LC_ALL=C; stdout and stderr byte for byte and the exit code against
 * upstream's expectation. Cases a later version adds (tests/cksum/ after the move) are there too, with what 9.1 does
 * in each, which is the spec where it differs. Run against the installed coreutils first (it is 9.1: the data is
 * read right if the real tool passes), then against ours through a link named after the tool: every case in this process (as-tool.ts),
 * and a sample spawned through the links, as a shell runs them (a Node start each: ~0.1-0.3 s here).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, inTurn, linkTools, type Run, spawned } from './as-tool.js';
import { requireBuilt } from './run.js';

/** A content as stored: the bytes as code points, a unit repeated, or bit runs (the data file's `about` says). */
type Content = string | { repeat: string; times: number } | { bitRuns: string };

interface UpstreamTest {
  source: string;
  prog: string;
  name: string;
  args: string[];
  in: [string, Content][];
  aux: [string, Content][];
  out: Content;
  err: Content;
  exit: number;
  /** Set on a case a later version of the file adds (tests/cksum/ at that commit): what coreutils 9.1 does in it. */
  later?: string;
  v91?: { out: Content; err: Content; exit: number };
  v91SameAsUpstream?: boolean;
}

const DATA = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../vectors/upstream/coreutils-9.1-sum.json'), 'utf8'),
) as { source: { commit: string }; tests: UpstreamTest[] };

/** sha1sum-vec.pl's `binary_expand`: runs of alternating bits from the first, packed high bit first. */
function expandBits(runs: string): Buffer {
  const [first, ...lengths] = runs.split(' ');
  let bit = first === '1' ? 1 : 0;
  let bits = '';
  for (const n of lengths) {
    bits += String(bit).repeat(Number(n));
    bit = 1 - bit;
  }
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) if (bits[i] === '1') out[i >> 3] |= 0x80 >> (i & 7);
  return out;
}

export function bytesOf(c: Content): Buffer {
  if (typeof c === 'string') return Buffer.from(c, 'latin1');
  if ('repeat' in c) return Buffer.from(c.repeat.repeat(c.times), 'latin1');
  return expandBits(c.bitRuns);
}

/** Coreutils.pm's environment: the C locale. */
const ENV = { ...process.env, LANGUAGE: 'C', LANG: 'C', LC_ALL: 'C' } as Record<string, string>;

let root = '';
let bin = '';
const folders = new Map<UpstreamTest, string>();

/** The case's folder, with its IN and AUX files (made once: no case writes to them). */
function folderOf(t: UpstreamTest): string {
  let dir = folders.get(t);
  if (dir === undefined) {
    dir = join(root, String(folders.size));
    mkdirSync(dir);
    for (const [name, content] of [...t.in, ...t.aux]) writeFileSync(join(dir, name), bytesOf(content));
    folders.set(t, dir);
  }
  return dir;
}

const label = (t: UpstreamTest) => `${t.source} ${t.name}: ${t.prog} ${JSON.stringify(t.args)}`;

/**
 * A run against the case's expectation, as text (latin1: one character a byte) for a readable diff: upstream's, or
 * for a case of a later version, what coreutils 9.1 does (the spec; the data says where the two differ).
 */
function expectUpstream(r: Run, t: UpstreamTest, who: string): void {
  const got = { stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('latin1'), exit: r.code };
  const spec = t.v91 ?? t;
  const want = {
    stdout: bytesOf(spec.out).toString('latin1'),
    stderr: bytesOf(spec.err).toString('latin1'),
    exit: spec.exit,
  };
  expect(got, `${who}: ${label(t)}`).toEqual(want);
}

beforeAll(() => {
  requireBuilt('main.js', 'tools.js', 'sum/run.js', 'sum/worker.js');
  root = mkdtempSync(join(tmpdir(), 'digestlab-upstream-'));
  bin = linkTools(root);
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const SOURCES = [...new Set(DATA.tests.map((t) => t.source))];

describe(`coreutils' tests of the sum tools (coreutils/coreutils ${DATA.source.commit.slice(0, 12)}, tag v9.1)`, () => {
  it('the data holds every file translated, each case once', () => {
    expect(SOURCES.map((s) => s.replace('tests/misc/', ''))).toEqual([
      'md5sum.pl',
      // a case added after 9.1, where the files moved to tests/cksum/
      'tests/cksum/md5sum.pl',
      'md5sum-newline.pl',
      'sha1sum.pl',
      'sha1sum-vec.pl',
      'sha224sum.pl',
      'sha256sum.pl',
      'sha384sum.pl',
      'sha512sum.pl',
    ]);
    for (const t of DATA.tests.filter((u) => u.later !== undefined)) {
      const upstream = { out: t.out, err: t.err, exit: t.exit };
      expect(t.v91SameAsUpstream, label(t)).toBe(JSON.stringify(t.v91) === JSON.stringify(upstream));
    }
    expect(new Set(DATA.tests.map((t) => `${t.source} ${t.name}`)).size).toBe(DATA.tests.length);
    // sha1sum-vec.pl's vector 2, upstream '5 0 2 1 2 1 2 ^' (5 runs from a 0 bit): 00 1 00 1 00
    const vector2 = DATA.tests.find((t) => t.source.endsWith('sha1sum-vec.pl') && t.name === '2');
    expect(vector2?.in).toEqual([['f', '$']]);
    expect(bytesOf({ bitRuns: '0 2 1 2 1 2' })).toEqual(Buffer.from([0b00100100]));
    expect(bytesOf({ bitRuns: '1 9' })).toEqual(Buffer.from([0xff, 0x80]));
  });

  for (const source of SOURCES) {
    const tests = DATA.tests.filter((t) => t.source === source);
    describe(source, () => {
      it(`the installed coreutils passes its ${tests.length} cases (it is 9.1: the data is read as upstream runs it)`, async () => {
        const runs = await inTurn(tests, 4, (t) => spawned(t.prog, t.args, { cwd: folderOf(t), env: ENV }));
        for (const [i, t] of tests.entries()) expectUpstream(runs[i] as Run, t, 'coreutils');
      });

      it(`ours, through a link named ${tests[0]?.prog}, passes every case`, async () => {
        for (const t of tests)
          expectUpstream(await inProcess(bin, t.prog, t.args, { cwd: folderOf(t), env: ENV }), t, 'ours');
      });
    });
  }

  it('spawned through the links, as a shell runs them: the first case of each file, and one with every message', async () => {
    const sample = DATA.tests.filter(
      (t, i) => t.name === 'check-multifail-warn' || DATA.tests.findIndex((u) => u.source === t.source) === i,
    );
    expect(sample.length).toBe(SOURCES.length + 1);
    const version = await spawned(join(bin, 'md5sum'), ['--version'], { cwd: root, env: ENV });
    expect(version.stdout.toString()).toMatch(/^md5sum \(digestlab\) /);
    const runs = await inTurn(sample, 2, (t) => spawned(join(bin, t.prog), t.args, { cwd: folderOf(t), env: ENV }));
    for (const [i, t] of sample.entries()) expectUpstream(runs[i] as Run, t, 'ours, spawned');
  });
});
