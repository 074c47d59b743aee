/**
 * `digestlab xxhsum` (or a link named `xxhsum`): xxhsum 0.8.1's hashing lines, byte for byte. `-H0`…`-H3` (or
 * `-H32`, `-H64`, `-H128`; XXH64 by default), `--tag`, `--little-endian`; options only before the first file, as
 * xxhsum reads them; `-` or no file is standard input, named `stdin`. XXH3's lines are BSD-style even untagged.
 * Checking (`-c` and its options) is not done here: refused with a message saying so, exit 1. `-` among named
 * files is read as standard input (xxhsum 0.8.1 skips or refuses it there).
 */
import type { AlgorithmName } from 'digestlab';
import type { Io } from '../io.js';
import { type Invocation, versionLine } from '../tools.js';
import { CHUNK, hashFile, hashStream } from './hash.js';
import { operandBytes } from './operands.js';
import { SumOutput, strerror } from './output.js';
import { stdinOf } from './run.js';

/** Each `-H` value: the algorithm and the word xxhsum tags its lines with. */
const VARIANTS: Readonly<Record<string, { name: AlgorithmName; tag: string }>> = {
  '0': { name: 'XXH32', tag: 'XXH32' },
  '32': { name: 'XXH32', tag: 'XXH32' },
  '1': { name: 'XXH64', tag: 'XXH64' },
  '64': { name: 'XXH64', tag: 'XXH64' },
  '2': { name: 'XXH3-128', tag: 'XXH128' },
  '128': { name: 'XXH3-128', tag: 'XXH128' },
  '3': { name: 'XXH3-64', tag: 'XXH3' },
};

/** What the command line asks for. */
export interface XxhsumFlags {
  variant: { name: AlgorithmName; tag: string };
  tag: boolean;
  littleEndian: boolean;
  files: string[];
}

/** A command line xxhsum would take but this mode does not do (yet), or xxhsum itself refuses. */
export class XxhsumRefusal extends Error {}

/** Reads options up to the first file or `--` (xxhsum 0.8.1 takes what follows a file as files). */
export function parseXxhsumArgs(argv: readonly string[]): XxhsumFlags {
  const flags: XxhsumFlags = {
    variant: VARIANTS['1'] as XxhsumFlags['variant'],
    tag: false,
    littleEndian: false,
    files: [],
  };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-' || !a.startsWith('-')) break;
    if (a === '--tag') flags.tag = true;
    else if (a === '--little-endian') flags.littleEndian = true;
    else if (a.startsWith('-H') && Object.hasOwn(VARIANTS, a.slice(2))) {
      flags.variant = VARIANTS[a.slice(2)] as XxhsumFlags['variant'];
    } else throw new XxhsumRefusal(`${a}: not supported by digestlab's xxhsum mode (hashing lines only)`);
  }
  flags.files = argv.slice(i);
  return flags;
}

/** One line: `hex  name`, or `TAG (name) = hex` with --tag and always for XXH3 (`_LE` after the tag if reversed). */
export function xxhsumLine(flags: XxhsumFlags, digest: Uint8Array, name: Uint8Array): Buffer {
  const bytes = flags.littleEndian ? Uint8Array.from(digest).reverse() : digest;
  const hex = Buffer.from(bytes).toString('hex');
  if (!flags.tag && flags.variant.tag !== 'XXH3')
    return Buffer.concat([Buffer.from(`${hex}  `), name, Buffer.from('\n')]);
  const tag = `${flags.variant.tag}${flags.littleEndian ? '_LE' : ''}`;
  return Buffer.concat([Buffer.from(`${tag} (`), name, Buffer.from(`) = ${hex}\n`)]);
}

/** xxhsum's message for a file it cannot read. */
function cannotRead(name: Uint8Array, code: string): Buffer {
  if (code === 'EISDIR') return Buffer.concat([Buffer.from('xxhsum: '), name, Buffer.from(': Is a directory \n')]);
  return Buffer.concat([Buffer.from("Error: Could not open '"), name, Buffer.from(`': ${strerror(code)}. \n`)]);
}

/** What xxhsum writes on stderr after naming files, even when nothing went wrong: its progress line, cleared. */
const CLEAR_PROGRESS = `\r${' '.repeat(70)}\r`;

/** Runs xxhsum with the arguments after its name; resolves to the exit code (0 fine, 1 anything wrong). */
export async function runXxhsum(argv: readonly string[], io: Io, invocation: Invocation): Promise<number> {
  const out = new SumOutput(io, invocation.program);
  try {
    if (argv[0] === '--version' || argv[0] === '-V') {
      io.stdout(versionLine(invocation));
      return 0;
    }
    let flags: XxhsumFlags;
    try {
      flags = parseXxhsumArgs(argv);
    } catch (e) {
      if (!(e instanceof XxhsumRefusal)) throw e;
      out.error(e.message);
      return 1;
    }
    return await hashAll(flags, io, out);
  } finally {
    out.flush();
  }
}

/** A line per operand, in order; a file that cannot be opened is reported and the rest still hashed. */
async function hashAll(flags: XxhsumFlags, io: Io, out: SumOutput): Promise<number> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  const request = [{ name: flags.variant.name }];
  let ok = true;
  for (const operand of flags.files.length > 0 ? flags.files : ['-']) {
    const stdin = operand === '-';
    const name = stdin ? Buffer.from('stdin') : operandBytes(operand);
    const outcome = stdin ? await hashStream(stdinOf(io), request) : await hashFile(name, request, buffer);
    if (!outcome.ok) {
      out.flush();
      io.stderr(cannotRead(name, outcome.code).toString());
      ok = false;
      continue;
    }
    out.write(xxhsumLine(flags, outcome.digests[0] as Uint8Array, name));
  }
  out.flush();
  if (flags.files.length > 0) io.stderr(CLEAR_PROGRESS);
  return ok ? 0 : 1;
}
