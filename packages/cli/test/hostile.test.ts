/**
 * Every command with bad and hostile arguments (issue 25): unknown flags, missing values, wrong types, huge
 * numbers, paths that cannot be read or written, unreadable stdin. Each must end at once with its exit status, one
 * message line on stderr (and the usage hint commander or coreutils adds), no stack trace, and nothing written.
 *
 * Most cases run `main` in-process (milliseconds each); a representative few spawn the built command, for what
 * only a process has: the bin script's handlers, a real stdin or stdout (~150 ms each). The property runs the
 * parser in-process over generated argument lists.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../src/files.js';
import { main } from '../src/main.js';
import { writeReport } from '../src/report-file.js';
import { captureIo, requireBuilt, runCli } from './run.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const base = mkdtempSync(join(tmpdir(), 'digestlab-hostile-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The folder no case may write in: every path a case names as an output is inside it. */
const scratch = join(base, 'scratch');
mkdirSync(scratch);
const aFolder = join(scratch, 'folder.json');
mkdirSync(aFolder);
const notJson = join(scratch, 'not.json');
writeFileSync(notJson, '{"schema": "something else"');
/** A page to serve, so that `web` gets past its root to the check of --results. */
const root = join(base, 'root');
mkdirSync(root);
writeFileSync(join(root, 'index.html'), '<!doctype html>');

const nowhere = join(base, 'no', 'such', 'folder');
/** A folder where no file can be created, even by root. */
const proc = '/proc';

/** Every file and folder under `dir`, so a case can show it wrote nothing. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}
const before = tree(scratch);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `main` in-process; `stdin` fails with EIO unless given (no case may block reading it). */
function run(argv: string[], stdin?: AsyncIterable<Uint8Array>): Promise<Outcome> {
  return runCli(argv, { stdin: stdin ?? unreadable() });
}

async function* unreadable(): AsyncIterable<Uint8Array> {
  yield* [];
  throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
}

/**
 * The hints that may follow the message: commander's (a near flag, then usage), and coreutils' for `sum` (with,
 * for a bad `-a`, the valid names, as coreutils' argmatch lists them).
 */
const HINT =
  /^(\(Did you mean .*\?\)|Unknown digest algorithm ".*"\. Known algorithms: .*|\(run digestlab --help for usage\)|Try 'digestlab sum --help' for more information\.)$/;
const STACK = /^\s+at |\n\s+at |node:internal|\.(ts|js):\d+/;

/** One message line (and maybe the hint), no stack, nothing on stdout, nothing written. */
function expectRefusal(r: Outcome, code: number, message?: RegExp): void {
  const lines = r.stderr.split('\n');
  expect(lines.pop(), 'stderr ends with a newline').toBe('');
  expect(lines.length >= 1 && lines.length <= 3 && lines.slice(1).every((l) => HINT.test(l)), r.stderr).toBe(true);
  expect(r.stderr).not.toMatch(STACK);
  if (message) expect(lines[0]).toMatch(message);
  expect(r.stdout).toBe('');
  expect(r.code, r.stderr).toBe(code);
  expect(tree(scratch)).toEqual(before);
}

const HUGE = '99999999999999999999999';

