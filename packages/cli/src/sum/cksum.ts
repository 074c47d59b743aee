/**
 * `digestlab cksum` (or a link named `cksum`): GNU coreutils 9.1's cksum, byte for byte: CRC lines by default,
 * `sum -s`/`sum -r`'s with `-a sysv|bsd`, and for a digest sha256sum's engine (run.ts) with cksum's defaults: tagged
 * lines (`--untagged` for sha256sum's form), `-c` reading tagged lines of any algorithm, untagged ones only with `-a`.
 * Where 9.1 and we differ on purpose (README, "digestlab cksum"): later coreutils' `crc32b`, `sha2` and `sha3`, any
 * digestlab name in `-a`, a folder refused for `crc` too (9.1 prints the empty input's CRC for it), and `--debug`
 * accepted without 9.1's line naming its CRC's hardware path.
 */
import type { Io } from '../io.js';
import { type Invocation, versionLine } from '../tools.js';
import { resolveAlgorithms, type SumAlgorithm, typeString } from './algorithms.js';
import { type SumFlags, SumUsageError } from './args.js';
import {
  type CksumChoice,
  type CksumFlags,
  checkCksumCombinations,
  chooseAlgorithm,
  parseCksumArgs,
} from './cksum-args.js';
import { printLegacy } from './cksum-legacy.js';
import { FACTS } from './facts.js';
import { useLocale } from './names.js';
import { SumOutput } from './output.js';
import { runSession, stdinOf } from './run.js';

/** A digestlab name or alias, in any case: what `-a` takes beyond cksum's own names. */
const KNOWN = new Set(FACTS.flatMap((a) => [a.name, ...a.aliases].map((n) => n.toLowerCase())));
const known = (name: string): boolean => KNOWN.has(name.toLowerCase());

/** Runs cksum with the arguments after its name; resolves to the exit code (0 fine, 1 anything wrong). */
export async function runCksum(argv: readonly string[], io: Io, invocation: Invocation): Promise<number> {
  const out = new SumOutput(io, invocation.program);
  useLocale(io.env);
  let flags: CksumFlags;
  let choice: CksumChoice;
  try {
    flags = parseCksumArgs(argv);
    if (flags.help || flags.version) {
      io.stdout(flags.help ? helpText(invocation.program) : versionLine(invocation));
      return 0;
    }
    if (flags.modeGiven) throw new SumUsageError('');
    choice = chooseAlgorithm(flags.algorithm, flags.length, known);
    checkCksumCombinations(flags, choice);
    // -c alone: each tagged line names its algorithm
    if (flags.check && flags.algorithm === undefined) return await digests(flags, undefined, io, out);
    if ('legacy' in choice) {
      refuseLength(flags);
      return await printLegacy(choice.legacy, flags.files, flags.zero, out, () => stdinOf(io));
    }
    return await digests(flags, choice, io, out);
  } catch (e) {
    if (!(e instanceof SumUsageError)) throw e;
    return usageError(e, io, out, invocation.program);
  } finally {
    out.flush();
  }
}

/** `-l` (but `-l 0`) where only BLAKE2b takes it, refused in 9.1's words, no "Try". */
function refuseLength(flags: CksumFlags): void {
  if ((flags.length?.bits ?? 0) !== 0) {
    throw new SumUsageError('--length is only supported with --algorithm=blake2b', false);
  }
}

/** A usage mistake as coreutils reports it: the message (each line of a `die`), "Try …" unless it has none. */
function usageError(e: SumUsageError, io: Io, out: SumOutput, program: string): number {
  if (!e.tryHelp) {
    for (const line of e.message.split('\n')) out.error(line);
    return 1;
  }
  if (e.message !== '') out.error(e.message);
  out.flush();
  io.stderr(`Try '${program} --help' for more information.\n`);
  return 1;
}

/**
 * A digest's lines, or `-c`, through sum's engine: the algorithm `-a` named (none with `-c` alone: each tagged
 * line says its own); BLAKE2b at `-l`'s length, refused for the others as 9.1 refuses it.
 */
async function digests(
  flags: CksumFlags,
  choice: { digest: string; byLength?: true } | undefined,
  io: Io,
  out: SumOutput,
): Promise<number> {
  const name = choice?.digest;
  const lengthFor = name === 'blake2b' ? flags.length : undefined;
  if (name !== 'blake2b' && !choice?.byLength) refuseLength(flags);
  const algorithms = name === undefined ? [] : await resolveAlgorithms([name], lengthFor);
  const sumFlags: SumFlags = {
    algorithms: name === undefined ? [] : [name],
    binary: false,
    check: flags.check,
    tag: flags.tag,
    zero: flags.zero,
    ignoreMissing: flags.ignoreMissing,
    verbosity: flags.verbosity,
    strict: flags.strict,
    length: lengthFor,
    jobs: undefined,
    recursive: false,
    dereference: false,
    help: false,
    version: false,
    files: flags.files,
  };
  // 9.1 names a bad line after the last line's algorithm, CRC before any: its one global, set as lines are read
  const first = algorithms[0];
  const lineWord = (last: SumAlgorithm | undefined) =>
    `${last ? typeString(last) : first ? typeString(first) : 'CRC'} checksum line`;
  return runSession(sumFlags, algorithms, io, out, { untaggedByLength: false, lineWord });
}

/** `--help`'s text, under the name cksum was invoked as. */
const helpText = (program: string): string => HELP.replaceAll('cksum ', `${program} `);

const HELP = `Usage: cksum [OPTION]... [FILE]...
Print or verify checksums, as GNU coreutils 9.1's cksum does (same lines, same -c).
By default use the 32 bit CRC algorithm.

With no FILE, or when FILE is -, read standard input.

  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below.
  -c, --check           read checksums from the FILEs and check them
  -l, --length=BITS     digest length in bits; must not exceed the max for
                          the blake2 algorithm and must be a multiple of 8;
                          with sha2 and sha3: 224, 256, 384 or 512
      --tag             create a BSD-style checksum (the default)
      --untagged        create a reversed style checksum, without digest type
  -z, --zero            end each output line with NUL, not newline,
                          and disable file name escaping

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

      --debug           accepted (digestlab prints no implementation line)
      --help            display this help and exit
      --version         output version information and exit

DIGEST determines the digest algorithm and default output format:
  sysv      (equivalent to sum -s)
  bsd       (equivalent to sum -r)
  crc       (equivalent to cksum)
  crc32b    (only available through cksum; from later coreutils)
  md5       (equivalent to md5sum)
  sha1      (equivalent to sha1sum)
  sha2      (equivalent to sha{224,256,384,512}sum; -l picks; from later coreutils)
  sha3      (SHA3-224 ... SHA3-512; -l picks; from later coreutils)
  sha224    (equivalent to sha224sum)
  sha256    (equivalent to sha256sum)
  sha384    (equivalent to sha384sum)
  sha512    (equivalent to sha512sum)
  blake2b   (equivalent to b2sum)
  sm3       (only available through cksum)
  and every digestlab algorithm or alias, in any case (BLAKE3, XXH3-64, SHA3-256...), in the tagged form.

When checking, the input should be a former output of this program,
or equivalent standalone program.
`;
