#!/usr/bin/env node
/**
 * Transcripts of the outside programs whose interface `digestlab sum` copies (b3sum, RHash, cksum, xxhsum), stored in
 * `vectors/tools/NAME.json` so that `npm test` compares our command with them without running them.
 *
 * A scenario is a folder of fixed files and a list of command lines. Recording runs the real program over each line
 * in that folder and keeps, per case, its arguments, standard input, stdout, stderr and exit code; the file's header
 * names the program's version (its `--version`, and the Debian package's) and the command that made it. The
 * scenarios are defined here once: the recording, the default tests (`*.test.ts`, which read the stored file) and
 * the refs tests (`*.refs.test.ts`, which record again with the installed program and expect the stored file, then
 * record over fresh random contents and compare our command with that) all take them from this module.
 *
 *   node scripts/vectors/tool-transcripts.mjs record NAME...  runs the program, writes vectors/tools/NAME.json
 *   node scripts/vectors/tool-transcripts.mjs check [NAME...] runs it again; the differences from the stored file,
 *                                                             exit 1 if any
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_PROGRAMS, requireProgram } from '../check/reference-programs.mjs';
import { CKSUM } from './cksum-scenario.mjs';
import { XXHSUM } from './xxhsum-scenario.mjs';

const VECTORS = fileURLToPath(new URL('../../vectors/tools/', import.meta.url));

/** A file of a scenario: its name, how its bytes are made (in words, for the transcript), and the bytes. */
const file = (name, made, bytes) => ({ name, made, bytes });
const ownName = (name) => file(name, 'its own name in UTF-8', () => Buffer.from(name));
const shake = (name, size) =>
  file(name, `the first ${size} bytes of SHAKE256("${name}")`, () =>
    createHash('shake256', { outputLength: size }).update(name).digest(),
  );

/** Numbers the cases of each group that have no id: `lines-3` is the third case of `lines`. */
function numbered(steps) {
  const seen = {};
  return steps.map((s) => {
    if ('write' in s || s.id !== undefined) return s;
    seen[s.group] = (seen[s.group] ?? 0) + 1;
    return { id: `${s.group}-${seen[s.group]}`, ...s };
  });
}

// b3sum: `digestlab sum -a blake3` is its drop-in (packages/cli/test/b3sum.test.ts). `check` says what the tests
// compare: `same` (the default) stdout, exit code and stderr after the program's name; `exit` the exit code and the
// length of stdout; `clap` clap's refusal, its message up to its usage block. `jitless: true`: also under
// `node --jitless`.
const KEY = 'whats the Elvish word for friend';
const B3_FILES = ['empty', 'abc', 'chunk', 'chunks', 'new\nline', 'back\\slash', 'ünïcödé ✓'];
const CLAP_REFUSALS = [
  ['--derive-key', 'CTX', '-x', 'abc'],
  ['--derive-key', '-x', 'abc'],
  ['--derive-key', '--', 'abc'],
  ['--derive-key', 'a', '--derive-key', 'b', 'abc'],
  ['--keyed', '--keyed', 'abc'],
  ['-l', '8', '--length', '9', 'abc'],
  ['-l', '-1', 'abc'],
  ['--num-threads', '-x', 'abc'],
  ['--raw', '--raw', 'abc'],
  ['--no-names', '--no-names', 'abc'],
  ['--no-mmap', '--no-mmap', 'abc'],
  ['-c', '--check', 'abc'],
  ['-c', '--raw', 'abc'],
  ['-c', '--no-names', 'abc'],
  ['-c', '-l', '8', 'abc'],
  ['-c', '-l', '8', '--raw', 'abc'],
  ['--quiet', 'abc'],
];
const USAGE_FAILURES = [
  ['--raw', 'abc', 'empty'],
  ['--keyed', '--derive-key', 'x', 'abc'],
  ['--keyed'],
  ['-c', '--keyed', 'abc'],
  ['-c', '--derive-key', 'x', 'abc'],
  ['--bogus'],
];
/** Lines `b3sum -c` reads as failed, missing, malformed (short, empty, uppercase, binary mode, bad escape). */
const SABOTAGE =
  `${'0'.repeat(64)}  chunk\n${'a'.repeat(64)}  missing\nshort\n\n${'A'.repeat(64)}  abc\n` +
  `${'b'.repeat(64)} *abc\n\\${'c'.repeat(64)}  bad\\escape\n`;

