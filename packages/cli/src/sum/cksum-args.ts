/**
 * cksum's command line (GNU coreutils 9.1): its options, read by sum's getopt (args.ts), and `-a`'s names. 9.1's
 * names are matched exactly (case and all: `-a md` and `-a MD5` are refused with its list); beyond 9.1, later
 * coreutils' `crc32b`, `sha2` and `sha3` (these two with `-l 224|256|384|512`), then any digestlab name or alias.
 */
import { type BaseFlags, lengthBits, type OptionSpec, readOptions, type SumFlags, SumUsageError } from './args.js';
import { isLegacy, type LegacyName } from './cksum-legacy.js';
import { quoteLocale } from './names.js';

export interface CksumFlags extends BaseFlags {
  /** `-a`'s value, the last given (as cksum keeps the last); undefined: `crc`. */
  algorithm: string | undefined;
  check: boolean;
  /** `--tag` (the default) or `--untagged`, the last given. */
  tag: boolean;
  zero: boolean;
  ignoreMissing: boolean;
  verbosity: SumFlags['verbosity'];
  strict: boolean;
  length: SumFlags['length'];
  debug: boolean;
  /** `-b` or `-t`: getopt knows them (as short options only), cksum refuses them with "Try … --help" alone. */
  modeGiven: boolean;
}

const OPTIONS: readonly OptionSpec<CksumFlags>[] = [
  {
    long: 'algorithm',
    short: 'a',
    take: (f, v) => {
      f.algorithm = v;
    },
  },
  { short: 'b', set: { modeGiven: true } },
  { long: 'check', short: 'c', set: { check: true } },
  {
    long: 'length',
    short: 'l',
    take: (f, v) => {
      f.length = lengthBits(v);
    },
  },
  { long: 'tag', set: { tag: true } },
  { long: 'untagged', set: { tag: false } },
  { short: 't', set: { modeGiven: true } },
  { long: 'zero', short: 'z', set: { zero: true } },
  { long: 'ignore-missing', set: { ignoreMissing: true } },
  { long: 'quiet', set: { verbosity: 'quiet' } },
  { long: 'status', set: { verbosity: 'status' } },
  { long: 'strict', set: { strict: true } },
  { long: 'warn', short: 'w', set: { verbosity: 'warn' } },
  { long: 'debug', set: { debug: true } },
  { long: 'help', set: { help: true } },
  { long: 'version', set: { version: true } },
];

/** Reads cksum's arguments; throws {@link SumUsageError} with getopt's message. */
export function parseCksumArgs(argv: readonly string[]): CksumFlags {
  return readOptions(argv, OPTIONS, {
    algorithm: undefined,
    check: false,
    tag: true,
    zero: false,
    ignoreMissing: false,
    verbosity: 'normal',
    strict: false,
    length: undefined,
    debug: false,
    modeGiven: false,
    help: false,
    version: false,
    files: [],
  });
}

/** 9.1's `-a` names, in its order (its refusal lists them so), with what each hashes: a sum of its own, or a digest. */
const NAMES_9_1: ReadonlyMap<string, LegacyName | string> = new Map([
  ['bsd', 'bsd'],
  ['sysv', 'sysv'],
  ['crc', 'crc'],
  ['md5', 'MD5'],
  ['sha1', 'SHA-1'],
  ['sha224', 'SHA-224'],
  ['sha256', 'SHA-256'],
  ['sha384', 'SHA-384'],
  ['sha512', 'SHA-512'],
  ['blake2b', 'blake2b'],
  ['sm3', 'SM3'],
]);

/** Later coreutils' families chosen by `-l`: the digestlab name of each length. */
const BY_LENGTH: Readonly<Record<string, (bits: number) => string>> = {
  sha2: (bits) => `SHA-${bits}`,
  sha3: (bits) => `SHA3-${bits}`,
};

/** What `-a` asks for: one of cksum's sums, or a digest by a name `sum` resolves (with -l for BLAKE2b). */
/** `byLength`: `-l` chose the member (sha2, sha3), so it is not BLAKE2b's length and not refused. */
export type CksumChoice = { legacy: LegacyName } | { digest: string; byLength?: true };

/**
 * `-a`'s value (and `-l`, which picks sha2's and sha3's member) as what to compute; a name no version of cksum
 * and no digestlab registry knows is refused with 9.1's words and list.
 */
export function chooseAlgorithm(
  given: string | undefined,
  length: SumFlags['length'],
  known: (name: string) => boolean,
): CksumChoice {
  const name = given ?? 'crc';
  const mapped = NAMES_9_1.get(name) ?? (name === 'crc32b' ? 'crc32b' : undefined);
  if (mapped !== undefined) return isLegacy(mapped) ? { legacy: mapped } : { digest: mapped };
  const family = BY_LENGTH[name];
  if (family) {
    const bits = length?.bits ?? 0;
    if (![224, 256, 384, 512].includes(bits)) {
      throw new SumUsageError(`--algorithm=${name} requires --length 224, 256, 384 or 512`, false);
    }
    return { digest: family(bits), byLength: true };
  }
  if (known(name)) return { digest: name };
  const list = [...NAMES_9_1.keys()].map((n) => `\n  - ${quoteLocale(n)}`).join('');
  throw new SumUsageError(
    `invalid argument ${quoteLocale(name)} for ${quoteLocale('--algorithm')}\nValid arguments are:${list}`,
  );
}

/** The combinations cksum 9.1 refuses, with its words (after the algorithm is known: `-c` needs a digest). */
export function checkCksumCombinations(f: CksumFlags, choice: CksumChoice): void {
  if (f.zero && f.check) throw new SumUsageError('the --zero option is not supported when verifying checksums');
  if (f.check) {
    if ('legacy' in choice && f.algorithm !== undefined) {
      throw new SumUsageError('--check is not supported with --algorithm={bsd,sysv,crc}', false);
    }
    return;
  }
  if (f.ignoreMissing) {
    throw new SumUsageError('the --ignore-missing option is meaningful only when verifying checksums');
  }
  if (f.verbosity !== 'normal') {
    throw new SumUsageError(`the --${f.verbosity} option is meaningful only when verifying checksums`);
  }
  if (f.strict) throw new SumUsageError('the --strict option is meaningful only when verifying checksums');
}
