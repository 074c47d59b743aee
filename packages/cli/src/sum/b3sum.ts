/**
 * `digestlab sum -a blake3`: Debian's `b3sum` 1.2.0, byte for byte on stdout and in exit codes (messages on stderr
 * carry our program name, as the coreutils mode's do): its lines (`hash  name`, a leading backslash and `\\`, `\n`
 * escapes for a name holding either), `--keyed` (the 32-byte key on standard input), `--derive-key CONTEXT`,
 * `-l` (output bytes, as `b3sum -l`; `b2sum -l` is bits), `--no-names`, `--raw` and `-c` (with `--quiet`).
 * `--num-threads N` (or `-j N`; 0 or absent: the cores) bounds the worker threads that hash a large file's subtrees
 * (b3-parallel.ts); smaller files are hashed on this thread (the WebAssembly provider, four chunks per SIMD step).
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Io } from '../io.js';
import { type Invocation, versionLine } from '../tools.js';
import { SumUsageError } from './args.js';
import { createBlake3Tree } from './b3-lib.js';
import { B3Files, b3Tuning, type FileName } from './b3-parallel.js';
import { CHUNK } from './hash.js';
import { operandBytes } from './operands.js';
import { SumOutput, strerror } from './output.js';

interface B3Flags {
  keyed: boolean;
  context: string | undefined;
  length: number;
  noNames: boolean;
  raw: boolean;
  check: boolean;
  quiet: boolean;
  /** `--num-threads`: undefined (or 0 given) for the cores. */
  threads: number | undefined;
  /** `--version` (`-V`): printed at once, as clap does, whatever follows. */
  version: boolean;
  files: string[];
}

const SWITCHES: Readonly<Record<string, keyof B3Flags>> = {
  '--keyed': 'keyed',
  '--no-names': 'noNames',
  '--raw': 'raw',
  '-c': 'check',
  '--check': 'check',
  '--quiet': 'quiet',
};

/** How clap names each of b3sum's arguments in its messages. */
const SHOWN: Readonly<Record<string, string>> = {
  keyed: '--keyed',
  noNames: '--no-names',
  raw: '--raw',
  check: '--check',
  quiet: '--quiet',
  noMmap: '--no-mmap',
  context: '--derive-key <CONTEXT>',
  length: '--length <LEN>',
  threads: '--num-threads <NUM>',
};

/** The arguments clap refuses beside `--check` (b3sum's `conflicts_with`), in the order it reports them. */
const NOT_WITH_CHECK = ['keyed', 'context', 'length', 'raw', 'noNames'] as const;

/**
 * b3sum's flags, with clap's refusals (its words, after our program name): an argument given twice, an option's
 * value missing or, given apart, starting with `-` (read as an unknown flag; `--derive-key=-x` is a value),
 * `--keyed` with `--derive-key`, `--check` with an argument that changes the hash or its output, `--quiet`
 * without `--check`.
 */