/** A line that is not UTF-8, then a good one: b3sum stops at the first. */
const NOT_UTF8 = Buffer.concat([
  Buffer.from(`${'e'.repeat(64)}  x`),
  Buffer.from([0xff]),
  Buffer.from(`\n${'f'.repeat(64)}  abc\n`),
]);

const B3SUM = {
  program: 'b3sum',
  about: 'digestlab sum -a blake3 is compared with these byte for byte: packages/cli/test/b3sum.test.ts',
  env: { LC_ALL: 'C.UTF-8' },
  files: [
    file('empty', 'empty', () => Buffer.alloc(0)),
    file('abc', 'abc', () => Buffer.from('abc')),
    file('chunk', '1024 bytes of 7: one chunk exactly', () => Buffer.alloc(1024, 7)),
    file('chunks', '300001 bytes, byte i = i % 251: many chunks, the last one partial', () =>
      Buffer.from(Array.from({ length: 300_001 }, (_, i) => i % 251)),
    ),
    ownName('new\nline'),
    ownName('back\\slash'),
    ownName('ünïcödé ✓'),
    { name: 'folder', folder: true },
  ],
  steps: numbered([
    { id: 'files', group: 'lines', args: B3_FILES, jitless: true },
    { group: 'lines', args: ['-', 'abc'], stdin: 'from stdin' },
    { group: 'lines', args: ['-l', '0', 'abc'] },
    { group: 'lines', args: ['-l', '131', ...B3_FILES] },
    { group: 'lines', args: ['--length=7', '--no-names', ...B3_FILES] },
    { group: 'lines', args: ['--raw', 'chunks'] },
    { group: 'lines', args: ['--raw', '-l', '100', 'abc'] },
    // also the expected digest of packages/cli/test/overflow.test.ts's BLAKE3 run
    { id: 'zeros-5000', group: 'lines', args: ['--no-names'], stdin: { zeros: 5000 } },
    { group: 'keyed', args: ['--keyed', ...B3_FILES], stdin: KEY },
    { group: 'keyed', args: ['--keyed', '-l', '65', 'chunks'], stdin: KEY },
    { group: 'keyed', args: ['--keyed', '-l', '65', ...B3_FILES], stdin: KEY, jitless: true },
    { group: 'keyed', args: ['--derive-key', 'BLAKE3 2019-12-27 16:29:52 test vectors context', ...B3_FILES] },
    { group: 'keyed', args: ['--derive-key', '', 'abc'] },
    // a key that is not 32 bytes
    { group: 'keyed', args: ['--keyed', 'abc'], stdin: KEY.slice(1) },
    // missing files and folders: it goes on with the rest
    { group: 'fails', args: ['abc', 'missing', 'folder', 'empty'] },
    ...USAGE_FAILURES.map((args) => ({ group: 'fails', args, check: 'exit' })),
    ...CLAP_REFUSALS.map((args) => ({ group: 'clap', args, stdin: KEY, check: 'clap' })),
    // accepted: a value joined with `=`, and `-` (standard input's name) as a value
    { group: 'clap', args: ['--derive-key=-x', 'abc'] },
    { group: 'clap', args: ['--derive-key', '-', 'abc'] },
    // -l is read for each file: a bad one fails each
    { group: 'clap', args: ['--length=x', 'abc', 'empty'] },
    { group: 'clap', args: ['-l-1', 'abc'] },
    { id: 'abc-newline', group: 'check', args: ['abc', 'new\nline'] },
    // its own list of the files (ours is the same: case `files`), and one with every kind of bad line
    { write: 'ours.b3', stdoutOf: 'files' },
    { write: 'theirs.b3', stdoutOf: 'abc-newline', append: SABOTAGE },
    { id: 'check-ours', group: 'check', args: ['-c', 'ours.b3'] },
    { group: 'check', args: ['-c', 'theirs.b3'] },
    { group: 'check', args: ['-c', '--quiet', 'theirs.b3', 'ours.b3'] },
    { group: 'check', args: ['-c'], stdin: { stdoutOf: 'files' } },
    { group: 'check', args: ['-c', 'ours.b3', 'no-such-list'] },
    // a path printed from bytes that were not UTF-8 (U+FFFD) is refused, the run goes on; a list that is not
    // UTF-8 stops the run at its first such line, the lines before it checked
    { write: 'replaced.b3', stdoutOf: 'abc-newline', append: `${'d'.repeat(64)}  a\uFFFDb\n` },
    { write: 'not-utf8.b3', stdoutOf: 'abc-newline', append: NOT_UTF8 },
    { group: 'check', args: ['-c', 'replaced.b3', 'ours.b3'] },
    { group: 'check', args: ['-c', 'not-utf8.b3', 'ours.b3'] },
    { group: 'check', args: ['-c'], stdin: { stdoutOf: 'files', append: NOT_UTF8 } },
  ]),
};

