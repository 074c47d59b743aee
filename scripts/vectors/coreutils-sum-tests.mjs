#!/usr/bin/env node
/**
 * coreutils 9.1's own tests of md5sum and the sha*sum tools, as data: `vectors/upstream/coreutils-9.1-sum.json`,
 * which packages/cli/test/upstream-coreutils.test.ts runs against the real tools and ours.
 *
 * The upstream tests are Perl tables (tests/misc/*.pl, run by tests/Coreutils.pm). Rather than parse Perl, this runs
 * each file with Perl itself, a stand-in Coreutils module in place of the real one: its `run_tests` prints the table
 * it is given (after the file's own rewriting: the `--text` each test gets, sha1sum-vec.pl's bit strings expanded)
 * as JSON. Nothing is computed here but the encoding of long contents; every expected output is upstream's text.
 * The cases a later version of a file adds (tests/cksum/, at LATER) are kept too, each with what the installed
 * coreutils 9.1 does in it (run here: it must be 9.1), which is the spec where the later expectation differs.
 *
 *   node scripts/vectors/coreutils-sum-tests.mjs GIT_DIR           writes the file, from a clone of coreutils' git
 *                                                                  repository (its tag v9.1)
 *   node scripts/vectors/coreutils-sum-tests.mjs GIT_DIR --check   exit 1 if the stored file differs
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../../vectors/upstream/coreutils-9.1-sum.json', import.meta.url));
const TAG = 'v9.1';
/** A later commit, where the files moved to tests/cksum/: the cases it adds are kept too, marked `later`. */
const LATER = { commit: 'aa0c0de3508e9150eb0ea610f696ee353dd9353d', date: '2026-08-20', folder: 'tests/cksum/' };
/** The data-driven tests of the tools `sum` stands in for (md5sum-bsd.sh and b2sum.sh are scripts: translated in the test). */
const FILES = [
  'md5sum.pl',
  'md5sum-newline.pl',
  'sha1sum.pl',
  'sha1sum-vec.pl',
  'sha224sum.pl',
  'sha256sum.pl',
  'sha384sum.pl',
  'sha512sum.pl',
].map((f) => `tests/misc/${f}`);

// The stand-ins: Coreutils' run_tests prints its table; CuSkip's skip stops the run (no test here may be skipped).
const STAND_INS = {
  'Coreutils.pm': `package Coreutils;
use strict; use JSON::PP; use Exporter 'import';
our @EXPORT = qw(run_tests triple_test);
sub run_tests { my ($name, $prog, $tests) = @_;
  print JSON::PP->new->ascii->canonical->encode({prog => $prog, tests => $tests}); return 0; }
sub triple_test { die "triple_test: not expected\\n" }
1;
`,
  'CuSkip.pm': 'package CuSkip; sub skip { die "skipped: @_" } 1;\n',
};

const git = (gitDir, ...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1 << 26 });

/**
 * A content as stored: the text itself (a JSON string whose code points are the bytes) when short; else a unit
 * repeated (`'a' x 1000000`), or the bit runs that sha1sum-vec.pl writes its inputs in ("b r1 r2 ...": the first
 * bit, then the length of each run of equal bits, alternating), which the test expands.
 */
function stored(text) {
  if (text.length <= 256) return text;
  for (let unit = 1; unit <= 16; unit++) {
    if (text.length % unit === 0 && text.slice(0, unit).repeat(text.length / unit) === text) {
      return { repeat: text.slice(0, unit), times: text.length / unit };
    }
  }
  const bits = [...Buffer.from(text, 'latin1')].map((b) => b.toString(2).padStart(8, '0')).join('');
  const runs = bits.match(/0+|1+/g) ?? [];
  return { bitRuns: `${bits[0]} ${runs.map((r) => r.length).join(' ')}` };
}

/** One upstream test as Coreutils.pm runs it: arguments (shell words) and IN files in order, AUX, OUT, ERR, EXIT. */
function testOf(source, prog, spec) {
  const [name, ...parts] = spec;
  const t = { source, prog, name, args: [], in: [], aux: [], out: '', err: '', exit: 0 };
  for (const part of parts) {
    if (typeof part === 'string') {
      t.args.push({ words: part.split(/\s+/).filter(Boolean) });
      continue;
    }
    const [[type, value], ...more] = Object.entries(part);
    if (more.length > 0) throw new Error(`${source} ${name}: a spec of more than one key`);
    const files = () => {
      const entries = Object.entries(value);
      if (entries.length !== 1)
        throw new Error(`${source} ${name}: ${type} of ${entries.length} files (order unknown)`);
      return entries.map(([file, text]) => [file, stored(text)]);
    };
    if (type === 'IN') {
      const [file] = files();
      t.in.push(file);
      t.args.push({ file: file[0] });
    } else if (type === 'AUX') t.aux.push(...files());
    else if (type === 'OUT' || type === 'ERR') t[type.toLowerCase()] = stored(value);
    else if (type === 'EXIT') t.exit = value;
    else throw new Error(`${source} ${name}: ${type} is not translated`);
  }
  t.args = t.args.flatMap((a) => a.words ?? [a.file]);
  return t;
}

