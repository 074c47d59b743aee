/**
 * `digestlab sum`'s command line, read as GNU getopt_long reads coreutils' (options anywhere, clustered short
 * options, `--long=value`, unambiguous prefixes, `--`), so that every usage mistake gets coreutils' own words.
 */
import { splitList } from '@digestlab/lab/list';
import { quoteLocale } from './names.js';

/**
 * Raised for a usage mistake: coreutils prints the message, then "Try '… --help' for more information.", exit 1;
 * with `tryHelp` false (b2sum's refusals of `-l`), the message alone.
 */
export class SumUsageError extends Error {
  override name = 'SumUsageError';
  constructor(
    message: string,
    readonly tryHelp = true,
  ) {
    super(message);
  }
}

export interface SumFlags {
  algorithms: string[];
  binary: boolean | undefined;
  check: boolean;
  tag: boolean;
  zero: boolean;
  ignoreMissing: boolean;
  /** What `-c` prints: everything, no OKs (`--quiet`), nothing (`--status`), or everything plus bad lines (`-w`). */
  verbosity: 'normal' | 'quiet' | 'status' | 'warn';
  strict: boolean;
  /** `-l`: BLAKE2b's digest length in bits, as `b2sum -l` (0 or absent: the default), and the text given. */
  length: { bits: number; given: string } | undefined;
  jobs: number | undefined;
  recursive: boolean;
  dereference: boolean;
  help: boolean;
  version: boolean;
  files: string[];
}

/** An option: what it sets (`set`), or, for one that takes a value, what it does with it (`take`). */
/** `long` absent: a short option alone (cksum's `-b` and `-t`, which have no long names). */
export type OptionSpec<F = SumFlags> = { long?: string; short?: string } & (
  | { set: Partial<F>; take?: undefined }
  | { take(f: F, value: string): void; set?: undefined }
);

/** What every tool's flags hold, whatever its options: the operands, and whether to stop for --help or --version. */
export interface BaseFlags {
  help: boolean;
  version: boolean;
  files: string[];
}

function positiveInt(option: string, v: string): number {
  const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new SumUsageError(`invalid number for ${option}: '${v}'`);
  return n;
}

/**
 * `-l BITS` as b2sum reads it (gnulib's xdectoumax: decimal, leading blanks and `+` allowed), refused at once,
 * before the options after it are read, when it is no number or no multiple of 8 (b2sum's words, no "Try").
 */
export function lengthBits(v: string): { bits: number; given: string } {
  const m = /^[ \t\n\v\f\r]*\+?(\d+)$/.exec(v);
  const bad = (why: string) => new SumUsageError(`invalid length: ${quoteLocale(v)}${why}`, false);
  if (!m) throw bad('');
  const value = BigInt(m[1] as string);
  // beyond uintmax_t (2^64 - 1): xdectoumax's ERANGE
  if (value > 0xffff_ffff_ffff_ffffn) throw bad(': Value too large for defined data type');
  if (value % 8n !== 0n) throw new SumUsageError(`${bad('').message}\nlength is not a multiple of 8`, false);
  const bits = Number(value);
  return { bits, given: v };
}

const OPTIONS: readonly OptionSpec[] = [
  { long: 'algorithm', short: 'a', take: (f, v) => f.algorithms.push(...splitList(v)) },
  { long: 'binary', short: 'b', set: { binary: true } },
  { long: 'check', short: 'c', set: { check: true } },
  // as coreutils: --tag implies binary mode, so `--tag -t` is refused and `-t --tag` is not
  { long: 'tag', set: { tag: true, binary: true } },
  {
    long: 'length',
    short: 'l',
    take: (f, v) => {
      f.length = lengthBits(v);
    },
  },
  { long: 'text', short: 't', set: { binary: false } },
  { long: 'zero', short: 'z', set: { zero: true } },
  { long: 'ignore-missing', set: { ignoreMissing: true } },
  { long: 'quiet', set: { verbosity: 'quiet' } },
  { long: 'status', set: { verbosity: 'status' } },
  { long: 'strict', set: { strict: true } },
  { long: 'warn', short: 'w', set: { verbosity: 'warn' } },
  {
    long: 'jobs',
    short: 'j',
    take: (f, v) => {
      f.jobs = positiveInt('--jobs', v);
    },
  },
  { long: 'recursive', short: 'r', set: { recursive: true } },
  { long: 'dereference', short: 'L', set: { dereference: true } },
  { long: 'help', set: { help: true } },
  { long: 'version', set: { version: true } },
];

/** Options a tool invoked by name lacks: `-a` (its name fixes the algorithm), and `-l` but in b2sum. */
function optionsFor(algorithm: string | undefined): readonly OptionSpec[] {
  if (algorithm === undefined) return OPTIONS;
  return OPTIONS.filter((o) => o.long !== 'algorithm' && (o.long !== 'length' || algorithm === 'blake2b'));
}

/** The long option `name` stands for: an exact name, else the only one it begins. */
function findLong<F>(options: readonly OptionSpec<F>[], name: string, given: string): OptionSpec<F> {
  const exact = options.find((o) => o.long === name);
  if (exact) return exact;
  const candidates = options.filter((o) => o.long?.startsWith(name));
  if (candidates.length === 1) return candidates[0] as OptionSpec<F>;
  if (candidates.length === 0) throw new SumUsageError(`unrecognized option '${given}'`);
  const list = candidates.map((o) => ` '--${o.long}'`).join('');
  throw new SumUsageError(`option '${given}' is ambiguous; possibilities:${list}`);
}