export function parseB3Args(argv: readonly string[], named = false): B3Flags {
  const f: B3Flags = {
    keyed: false,
    context: undefined,
    length: 32,
    noNames: false,
    raw: false,
    check: false,
    quiet: false,
    threads: undefined,
    version: false,
    files: [],
  };
  const seen = new Set<string>();
  const once = (key: string) => {
    if (seen.has(key)) {
      throw new SumUsageError(
        `The argument '${SHOWN[key]}' was provided more than once, but cannot be used multiple times`,
      );
    }
    seen.add(key);
  };
  const value = (i: number, key: string): string => {
    const v = argv[i];
    if (v === undefined || v === '--') {
      throw new SumUsageError(`The argument '${SHOWN[key]}' requires a value but none was supplied`);
    }
    if (v.startsWith('-') && v !== '-') {
      throw new SumUsageError(`Found argument '${v}' which wasn't expected, or isn't valid in this context`);
    }
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [name, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const switched = SWITCHES[name];
    if (a === '--') {
      f.files.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--version' || a === '-V') {
      f.version = true;
      return f;
    }
    // `-a blake3` chose this mode; b3sum itself (invoked by that name) has no -a
    const algorithm = !named && (name === '-a' || name === '--algorithm');
    if (switched) {
      once(switched);
      (f as unknown as Record<string, boolean>)[switched] = true;
    } else if (algorithm) i += inline === undefined ? 1 : 0;
    else if (!named && /^-a./.test(a)) continue;
    else if (name === '--derive-key') {
      once('context');
      f.context = inline ?? value(++i, 'context');
    } else if (name === '-l' || name === '--length' || /^-l./.test(a)) {
      once('length');
      f.length = lengthOf(/^-l./.test(a) ? a.slice(2) : (inline ?? value(++i, 'length')));
    } else if (name === '--num-threads' || name === '-j' || /^-j\d/.test(a)) {
      once('threads');
      f.threads = threadsOf(/^-j\d/.test(a) ? a.slice(2) : (inline ?? value(++i, 'threads')));
    } else if (name === '--no-mmap') once('noMmap');
    else if (a.startsWith('-') && a !== '-')
      throw new SumUsageError(`Found argument '${a}' which wasn't expected, or isn't valid in this context`);
    else f.files.push(a);
  }
  refuseCombinations(f, seen);
  return f;
}

/** clap's checks once every argument is read. */
function refuseCombinations(f: B3Flags, seen: ReadonlySet<string>): void {
  if (f.keyed && f.context !== undefined)
    throw new SumUsageError("The argument '--keyed' cannot be used with '--derive-key <CONTEXT>'");
  const clash = f.check ? NOT_WITH_CHECK.find((k) => seen.has(k)) : undefined;
  if (clash) throw new SumUsageError(`The argument '${SHOWN[clash]}' cannot be used with '--check'`);
  if (f.quiet && !f.check) throw new SumUsageError('The following required arguments were not provided: --check');
  if (f.keyed && f.files.length === 0)
    throw new SumUsageError('The following required arguments were not provided: <FILE>...');
}

/** b3sum's `-l`: a count of bytes; NaN when it is none, which b3sum reports for each file (`name: Failed …`). */
function lengthOf(v: string): number {
  const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** b3sum's `--num-threads`: a count, 0 meaning the default. */
function threadsOf(v: string): number | undefined {
  const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new SumUsageError('Failed to parse num threads.');
  return n === 0 ? undefined : n;
}

/** b3sum's name as shown: lossy UTF-8, `\` and newline escaped, and whether it was. */
function shown(name: string): { text: string; escaped: boolean } {
  const escaped = name.includes('\\') || name.includes('\n');
  return { text: escaped ? name.replaceAll('\\', '\\\\').replaceAll('\n', '\\n') : name, escaped };
}

/** Rust's io::Error text: strerror, then the errno. */
function osError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  // not the system's: a file that changed under a split run (b3-parallel.ts)
  if (err.code === undefined && err.errno === undefined && err.message) return err.message;
  return `${strerror(err.code ?? 'EIO')} (os error ${Math.abs(err.errno ?? 5)})`;
}

type Options = { outputLength: number; key?: Uint8Array; context?: string };

/**
 * The digest of a file, or of standard input (`-`): 64 KiB reads into one running digest, the engine `auto` takes
 * for BLAKE3 (our WebAssembly: node:crypto has none), without loading the rest of the library.
 */
async function hashOne(name: FileName, options: Options, io: Io): Promise<Uint8Array> {
  const d = createBlake3Tree(options);
  if (name === '-') {
    for await (const piece of io.stdin ?? process.stdin) d.update(piece);
    return d.digest();
  }
  const fd = openSync(name, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) d.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return d.digest();
}

async function readKey(io: Io): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of io.stdin ?? process.stdin) parts.push(p);
  const key = Buffer.concat(parts);
  if (key.length !== 32) throw new B3RunError(`expected 32 key bytes from stdin, found ${key.length}`);
  return key;
}

/** The run's hashing: large files split across `--num-threads` workers, the rest on this thread. */
function filesOf(f: B3Flags, options: Options, io: Io): B3Files {
  const threads = f.threads ?? availableParallelism();
  return new B3Files(threads, b3Tuning(io.env), options, (name) => hashOne(name, options, io));
}

/** Prints each file's line (or raw bytes); resolves to the exit code. */
async function generate(f: B3Flags, io: Io, out: SumOutput): Promise<number> {
  const files = f.files.length > 0 ? f.files : ['-'];
  if (f.raw && files.length > 1) throw new B3RunError('Only one filename can be provided when using --raw');
  const options: Options = { outputLength: f.length };
  if (f.keyed) options.key = await readKey(io);
  if (f.context !== undefined) options.context = f.context;
  const hashing = filesOf(f, options, io);
  let ok = true;
  try {
    // every file's subtrees queued at once, so the workers never wait for the main thread to reach a file
    // a name that is not UTF-8 is opened by its bytes, and shown decoded (U+FFFD), as b3sum's to_string_lossy
    const pending = Number.isNaN(f.length)
      ? []
      : files.map((name) => hashing.plan(name === '-' ? name : operandBytes(name)));
    for (const [i, name] of files.entries()) {
      let digest: Uint8Array;
      if (Number.isNaN(f.length)) {
        out.error(`${name}: Failed to parse length.`);
        ok = false;
        continue;
      }
      try {
        digest = await (pending[i] as () => Promise<Uint8Array>)();
      } catch (e) {
        out.error(`${name}: ${osError(e)}`);
        ok = false;
        continue;
      }
      out.write(line(f, name, digest));
    }
  } finally {
    await hashing.close();
  }
  return ok ? 0 : 1;
}

/** A file's output: raw bytes, or b3sum's line. */
function line(f: B3Flags, name: string, digest: Uint8Array): Buffer {
  if (f.raw) return Buffer.from(digest);
  const { text, escaped } = shown(name);
  const hex = Buffer.from(digest).toString('hex');
  return Buffer.from(f.noNames ? `${hex}\n` : `${escaped ? '\\' : ''}${hex}  ${text}\n`);
}