/** [argv, exit status, the message]. `--size 1` keeps a case short should its refusal ever break. */
const TABLE: [string[], number, RegExp][] = [
  [['nosuch'], 2, /^digestlab: unknown command 'nosuch'; commands: bench/],
  [['--bogus'], 2, /unknown option '--bogus'/],
  [['bench', '-a'], 2, /option '-a, --algorithms <list>' argument missing/],
  [['bench', '-a', 'MD5', 'stray'], 2, /too many arguments/],
  [['bench', '--port', '80'], 2, /unknown option '--port'/],
  [['bench', '--samples', 'many'], 2, /--samples must be an integer >= 5/],
  [['bench', '--count', HUGE, '--exact'], 2, /--count must be an integer >= 1/],
  [['bench', '--time', '-5'], 2, /--time must be a number >= 0.01/],
  [['bench', '--sizes', '2^64'], 2, /--sizes: size "2\^64" is larger than 2\^53-1 bytes/],
  [['bench', '-w', 'many', '--many-count', '4000000000'], 2, /--many-count 4000000000 × --many-size 64: too large/],
  [['bench', '-w', 'many', '--many-size', '1GiB'], 2, /--many-size 1073741824: too large/],
  [['bench', '-a', 'MD5', '--out', join(scratch, 'x.pdf')], 2, /--out .*x\.pdf: unknown format/],
  [
    ['bench', '-a', 'MD5', '--out', join(nowhere, 'x.html')],
    2,
    /--out .*x\.html: cannot use the folder .*folder: no such file/,
  ],
  [['bench', '-a', 'MD5', '--out', `${proc}/x.html`], 2, /--out \/proc\/x\.html: cannot create files in \/proc/],
  [['bench', '-a', 'MD5', '--out', aFolder], 2, /--out .*folder\.json: is a folder, not a file/],
  [['compare'], 2, /missing required argument 'runs'/],
  [['compare', notJson], 2, /compare needs two or more runs \(got 1\)/],
  [['compare', join(nowhere, 'a.json'), notJson], 2, /cannot read .*a\.json/],
  [['compare', aFolder, aFolder], 2, /cannot read .*folder\.json/],
  [['compare', notJson, notJson], 2, /not\.json/],
  [['overflow', '--size', 'lots'], 2, /--size: cannot read size "lots"/],
  [['overflow', '--size', '2^64'], 2, /--size: size "2\^64" is larger than 2\^53-1 bytes/],
  [['overflow', '--size', '1', '-j', '0'], 2, /--jobs must be a whole number >= 1/],
  [['overflow', '--size', '1', '-j', HUGE], 2, /--jobs must be a whole number >= 1/],
  [['overflow', '--size', '1', '--progress-every', 'often'], 2, /--progress-every must be a number of seconds/],
  [['overflow', '--size', '1', '--checkpoint-every', '0'], 2, /--checkpoint-every: size "0" must be at least 1 byte/],
  [['overflow', '--size', '1', '--checkpoint', join(nowhere, 'c.json')], 2, /--checkpoint .*c\.json: cannot use/],
  [['overflow', '--size', '1', '--checkpoint', `${proc}/c.json`], 2, /--checkpoint \/proc\/c\.json: cannot create/],
  [['overflow', '--size', '1', '--checkpoint', aFolder], 2, /--checkpoint .*folder\.json: is a folder/],
  [['overflow', '--size', '1', '--checkpoint', '/dev/null'], 2, /--checkpoint \/dev\/null: is not a regular file/],
  [['overflow', '--resume', join(nowhere, 'c.json')], 2, /cannot read checkpoint .*c\.json: no such file/],
  [['overflow', '--resume', aFolder], 2, /cannot read checkpoint .*folder\.json: is a folder/],
  [['overflow', '--resume', notJson], 2, /not\.json/],
  [['overflow', '--size', '1', '--vectors', join(nowhere, 'v.json')], 2, /--vectors: no file/],
  [['overflow', '--size', '1', '--vectors', notJson], 2, /not\.json|JSON/],
  [['web', '--port', '65536'], 2, /--port must be a port number 0\.\.65535/],
  [['web', '--port', HUGE], 2, /--port must be a port number/],
  [['web', '--root', nowhere], 2, /--root .*folder: no index\.html there/],
  [['web', '--root', root, '--results', `${proc}/r`], 2, /--results \/proc\/r: cannot create the folder/],
  [['web', '--root', root, '--results', notJson], 2, /--results .*not\.json: cannot create the folder: exists/],
  [['web', '--root', root, 'stray'], 2, /too many arguments/],
  [['sum', '--bogus'], 1, /^digestlab sum: unrecognized option '--bogus'$/],
  [['sum', '-j', '0', notJson], 1, /^digestlab sum: invalid number for --jobs: '0'$/],
  [['sum', '-j', HUGE, notJson], 1, /^digestlab sum: invalid number for --jobs/],
  [['sum', '-a'], 1, /^digestlab sum: option requires an argument -- 'a'$/],
  [['sum', join(nowhere, 'f')], 1, /^digestlab sum: .*f: No such file or directory$/],
  [['sum', aFolder], 1, /^digestlab sum: .*folder\.json: Is a directory$/],
  [['sum', '-c', join(nowhere, 'f')], 1, /^digestlab sum: .*f: No such file or directory$/],
  [['sum'], 1, /^digestlab sum: -: Input\/output error$/],
  [['sum', '-c'], 1, /^digestlab sum: 'standard input': Input\/output error$/],
];