/**
 * Reads the arguments after `sum`; throws {@link SumUsageError} with getopt's message. `algorithm`: the one a tool's
 * name fixes (src/tools.ts), whose options lack `-a`. `--help` and `--version` stop the reading where they are, as
 * coreutils prints and exits there (a mistake before them is refused, one after them is not seen).
 */
export function parseArgs(argv: readonly string[], algorithm?: string): SumFlags {
  const options = optionsFor(algorithm);
  const f: SumFlags = {
    algorithms: [],
    binary: undefined,
    check: false,
    tag: false,
    zero: false,
    ignoreMissing: false,
    verbosity: 'normal',
    strict: false,
    length: undefined,
    jobs: undefined,
    recursive: false,
    dereference: false,
    help: false,
    version: false,
    files: [],
  };
  if (algorithm !== undefined) f.algorithms.push(algorithm);
  return readOptions(argv, options, f);
}

/**
 * Reads `argv` into `f` as GNU getopt_long does (options anywhere, clustered short options, `--long=value`,
 * unambiguous prefixes, `--`); throws {@link SumUsageError} with getopt's message. `--help` and `--version` stop the
 * reading where they are.
 */
export function readOptions<F extends BaseFlags>(argv: readonly string[], options: readonly OptionSpec<F>[], f: F): F {
  for (let i = 0; i < argv.length && !f.help && !f.version; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      f.files.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      const o = findLong(options, name, a);
      if (o.take) {
        if (eq >= 0) o.take(f, a.slice(eq + 1));
        else if (i + 1 < argv.length) o.take(f, argv[++i] as string);
        else throw new SumUsageError(`option '--${o.long}' requires an argument`);
      } else if (eq >= 0) {
        throw new SumUsageError(`option '--${o.long}' doesn't allow an argument`);
      } else {
        Object.assign(f, o.set);
      }
      continue;
    }
    if (a.startsWith('-') && a !== '-') {
      for (let j = 1; j < a.length; j++) {
        const ch = a[j] as string;
        const o = options.find((s) => s.short === ch);
        if (!o) throw new SumUsageError(`invalid option -- '${ch}'`);
        if (!o.take) {
          Object.assign(f, o.set);
          continue;
        }
        if (j + 1 < a.length) o.take(f, a.slice(j + 1));
        else if (i + 1 < argv.length) o.take(f, argv[++i] as string);
        else throw new SumUsageError(`option requires an argument -- '${ch}'`);
        break;
      }
      continue;
    }
    f.files.push(a);
  }
  return f;
}

/** The combinations coreutils refuses, in the order it checks them, with its messages. */
export function checkCombinations(f: SumFlags): void {
  if (f.tag && f.binary === false) throw new SumUsageError('--tag does not support --text mode');
  if (f.zero && f.check) throw new SumUsageError('the --zero option is not supported when verifying checksums');
  if (f.tag && f.check) throw new SumUsageError('the --tag option is meaningless when verifying checksums');
  if (f.binary !== undefined && f.check) {
    throw new SumUsageError('the --binary and --text options are meaningless when verifying checksums');
  }
  if (f.recursive && f.check) throw new SumUsageError('the --recursive option is meaningless when verifying checksums');
  if (f.check) return;
  if (f.ignoreMissing) {
    throw new SumUsageError('the --ignore-missing option is meaningful only when verifying checksums');
  }
  if (f.verbosity !== 'normal') {
    throw new SumUsageError(`the --${f.verbosity} option is meaningful only when verifying checksums`);
  }
  if (f.strict) throw new SumUsageError('the --strict option is meaningful only when verifying checksums');
}

/** `--help`'s text, under the name `sum` was invoked as. */
export const helpText = (program: string): string => HELP.replace('digestlab sum', program);

const HELP = `Usage: digestlab sum [OPTION]... [FILE]...
Print or check message digests, as sha256sum and its siblings do (same output, same -c), hashing files in
parallel. With no FILE, or when FILE is -, read standard input.

  -a, --algorithm=NAME  any digestlab algorithm or alias: md2, md5, sha1, sha224, sha256 (default), sha384,
                          sha512, sha512-224, sha512-256, SHA-256...; several (-a md5 -a sha256 or
                          -a md5,sha256) read each file once and print tagged lines
  -b, --binary          read in binary mode (the line marks the name with *)
  -c, --check           read checksums from the FILEs and check them
  -l, --length=BITS     with -a blake2b, as b2sum: the digest length in bits, a multiple of 8 up
                          to 512 (default); --tag then writes BLAKE2b-BITS below 512
      --tag             create a BSD-style checksum (SHA256 (name) = digest)
  -t, --text            read in text mode (default)
  -z, --zero            end each output line with NUL, not newline, and do not escape names
  -j, --jobs=N          hash N files at a time (default: one per core)
  -r, --recursive       hash the files under each directory, names sorted by bytes
  -L, --dereference     with -r, follow symbolic links found in directories
      --help            display this help and exit
      --version         output version information and exit

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

An untagged line in a list is checked with -a's algorithm; without -a, by its length: 32 hex digits MD5,
40 SHA-1, 56 SHA-224, 64 SHA-256, 96 SHA-384, 128 SHA-512. With -a blake2b alone (b2sum's rules), a line's
length is its digest's, whatever -l says, and a tagged line's is in its tag (BLAKE2b-256; BLAKE2b: 512).
With -a blake3 alone, sum is b3sum (its options: --keyed, --derive-key, -l in bytes, --no-names, --raw).
`;