/** The table of `path` at `rev`, as its tests/Coreutils.pm would run it. */
function tableOf(gitDir, lib, rev, path) {
  const script = join(lib, 'test.pl');
  writeFileSync(script, git(gitDir, 'show', `${rev}:${path}`));
  // in its own folder: md5sum-newline.pl creates a file to see that it can
  const json = execFileSync('perl', ['-w', `-I${lib}`, '-MCuSkip', '-MCoreutils', script], {
    cwd: lib,
    maxBuffer: 1 << 26,
  });
  const { prog, tests } = JSON.parse(json.toString('latin1'));
  return tests.map((spec) => testOf(path, prog, spec));
}

/** What the installed tool (coreutils 9.1) does in the case, as Coreutils.pm would run it. */
function installed(t) {
  const dir = mkdtempSync(join(tmpdir(), 'coreutils-case-'));
  try {
    for (const [name, content] of [...t.in, ...t.aux]) writeFileSync(join(dir, name), bytesOf(content));
    const env = { ...process.env, LANGUAGE: 'C', LANG: 'C', LC_ALL: 'C' };
    const r = spawnSync(t.prog, t.args, { cwd: dir, env });
    return { out: stored(r.stdout.toString('latin1')), err: stored(r.stderr.toString('latin1')), exit: r.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function bytesOf(content) {
  if (typeof content !== 'string') throw new Error('a long content in a later case: not handled');
  return Buffer.from(content, 'latin1');
}

/**
 * The cases a later version of `path` (tests/cksum/ at LATER) adds or changes. Each keeps upstream's expectation
 * and adds `v91`: what the installed 9.1 does, the spec where the two differ.
 */
function laterCases(gitDir, lib, path, current) {
  const laterPath = path.replace('tests/misc/', LATER.folder);
  const known = new Map(current.map((t) => [t.name, JSON.stringify(t)]));
  const added = [];
  for (const t of tableOf(gitDir, lib, LATER.commit, laterPath)) {
    const as91 = { ...t, source: path };
    if (known.get(t.name) === JSON.stringify(as91)) continue;
    const v91 = installed(t);
    const same = JSON.stringify(v91) === JSON.stringify({ out: t.out, err: t.err, exit: t.exit });
    added.push({ ...t, later: `${laterPath} at ${LATER.commit}`, v91, v91SameAsUpstream: same });
  }
  return added;
}

function generate(gitDir) {
  const version = execFileSync('md5sum', ['--version']).toString().split('\n')[0];
  if (!version.endsWith(' 9.1')) throw new Error(`the installed coreutils is not 9.1 (${version})`);
  const commit = git(gitDir, 'rev-parse', `${TAG}^{commit}`).toString().trim();
  const lib = mkdtempSync(join(tmpdir(), 'coreutils-tests-'));
  try {
    for (const [file, text] of Object.entries(STAND_INS)) writeFileSync(join(lib, file), text);
    const blobs = {};
    const tests = [];
    for (const path of FILES) {
      blobs[path] = git(gitDir, 'rev-parse', `${TAG}:${path}`).toString().trim();
      const current = tableOf(gitDir, lib, TAG, path);
      tests.push(...current, ...laterCases(gitDir, lib, path, current));
    }
    return {
      about:
        "coreutils' own tests of md5sum and sha*sum, as its tests/Coreutils.pm runs them: each IN file is created " +
        'and its name appended to the arguments where it stands, AUX files created but not named, and stdout, stderr ' +
        'and the exit code (0 when absent) compared; LC_ALL=C. A string is the bytes (code points 0-255); ' +
        '{repeat, times} a unit repeated; {bitRuns} the first bit then the lengths of the runs of equal bits. ' +
        `A case with \`later\` is one a later version of the file (${LATER.folder} at ${LATER.commit.slice(0, 12)}) ` +
        'adds: `v91` is what the installed coreutils 9.1 does in it, the spec where it differs from upstream.',
      source: { repository: 'coreutils/coreutils', tag: TAG, commit, blobs, later: LATER },
      command: `node scripts/vectors/coreutils-sum-tests.mjs GIT_DIR (a clone of coreutils/coreutils), with ${version}`,
      tests,
    };
  } finally {
    rmSync(lib, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [gitDir, flag] = process.argv.slice(2);
  if (!gitDir) throw new Error('usage: coreutils-sum-tests.mjs GIT_DIR [--check]');
  const { tests, ...head } = generate(gitDir);
  // one test a line: the file reads as the table it comes from
  const lines = tests.map((t) => `  ${JSON.stringify(t)}`).join(',\n');
  const text = `${JSON.stringify(head, null, 1).replace(/\n}$/, ',')}\n "tests": [\n${lines}\n ]\n}\n`;
  if (flag === '--check') {
    const same = readFileSync(OUT, 'utf8') === text;
    console.log(same ? `up to date: ${OUT}` : `differs: ${OUT}`);
    process.exitCode = same ? 0 : 1;
  } else {
    writeFileSync(OUT, text);
    console.log(`written: ${OUT}`);
  }
}
