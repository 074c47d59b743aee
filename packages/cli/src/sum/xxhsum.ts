/**
 * `digestlab xxhsum` (or a link named `xxhsum`): xxhsum 0.8.1's hashing lines, byte for byte on standard output.
 * `-H0`…`-H3` (or `-H32`, `-H64`, `-H128`; XXH64 by default), `--tag`, `--little-endian`, `-q`, flags joined
 * (`-qH0`), `--` ending the options, `-` and no operand for standard input (named `stdin`). Lines: the hex and two
 * spaces and the name, except XXH3 (64-bit), whose line is BSD-style even untagged (`XXH3 (a) = …`); tagged lines
 * name `XXH32`, `XXH64`, `XXH128`, `XXH3`, each with `_LE` under `--little-endian` (the digest's bytes reversed).
 * Names are written as they are (0.8.1 escapes none). A file that cannot be opened is reported in 0.8.1's words and
 * the others are still hashed, exit 1. `-c` is xxhsum-check.ts's; `-b` is not here (refused, exit 1).
 */
import type { Io } from '../io.js';
import { type Invocation, versionLine } from '../tools.js';
import { operandBytes } from './operands.js';
import { SumOutput, strerror } from './output.js';
import { hashFile, type XxhName } from './xxhsum-hash.js';

/** `-H`'s numbers, each to the library's algorithm and the tag xxhsum writes. */
const VARIANTS: Readonly<Record<string, { name: XxhName; tag: string }>> = {
  '0': { name: 'XXH32', tag: 'XXH32' },
  '32': { name: 'XXH32', tag: 'XXH32' },
  '1': { name: 'XXH64', tag: 'XXH64' },
  '64': { name: 'XXH64', tag: 'XXH64' },
  '2': { name: 'XXH3-128', tag: 'XXH128' },
  '128': { name: 'XXH3-128', tag: 'XXH128' },
  '3': { name: 'XXH3-64', tag: 'XXH3' },
};

export interface XxhsumFlags {
  variant: string;
  tag: boolean;
  littleEndian: boolean;
  /** `-q`: no blanking of the progress line at the end. */
  quiet: boolean;
  status: boolean;
  strict: boolean;
  warn: boolean;
  check: boolean;
  benchmark: boolean;
  help: boolean;
  version: boolean;
  files: string[];
}

/** A command line xxhsum 0.8.1 would refuse with "Wrong parameters" and its usage. */
export class XxhsumUsageError extends Error {}

const LONG: Readonly<Record<string, (f: XxhsumFlags) => void>> = {
  '--tag': (f) => {
    f.tag = true;
  },
  '--little-endian': (f) => {
    f.littleEndian = true;
  },
  '--check': (f) => {
    f.check = true;
  },
  '--help': (f) => {
    f.help = true;
  },
  '--version': (f) => {
    f.version = true;
  },
  '--status': (f) => {
    f.status = true;
  },
  '--strict': (f) => {
    f.strict = true;
  },
  '--warn': (f) => {
    f.warn = true;
  },
  '--quiet': (f) => {
    f.quiet = true;
  },
};

/** One `-…` argument's letters, as 0.8.1 reads them: `H` takes the digits after it (none: 0), the rest are flags. */
function shortFlags(arg: string, f: XxhsumFlags): void {
  for (let i = 1; i < arg.length; i++) {
    const c = arg[i];
    if (c === 'H') {
      const digits = /^\d*/.exec(arg.slice(i + 1))?.[0] ?? '';
      const variant = String(Number(digits === '' ? '0' : digits));
      if (!Object.hasOwn(VARIANTS, variant)) throw new XxhsumUsageError();
      f.variant = variant;
      i += digits.length;
    } else if (c === 'c') f.check = true;
    else if (c === 'b') f.benchmark = true;
    else if (c === 'h') f.help = true;
    else if (c === 'V') f.version = true;
    else if (c === 'q') f.quiet = true;
    else if (c === 'w') f.warn = true;
    else throw new XxhsumUsageError();
  }
}