// b3sum over files at BLAKE3's chunk edges and at the edges of 4 KiB subtrees, the size
// packages/cli/test/b3sum-parallel.test.ts splits at
/** Empty, a chunk ± 1, k subtrees of 4 KiB ± 1, and one of many subtrees. */
const B3_PARALLEL_SIZES = [
  0,
  1,
  1023,
  1024,
  1025,
  4095,
  4096,
  4097,
  3 * 4096 - 1,
  3 * 4096 + 1,
  8 * 4096,
  8 * 4096 + 1,
  61 * 4096 + 7,
];
const B3_PARALLEL_FILES = B3_PARALLEL_SIZES.map((n) => `f${n}`);
const B3SUM_PARALLEL = {
  program: 'b3sum',
  about:
    'digestlab sum -a blake3 split over worker threads is compared with these: packages/cli/test/b3sum-parallel.test.ts',
  env: { LC_ALL: 'C.UTF-8' },
  files: B3_PARALLEL_SIZES.map((n) => shake(`f${n}`, n)),
  steps: [
    { id: 'derive-key-131', args: ['--derive-key', 'b3par context', '-l', '131', ...B3_PARALLEL_FILES] },
    { id: 'no-names', args: ['--no-names', ...B3_PARALLEL_FILES] },
  ],
};

// RHash: `digestlab sum -a tiger` and `-a whirlpool` give its digests, and their --tag lines are its --bsd lines
// (packages/cli/test/sum.test.ts). It reads a backslash as a path separator: no name here has one.
const RHASH_NAMES = [
  'plain.txt',
  'with space',
  'new\nline',
  'carriage\rreturn',
  'ünïcödé ✓',
  "it's",
  'colon:name',
  'empty',
  'multi-MiB.bin',
];
/** The names whose --bsd lines need no escaping. */
const RHASH_PLAIN = RHASH_NAMES.filter((n) => /^[\w. -]+$/.test(n));
function rhashFile(name) {
  if (name === 'empty') return file(name, 'empty', () => Buffer.alloc(0));
  if (name === 'multi-MiB.bin') {
    return file(name, '3 MiB + 17 bytes, byte i = (i * 2654435761) >>> 24 in JavaScript', () => {
      const big = Buffer.alloc(3 * 1024 * 1024 + 17);
      for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
      return big;
    });
  }
  return file(name, '"file: NAME\\n" in UTF-8', () => Buffer.from(`file: ${name}\n`));
}
const RHASH = {
  program: 'rhash',
  about: 'digestlab sum -a tiger and -a whirlpool are compared with these: packages/cli/test/sum.test.ts',
  env: { LC_ALL: 'C.UTF-8' },
  files: RHASH_NAMES.map(rhashFile),
  steps: ['whirlpool', 'tiger'].flatMap((a) => [
    { id: `${a}-digests`, args: [`--${a}`, '-p', `%{${a}}\n`, ...RHASH_NAMES] },
    { id: `${a}-bsd`, args: [`--${a}`, '--bsd', ...RHASH_PLAIN] },
  ]),
};