describe('bad and hostile arguments, in-process: exit status, one line, no stack, nothing written', () => {
  it.each(TABLE)('%j: exit %i', async (argv, code, message) => {
    expectRefusal(await run(argv), code, message);
  });

  it('an error no command expected: one line saying what to do; --debug and DIGESTLAB_DEBUG=1 add the stack', async () => {
    const broken = (env: Record<string, string>) => {
      const { io, out } = captureIo({
        env,
        stdout: () => {
          throw new TypeError('the terminal went away\nsecond line');
        },
      });
      return { io, stderr: () => out.stderr };
    };
    const plain = broken({});
    expect(await main(['bench', '--list'], plain.io, false)).toBe(1);
    expect(plain.stderr()).toBe(
      'digestlab: internal error: the terminal went away; please report it with the output of the same command run with --debug\n',
    );
    const flag = broken({});
    expect(await main(['--debug', 'bench', '--list'], flag.io, false)).toBe(1);
    expect(flag.stderr()).toMatch(
      /^digestlab: internal error: the terminal went away; .*\nTypeError: the terminal went away\nsecond line\n\s+at /,
    );
    const later = broken({});
    expect(await main(['bench', '--list', '--debug'], later.io, false)).toBe(1);
    expect(later.stderr()).toMatch(/\n\s+at /);
    const env = broken({ DIGESTLAB_DEBUG: '1' });
    expect(await main(['bench', '--list'], env.io, false)).toBe(1);
    expect(env.stderr()).toMatch(/\n\s+at /);
  });
});

describe('a report that cannot be written after the run is not lost', () => {
  const text = '{"schema":"digestlab-bench/1"}\n';
  const quiet = () => captureIo();

  it('written atomically where it can be: exit 0, no temporary file left', () => {
    const dir = mkdtempSync(join(base, 'ok-'));
    const { io, out } = quiet();
    expect(writeReport(join(dir, 'r.json'), text, io)).toBe(0);
    expect(readdirSync(dir)).toEqual(['r.json']);
    expect(out.stderr).toBe(`wrote ${join(dir, 'r.json')}\n`);
  });

  it('a rename that fails leaves the old file whole and no temporary file (checkpoints are written so too)', () => {
    const dir = mkdtempSync(join(base, 'atomic-'));
    writeFileAtomic(join(dir, 'c.json'), 'saved');
    mkdirSync(join(dir, 'busy'));
    writeFileSync(join(dir, 'busy', 'inside'), '');
    // a folder that is not empty cannot be replaced by a file: the rename fails after the temporary file is written
    expect(() => writeFileAtomic(join(dir, 'busy'), 'new')).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir).sort()).toEqual(['busy', 'c.json']);
    expect(readFileSync(join(dir, 'c.json'), 'utf8')).toBe('saved');
  });

  it('else in a file beside it, or in a spare folder, named in the one line; exit 1', () => {
    const spareDir = mkdtempSync(join(base, 'spare-'));
    const { io, out } = quiet();
    expect(writeReport(join(nowhere, 'r.json'), text, io, { spareDirs: [nowhere, spareDir] })).toBe(1);
    expect(readdirSync(spareDir)).toEqual(['r-1.json']);
    expect(out.stderr).toBe(
      `digestlab: cannot write ${join(nowhere, 'r.json')}: no such file or directory; the report is saved in ${join(spareDir, 'r-1.json')} instead\n`,
    );
    expect(out.stdout).toBe('');
  });

  it('else on stdout, unless stdout has it already (--json with a .json file)', () => {
    const first = quiet();
    expect(writeReport(`${proc}/r.html`, '<html>', first.io, { spareDirs: [proc] })).toBe(1);
    expect(first.out.stdout).toBe('<html>');
    expect(first.out.stderr).toMatch(/^digestlab: cannot write \/proc\/r\.html: .*; the report is on stdout\n$/);
    const json = quiet();
    expect(writeReport(`${proc}/r.json`, text, json.io, { spareDirs: [proc], jsonOnStdout: true })).toBe(1);
    expect(json.out.stdout).toBe('');
  });
});