/** One line of a list, as b3sum 1.2.0 parses it: the expected hash, the path, and the name its verdict shows. */
function parseLine(raw: string): { hex: string; path: string; label: string } {
  if (raw.length === 0) throw new Error('Empty line');
  const escaped = raw.startsWith('\\');
  const line = escaped ? raw.slice(1) : raw;
  if (line.length <= 66) throw new Error('Short line');
  if (![...line.slice(0, 66)].every((c) => c.charCodeAt(0) < 0x80)) throw new Error('Non-ASCII prefix');
  if (line.slice(64, 66) !== '  ') throw new Error('Invalid space');
  const hex = line.slice(0, 64);
  // lowercase only, as b3sum 1.2.0
  if (!/^[0-9a-f]+$/.test(hex)) throw new Error('Invalid hex');
  const text = line.slice(66);
  const path = escaped ? unescapePath(text) : text;
  if (path.includes('\0')) throw new Error('Null character in path');
  // a path that held bytes which are not UTF-8, as b3sum printed it: not the file's name, so not looked up
  if (path.includes('\uFFFD')) throw new Error('Unicode replacement character in path');
  return { hex, path, label: `${escaped ? '\\' : ''}${text}` };
}

function unescapePath(s: string): string {
  return s.replace(/\\(.?)/g, (_, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'n') return '\n';
    throw new Error('Invalid backslash escape');
  });
}

/** `-c`: every list's lines, checked; resolves to the exit code. */
async function check(f: B3Flags, io: Io, out: SumOutput): Promise<number> {
  const hashing = filesOf(f, { outputLength: 32 }, io);
  try {
    return await checkLists(f, io, out, hashing);
  } finally {
    await hashing.close();
  }
}

/**
 * An error that ends the run, as one b3sum's `main` returns (`Error: …` under b3sum's name): a list that cannot be
 * read or is not UTF-8, a key of the wrong size, `--raw` with several files.
 */
class B3RunError extends Error {}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A list's lines, each decoded when it is reached: the lines before one that is not UTF-8 are still checked. */
function* listLines(bytes: Buffer): Generator<string> {
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    let line: string;
    try {
      line = UTF8.decode(bytes.subarray(start, stop));
    } catch {
      // as b3sum's read_line: the lines before were checked, the run stops here
      throw new B3RunError('stream did not contain valid UTF-8');
    }
    yield line;
    start = stop + 1;
  }
}

async function checkLists(f: B3Flags, io: Io, out: SumOutput, hashing: B3Files): Promise<number> {
  let ok = true;
  for (const list of f.files.length > 0 ? f.files : ['-']) {
    let bytes: Buffer;
    try {
      bytes = list === '-' ? Buffer.concat(await collect(io)) : readFileSync(operandBytes(list));
    } catch (e) {
      throw new B3RunError(osError(e));
    }
    for (const raw of listLines(bytes)) ok = (await checkLine(raw, f, out, hashing)) && ok;
  }
  return ok ? 0 : 1;
}

async function checkLine(raw: string, f: B3Flags, out: SumOutput, hashing: B3Files): Promise<boolean> {
  let parsed: ReturnType<typeof parseLine>;
  try {
    parsed = parseLine(raw);
  } catch (e) {
    out.error((e as Error).message);
    return false;
  }
  let digest: Uint8Array;
  try {
    digest = await hashing.plan(parsed.path)();
  } catch (e) {
    out.write(Buffer.from(`${parsed.label}: FAILED (${osError(e)})\n`));
    return false;
  }
  const match = Buffer.from(digest).toString('hex') === parsed.hex;
  if (!match || !f.quiet) out.write(Buffer.from(`${parsed.label}: ${match ? 'OK' : 'FAILED'}\n`));
  return match;
}

async function collect(io: Io): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  for await (const p of io.stdin ?? process.stdin) parts.push(p);
  return parts;
}

/**
 * Runs the b3sum mode; resolves to the exit code. Invoked as `b3sum`, its messages are b3sum's own: clap's refusals
 * start `error: ` (their first line: no usage block), the errors its `main` returns `Error: `, the rest `b3sum: `;
 * as `digestlab sum -a blake3`, all start `digestlab sum: `.
 */
export async function runB3sum(argv: readonly string[], io: Io, invocation: Invocation): Promise<number> {
  const named = invocation.algorithm !== undefined;
  const out = new SumOutput(io, invocation.program);
  try {
    const f = parseB3Args(argv, named);
    if (f.version) {
      io.stdout(versionLine(invocation));
      return 0;
    }
    return f.check ? await check(f, io, out) : await generate(f, io, out);
  } catch (e) {
    if (e instanceof SumUsageError && named) out.raw(`error: ${e.message}\n`);
    else if (e instanceof B3RunError && named) out.raw(`Error: ${e.message}\n`);
    else if (e instanceof SumUsageError || e instanceof B3RunError) out.error(e.message);
    else throw e;
    return 1;
  } finally {
    out.flush();
  }
}