export const SCENARIOS = Object.freeze({
  b3sum: B3SUM,
  'b3sum-parallel': B3SUM_PARALLEL,
  rhash: RHASH,
  cksum: { ...CKSUM, steps: numbered(CKSUM.steps) },
  xxhsum: { ...XXHSUM, steps: numbered(XXHSUM.steps) },
});
export { B3_PARALLEL_FILES, B3_PARALLEL_SIZES, RHASH_NAMES, RHASH_PLAIN };

function scenarioOf(name) {
  const scenario = SCENARIOS[name];
  if (scenario === undefined) throw new Error(`no scenario ${name}; there are ${Object.keys(SCENARIOS).join(', ')}`);
  return scenario;
}

/** Where the scenario's transcript is stored. */
export const transcriptPath = (name) => join(VECTORS, `${name}.json`);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const isText = (bytes) => {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : undefined;
};

/** A program's output as stored: its text when it is UTF-8, else base64. Always whole. */
function output(bytes) {
  const text = isText(bytes);
  return text === undefined ? { base64: bytes.toString('base64') } : text;
}

/** An input as stored (a file, standard input): short text or base64 whole; zeros or longer ones by size and sha256. */
function input(bytes) {
  const text = isText(bytes);
  // text with no control character but tab, newline and carriage return
  const plain = bytes.every((b) => (b >= 0x20 && b !== 0x7f) || b === 9 || b === 10 || b === 13);
  if (text !== undefined && plain && bytes.length <= 4096) return text;
  if (bytes.length > 256 && bytes.every((b) => b === 0)) return { zeros: bytes.length };
  if (bytes.length <= 256) return { base64: bytes.toString('base64') };
  return { bytes: bytes.length, sha256: sha256(bytes) };
}

/** The bytes of a stored output or input; inputs stored by their hash only are the scenario's to make. */
export function bytesOf(stored) {
  if (typeof stored === 'string') return Buffer.from(stored, 'utf8');
  if ('base64' in stored) return Buffer.from(stored.base64, 'base64');
  if ('zeros' in stored) return Buffer.alloc(stored.zeros);
  throw new Error(`${stored.bytes} bytes stored by their sha256 only: the scenario makes them`);
}

/** A case's standard input; `stdoutOf(id)` gives the output of an earlier case. */
function stdinOf(step, stdoutOf) {
  const s = step.stdin ?? '';
  if (typeof s === 'string') return Buffer.from(s, 'utf8');
  if ('zeros' in s) return Buffer.alloc(s.zeros);
  return derived(s, stdoutOf);
}

/** The output of an earlier case, then `append` (a string, or bytes that need not be UTF-8). */
const derived = (step, stdoutOf) => Buffer.concat([stdoutOf(step.stdoutOf), Buffer.from(step.append ?? '', 'utf8')]);

/** Fills `dir` with the scenario's files: their fixed contents, or random bytes of the same lengths. */
function writeFiles(scenario, dir, random) {
  for (const f of scenario.files) {
    if (f.folder) mkdirSync(join(dir, f.name));
    else {
      const fixed = f.bytes();
      writeFileSync(join(dir, f.name), random ? randomBytes(fixed.length) : fixed);
    }
  }
}

/** The files of `dir` as the transcript lists them: the scenario's, then those the steps write. */
function listFiles(scenario, dir) {
  const made = new Map(scenario.files.map((f) => [f.name, f.made]));
  for (const s of scenario.steps) {
    if ('write' in s) made.set(s.write, `stdout of case ${s.stdoutOf}${s.append ? ', then more lines' : ''}`);
  }
  return [...made].map(([name, how]) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return { name, folder: true };
    return { name, made: how, content: input(readFileSync(path)) };
  });
}