/** The built command, with `stdin`/`stdout` as given (a file descriptor, or a pipe). */
function spawnCli(args: string[], stdio: { stdin?: number; stdout?: number } = {}, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    stdio: [stdio.stdin ?? 'ignore', stdio.stdout ?? 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

describe('the built command, spawned: what only a real process has', () => {
  requireBuilt('main.js', 'sum/run.js');

  it.each([
    [
      ['bench', '--out', join(nowhere, 'x.html'), '-a', 'MD5', '-w', 'seed'],
      2,
      /--out .*x\.html: cannot use the folder/,
    ],
    [['overflow', '--size', '1MiB', '--checkpoint', join(nowhere, 'c.json')], 2, /--checkpoint .*: cannot use/],
    [['web', '--results', `${proc}/r`, '--root', root], 2, /--results \/proc\/r: cannot create the folder/],
    [['--bogus', '--debug'], 2, /unknown option '--bogus'/],
    [['sum', '--debug'], 1, /^digestlab sum: unrecognized option '--debug'$/],
  ])('%j: exit %i, one line', (args, code, message) => {
    expectRefusal(spawnCli(args), code, message);
  });

  it('a folder as stdin: sum says so as sha256sum does (it used to print the empty input digest)', () => {
    const fd = openSync(scratch, 'r');
    try {
      expectRefusal(spawnCli(['sum'], { stdin: fd }), 1, /^digestlab sum: -: Is a directory$/);
      expectRefusal(spawnCli(['sum', '-c'], { stdin: fd }), 1, /^digestlab sum: 'standard input': read error$/);
    } finally {
      closeSync(fd);
    }
  });

  it('stdout on a full disk: sum prints coreutils\' "write error", the others one line; exit 1', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const s = spawnCli(['sum', notJson], { stdout: full });
      expect([s.code, s.stderr]).toEqual([1, 'digestlab sum: write error\n']);
      const b = spawnCli(['bench', '--list'], { stdout: full });
      expect([b.code, b.stderr]).toEqual([
        1,
        'digestlab: cannot write to standard output: no space left on the device\n',
      ]);
    } finally {
      closeSync(full);
    }
  });

  it('an error thrown where no command catches it (an event handler): the bin script prints one line, exit 1', () => {
    const script = join(base, 'late.mjs');
    writeFileSync(
      script,
      `import { fatal } from ${JSON.stringify(join(import.meta.dirname, '..', 'dist', 'main.js'))};\n` +
        "process.on('uncaughtException', fatal);\nsetTimeout(() => { throw new RangeError('late'); });\n",
    );
    const plain = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, DIGESTLAB_DEBUG: '' },
    });
    expect([plain.status, plain.stderr]).toEqual([
      1,
      'digestlab: internal error: late; please report it with the output of the same command run with --debug\n',
    ]);
    const debug = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, DIGESTLAB_DEBUG: '1' },
    });
    expect(debug.stderr).toMatch(/^digestlab: internal error: late; .*\nRangeError: late\n\s+at /);
  });
});

/**
 * Argument lists built of units, each a flag with its value or a lone flag or operand: harmless ones, hostile
 * ones and arbitrary text in any order, ending with a hostile one. It ends the list because a later repeat of a
 * flag overrides an earlier one, and a run that is valid after all would start the work (a server, a 257 GiB run).
 */
const text = fc.string({ maxLength: 12 });
/** Numbers no integer option takes: too large to count exactly, infinite, negative, not a number. */
const huge = fc.constantFrom(HUGE, '1e400', '-1', 'NaN');
const unknownFlag = fc.stringMatching(/^--[a-z]{3,10}$/).map((f) => `${f}-nope`);