export function parseXxhsumArgs(argv: readonly string[]): XxhsumFlags {
  const f: XxhsumFlags = {
    variant: '1',
    tag: false,
    littleEndian: false,
    quiet: false,
    status: false,
    strict: false,
    warn: false,
    check: false,
    benchmark: false,
    help: false,
    version: false,
    files: [],
  };
  // the first operand ends the options; `-` among them is a flag of no letters; a file named `-` is a file
  const start = argv.findIndex((arg) => arg === '--' || !arg.startsWith('-'));
  const end = start === -1 ? argv.length : start;
  for (const arg of argv.slice(0, end)) {
    if (arg.startsWith('--')) {
      const set = LONG[arg];
      if (set === undefined) throw new XxhsumUsageError();
      set(f);
    } else shortFlags(arg, f);
  }
  f.files = argv.slice(argv[end] === '--' ? end + 1 : end);
  return f;
}

/** The line for one digest (its big-endian bytes, as the library gives them). */
export function xxhsumLine(flags: XxhsumFlags, digest: Uint8Array, name: Buffer): Buffer {
  const { tag } = VARIANTS[flags.variant] as { tag: string };
  const bytes = flags.littleEndian ? Uint8Array.from(digest).reverse() : digest;
  const hex = Buffer.from(bytes).toString('hex');
  if (!flags.tag && tag !== 'XXH3') return Buffer.concat([Buffer.from(`${hex}  `), name, Buffer.from('\n')]);
  const label = `${tag}${flags.littleEndian ? '_LE' : ''}`;
  return Buffer.concat([Buffer.from(`${label} (`), name, Buffer.from(`) = ${hex}\n`)]);
}

/** xxhsum 0.8.1's blanking of its progress line: 70 spaces between carriage returns. */
const CLEAR = `\r${' '.repeat(70)}\r`;

/** Runs xxhsum with the arguments after its name; resolves to the exit code (0 fine, 1 anything wrong). */
export async function runXxhsum(argv: readonly string[], io: Io, invocation: Invocation): Promise<number> {
  const program = invocation.program;
  let flags: XxhsumFlags;
  try {
    flags = parseXxhsumArgs(argv);
  } catch (e) {
    if (!(e instanceof XxhsumUsageError)) throw e;
    io.stderr(`Wrong parameters\n\n${usage(program)}`);
    return 1;
  }
  if (flags.help || flags.version) {
    io.stdout(flags.help ? usage(program) : versionLine(invocation));
    return 0;
  }
  if (flags.check) return (await import('./xxhsum-check.js')).runXxhsumCheck(flags, io);
  if (flags.benchmark) {
    io.stderr(`${program}: -b is not available in digestlab's xxhsum yet\n`);
    return 1;
  }
  return hashAll(flags, io, program);
}

/** A line per file (standard input, named `stdin`, when there is none); resolves to the exit code. */
async function hashAll(flags: XxhsumFlags, io: Io, program: string): Promise<number> {
  const out = new SumOutput(io, program);
  let ok = true;
  try {
    for (const operand of flags.files.length > 0 ? flags.files : [null]) {
      const path = operand === null ? null : operandBytes(operand);
      const result = await hashFile((VARIANTS[flags.variant] as { name: XxhName }).name, path, io);
      if (result instanceof Uint8Array) {
        out.write(xxhsumLine(flags, result, path ?? Buffer.from('stdin')));
        continue;
      }
      ok = false;
      out.flush();
      const shown = (path ?? Buffer.from('stdin')).toString();
      io.stderr(
        result.open
          ? `Error: Could not open '${shown}': ${strerror(result.code)}. \n`
          : `${program}: ${shown}: ${strerror(result.code)} \n`,
      );
    }
  } finally {
    out.flush();
  }
  // 0.8.1 blanks its progress line once files were named, even when stderr is no terminal
  if (flags.files.length > 0 && !flags.quiet) io.stderr(CLEAR);
  return ok ? 0 : 1;
}

const usage = (program: string): string => `Usage: ${program} [options] [files]
Print or verify checksums as xxhsum 0.8.1 does, with digestlab's xxHash.

When no filename provided or when '-' is provided, uses stdin as input.
Options:
  -H#              algorithm selection: 0,1,2,3 or 32,64,128 (default: 1)
      --tag        BSD-style lines (ALGORITHM (file) = hash)
      --little-endian  the digest's bytes in little-endian order
  -q               accepted (there is no progress line to silence)
  -h, --help       this text
  -V, --version    the version
  -c, --check      read xxHash checksums from the files and check them
      --quiet, --status, --strict, -w/--warn: as with xxhsum 0.8.1's -c
Not available yet: -b (benchmark).
`;