function versionOf(program, debianPackage) {
  // xxhsum writes its version to stderr
  const r = spawnSync(program, ['--version'], { encoding: 'utf8' });
  const line = (r.stdout || r.stderr).split('\n')[0].trim();
  let pkg;
  try {
    const name = REFERENCE_PROGRAMS[program] ?? debianPackage;
    // `dpkg-query -W NAME` prints the name, a tab and the installed version
    pkg = `Debian ${execFileSync('dpkg-query', ['-W', name], { encoding: 'utf8' }).trim().replace('\t', ' ')}`;
  } catch {}
  return { program: line, ...(pkg ? { package: pkg } : {}) };
}

/** Runs one case of the scenario with the real program in `dir`. */
function runCase(program, step, stdin, dir, env) {
  const r = spawnSync(program, step.args, { cwd: dir, env, input: stdin, maxBuffer: 64 * 1024 * 1024 });
  // EPIPE: it exited without reading all of its standard input (clap's refusals), which is its answer
  if (r.error && !(r.error.code === 'EPIPE' && r.status !== null)) throw r.error;
  for (const out of [r.stdout, r.stderr]) {
    // the folder is temporary: a transcript that names it could not be compared
    if (out.includes(dir)) throw new Error(`${program} ${step.args.join(' ')} printed the folder's path`);
  }
  return {
    id: step.id,
    args: step.args,
    stdin: input(stdin),
    stdout: output(r.stdout),
    stderr: output(r.stderr),
    code: r.status,
  };
}

/**
 * Runs the scenario's program (it must be installed: requireProgram) over every case in `dir`, which it fills with
 * the scenario's files (`random`: random bytes of the same lengths), and returns the transcript.
 */
export function record(name, dir, { random = false } = {}) {
  const scenario = scenarioOf(name);
  // a program every Debian has (coreutils) is not a listed reference: the default tier may run it
  const program = scenario.debianPackage ? scenario.program : requireProgram(scenario.program);
  const env = { PATH: process.env.PATH ?? '', ...scenario.env };
  writeFiles(scenario, dir, random);
  const stdouts = new Map();
  const stdoutOf = (id) => stdouts.get(id);
  const cases = [];
  for (const step of scenario.steps) {
    if ('write' in step) {
      writeFileSync(join(dir, step.write), derived(step, stdoutOf));
      continue;
    }
    const c = runCase(program, step, stdinOf(step, stdoutOf), dir, env);
    stdouts.set(step.id, bytesOf(c.stdout));
    cases.push(c);
  }
  return {
    scenario: name,
    about: scenario.about,
    ...versionOf(program, scenario.debianPackage),
    made: `node scripts/vectors/tool-transcripts.mjs record ${name}`,
    recorded: new Date().toISOString().slice(0, 10),
    ...(random ? { random: true } : {}),
    env: scenario.env,
    files: listFiles(scenario, dir),
    cases,
  };
}

/** The stored transcript of a scenario. */
export function readTranscript(name) {
  scenarioOf(name);
  return JSON.parse(readFileSync(transcriptPath(name), 'utf8'));
}

const stale = (name, why) =>
  new Error(
    `vectors/tools/${name}.json does not match its scenario in scripts/vectors/tool-transcripts.mjs (${why}): ` +
      `record it again with node scripts/vectors/tool-transcripts.mjs record ${name}`,
  );
const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The cases of a transcript (stored, or just recorded) by id: the scenario's step (its args, group, check) with the
 * program's standard input, stdout, stderr and exit code. Throws when the transcript is not of the scenario as it
 * is defined now (a case added, its arguments or input changed).
 */