const HOSTILE: Record<string, fc.Arbitrary<readonly string[]>> = {
  bench: fc.oneof(
    unknownFlag.map((f) => [f]),
    fc.constantFrom('-a', '-p', '-w').chain((f) => text.map((v) => [f, `${v}~nope`])),
    fc.constantFrom('--samples', '--count', '--many-count', '--cold-runs').chain((f) => huge.map((v) => [f, v])),
    fc.constantFrom('--time', '--warmup').chain((f) => fc.constantFrom('-1', 'soon', '1e400').map((v) => [f, v])),
    fc.constantFrom(join(nowhere, 'x.json'), `${proc}/x.csv`, aFolder, join(scratch, 'x.exe')).map((p) => ['--out', p]),
    fc.constant<string[]>(['--sizes', '2^64']),
  ),
  compare: fc.oneof(
    unknownFlag.map((f) => [f]),
    fc.constantFrom(join(nowhere, 'a.json'), aFolder, notJson).map((p) => [p, p]),
  ),
  overflow: fc.oneof(
    unknownFlag.map((f) => [f]),
    fc.constantFrom('--size', '--chunk', '--checkpoint-every').chain((f) => text.map((v) => [f, `${v}~`])),
    huge.map((v) => ['-j', v]),
    fc.constantFrom('1e400', '-1', 'NaN', 'soon').map((v) => ['--progress-every', v]),
    fc.constantFrom(join(nowhere, 'c.json'), `${proc}/c.json`, aFolder).map((p) => ['--checkpoint', p]),
    fc.constantFrom(join(nowhere, 'c.json'), aFolder, notJson).map((p) => ['--resume', p]),
    fc.constantFrom('-a', '-p', '--pattern').chain((f) => text.map((v) => [f, `${v}~nope`])),
  ),
  web: fc.oneof(
    unknownFlag.map((f) => [f]),
    fc.oneof(huge, fc.constantFrom('0x10', '65536', '')).map((v) => ['--port', v]),
    fc.constantFrom(`${proc}/r`, notJson).map((p) => ['--results', p]),
    fc.constant<string[]>(['--root', nowhere]),
  ),
  sum: fc.oneof(
    unknownFlag.map((f) => [f]),
    fc.oneof(huge, fc.constantFrom('0x10', '0', '')).map((v) => ['-j', v]),
    text.map((v) => ['-a', `${v}~nope`]),
  ),
};

const HARMLESS: Record<string, fc.Arbitrary<readonly string[]>> = {
  bench: fc.constantFrom(['-a', 'MD5'], ['-w', 'seed'], ['--json'], ['-t', '1'], ['--isolate'], ['-p', 'node:crypto']),
  compare: fc.constantFrom(['--json'], ['--markdown']),
  overflow: fc.constantFrom(['--size', '1'], ['-a', 'MD5'], ['--json'], ['-q'], ['--strict'], ['-j', '1']),
  web: fc.constantFrom(['--lan'], ['--root', root], ['--results', join(base, 'results')], ['--port', '0']),
  sum: fc.constantFrom(['-z'], ['--tag'], ['-b'], ['-a', 'SHA-256']),
};

const EXIT_OF: Record<string, number> = { bench: 2, compare: 2, overflow: 2, web: 2, sum: 1 };

describe('property: generated argument lists', () => {
  it.each(Object.keys(HOSTILE))(
    '%s: every hostile list is refused with one line, no stack, nothing written',
    async (cmd) => {
      const unit = fc.oneof(
        HARMLESS[cmd] as fc.Arbitrary<readonly string[]>,
        HOSTILE[cmd] as fc.Arbitrary<readonly string[]>,
      );
      const list = fc
        .tuple(fc.array(unit, { maxLength: 5 }), HOSTILE[cmd] as fc.Arbitrary<readonly string[]>)
        .map(([units, last]) => [cmd, ...units.flat(), ...last]);
      await fc.assert(
        fc.asyncProperty(list, async (argv) => {
          expectRefusal(await run(argv), EXIT_OF[cmd] as number);
        }),
        { numRuns: 100 },
      );
    },
  );
});