export function runsOf(name, transcript) {
  const scenario = scenarioOf(name);
  const steps = scenario.steps.filter((s) => !('write' in s));
  if (transcript.scenario !== name) throw stale(name, `it is the transcript of ${transcript.scenario}`);
  if (transcript.cases.length !== steps.length) {
    throw stale(name, `${transcript.cases.length} cases stored, ${steps.length} defined`);
  }
  const runs = new Map();
  for (const [i, step] of steps.entries()) {
    const c = transcript.cases[i];
    const stdin = stdinOf(step, (id) => runs.get(id).stdout);
    if (c.id !== step.id || !sameJson(c.args, step.args) || !sameJson(c.stdin, input(stdin))) {
      throw stale(name, `case ${i + 1}, ${step.id}`);
    }
    runs.set(step.id, {
      ...step,
      stdin,
      stdout: bytesOf(c.stdout),
      stderr: bytesOf(c.stderr).toString(),
      code: c.code,
    });
  }
  return runs;
}

/**
 * Fills `dir` with the files the transcript was recorded over: the scenario's, and those its steps wrote from the
 * program's output; returns its cases (runsOf). Throws when they are not the transcript's byte for byte.
 */
export function prepare(name, dir, transcript) {
  const scenario = scenarioOf(name);
  const runs = runsOf(name, transcript);
  writeFiles(scenario, dir, false);
  const stdoutOf = (id) => runs.get(id).stdout;
  for (const s of scenario.steps) {
    if ('write' in s) writeFileSync(join(dir, s.write), derived(s, stdoutOf));
  }
  const files = listFiles(scenario, dir);
  for (const [i, f] of files.entries()) {
    if (!sameJson(f, transcript.files[i])) throw stale(name, `file ${JSON.stringify(f.name)}`);
  }
  if (files.length !== transcript.files.length) throw stale(name, 'its list of files');
  return runs;
}

/** Where a transcript recorded now differs from the stored one (the date and the Debian revision aside). */
export function differences(stored, live) {
  const out = [];
  for (const key of ['scenario', 'program', 'env', 'files']) {
    if (sameJson(stored[key], live[key])) continue;
    out.push(`${key}: ${JSON.stringify(stored[key])} stored, now ${JSON.stringify(live[key])}`);
  }
  const ids = new Set([...stored.cases, ...live.cases].map((c) => c.id));
  for (const id of ids) {
    const [a, b] = [stored.cases.find((c) => c.id === id), live.cases.find((c) => c.id === id)];
    if (!sameJson(a, b)) out.push(`case ${id}: ${JSON.stringify(a)} stored, now ${JSON.stringify(b)}`);
  }
  return out;
}

/** The transcript as written: its header, then one line per file and per case. */
export function format(transcript) {
  const { files, cases, ...header } = transcript;
  const list = (items) => `[\n${items.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]`;
  const lines = Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n${[...lines, `  "files": ${list(files)}`, `  "cases": ${list(cases)}`].join(',\n')}\n}\n`;
}

/** Records the scenario in a folder of its own, removed after. */
function recordAlone(name) {
  const dir = mkdtempSync(join(tmpdir(), `digestlab-transcript-${name}-`));
  try {
    return record(name, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `record NAME...` or `check [NAME...]`: the exit code. */
function main([command, ...names]) {
  if (command === 'record' && names.length > 0) {
    for (const name of names) {
      const t = recordAlone(name);
      writeFileSync(transcriptPath(name), format(t));
      console.log(`vectors/tools/${name}.json: ${t.cases.length} cases, ${t.program} (${t.package ?? 'no package'})`);
    }
    return 0;
  }
  if (command === 'check') {
    let differ = 0;
    for (const name of names.length > 0 ? names : Object.keys(SCENARIOS)) {
      const found = differences(readTranscript(name), recordAlone(name));
      for (const d of found) console.log(`${name}: ${d}`);
      console.log(`vectors/tools/${name}.json: ${found.length === 0 ? 'reproduced' : `${found.length} differences`}`);
      differ += found.length;
    }
    return differ === 0 ? 0 : 1;
  }
  console.error(
    `usage: node scripts/vectors/tool-transcripts.mjs record NAME... | check [NAME...]  (${Object.keys(SCENARIOS).join(', ')})`,
  );
  return 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    // one line: a program missing (which package has it), a scenario unknown
    console.error(`tool-transcripts: ${e instanceof Error ? e.message : e}`);
    process.exitCode = 1;
  }
}
