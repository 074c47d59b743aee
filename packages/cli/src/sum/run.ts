/**
 * `digestlab sum`: prints or checks message digests as coreutils' sha256sum and siblings do, byte for byte, with
 * files hashed in parallel. Loaded only when `sum` runs (see commands/sum.ts).
 */

import { fstatSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Io } from '../io.js';
import { type Invocation, versionLine } from '../tools.js';
import {
  digestRequest,
  isB3sum,
  resolveAlgorithms,
  type SumAlgorithm,
  splittable,
  typeString,
  xxhsumArgs,
} from './algorithms.js';
import { checkCombinations, helpText, parseArgs, type SumFlags, SumUsageError } from './args.js';
import { digestMatches, type ListEntry, type ListLine, ListParser } from './checklist.js';
import type { DigestRequest, FileOutcome } from './hash.js';
import { hashStream } from './hash.js';
import { quoteName, useLocale } from './names.js';
import { operandBytes } from './operands.js';
import { checkLine, checksumLine, PROGRAM, SumOutput, strerror } from './output.js';
import { chooseHasher, type Hasher, mainThreadHasher } from './pool.js';
import { type Progress, progressLine, wantsProgress } from './progress.js';
import { operandTargets, recursiveTargets, sizeOf, type Target } from './targets.js';

/** The name in messages, for commands/sum.ts (which must not load this module's dependencies before it runs). */
export { PROGRAM };

/**
 * Runs `sum` with the arguments after `sum` (after the tool's name when invoked as one); resolves to the exit code
 * (0 fine, 1 anything wrong, as coreutils).
 */
export async function runSum(argv: readonly string[], io: Io, invocation: Invocation): Promise<number> {
  // -a blake3 alone: b3sum's lines and flags, with BLAKE3's part of the library alone (b3-lib.ts)
  if (invocation.mode === 'cksum') return (await import('./cksum.js')).runCksum(argv, io, invocation);
  if (invocation.mode === 'xxhsum') return (await import('./xxhsum.js')).runXxhsum(argv, io, invocation);
  const b3sum = invocation.algorithm === undefined ? isB3sum(argv) : invocation.algorithm === 'blake3';
  if (b3sum) return (await import('./b3sum.js')).runB3sum(argv, io, invocation);
  // -a xxh32|xxh64|xxh128|xxh3 alone: xxhsum 0.8.1's lines, flags and -c
  const xxhsum = invocation.algorithm === undefined ? xxhsumArgs(argv) : undefined;
  if (xxhsum) return (await import('./xxhsum.js')).runXxhsum(xxhsum, io, invocation);
  const out = new SumOutput(io, invocation.program);
  useLocale(io.env);
  let flags: SumFlags;
  let algorithms: SumAlgorithm[];
  try {
    flags = parseArgs(argv, invocation.algorithm);
    if (flags.help || flags.version) {
      io.stdout(flags.help ? helpText(invocation.program) : versionLine(invocation));
      return 0;
    }
    algorithms = await resolveAlgorithms(flags.algorithms, flags.length);
    checkCombinations(flags);
  } catch (e) {
    if (!(e instanceof SumUsageError)) throw e;
    if (!e.tryHelp) {
      // coreutils' `error` then `die`: each line a message of its own
      for (const line of e.message.split('\n')) out.error(line);
      return 1;
    }
    out.error(e.message);
    io.stderr(`Try '${invocation.program} --help' for more information.\n`);
    return 1;
  }
  return runSession(flags, algorithms, io, out);
}

/** How a tool other than sum reads lists (cksum 9.1: no untagged line without `-a`; `-w`'s word from the lines). */
export interface ListRules {
  untaggedByLength: boolean;
  /** What `-w` calls a line, given the algorithm of the last line read before it (undefined: none yet). */
  lineWord(last: SumAlgorithm | undefined): string;
}

/** Prints (or with `-c` checks) every file's digests for flags already read and checked; resolves to the exit code. */
export async function runSession(
  flags: SumFlags,
  algorithms: SumAlgorithm[],
  io: Io,
  out: SumOutput,
  rules?: ListRules,
): Promise<number> {
  const session = new Session(flags, algorithms, io, out, rules);
  try {
    return flags.check ? await session.check() : await session.generate();
  } finally {
    out.flush();
    await session.close();
  }
}

/** Standard input: the Io's (a test's), else the process's. */
export function stdinOf(io: Io): AsyncIterable<Uint8Array> {
  return io.stdin ?? processStdin();
}

/**
 * The process's standard input. A folder there (`< dir`) fails as reading it fails in C, with EISDIR, so the
 * message is coreutils' (`-: Is a directory`; with `-c`, `'standard input': read error`): Node's stream would
 * end empty, and the empty input's digest would be printed as if it were right.
 */
async function* processStdin(): AsyncIterable<Uint8Array> {
  if (fstatSync(0).isDirectory()) throw Object.assign(new Error('standard input is a folder'), { code: 'EISDIR' });
  yield* process.stdin;
}

/** Reads all of standard input (a list given as `-`). */
async function readAll(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of source) parts.push(p);
  return Buffer.concat(parts);
}

/** One run: the hasher (main thread or workers), the progress line, and the outcome of each file in order. */
class Session {
  #hasher: Hasher | undefined;
  #split: import('./split-checksums.js').ChecksumFiles | undefined;
  #progress: Progress | undefined;
  /** One parser for every list of a run: whether lists use the BSD reversed form is decided once, as coreutils. */
  readonly #parser: ListParser;

  constructor(
    private readonly flags: SumFlags,
    private readonly algorithms: SumAlgorithm[],
    private readonly io: Io,
    private readonly out: SumOutput,
    private readonly rules?: ListRules,
  ) {
    // with -a, lines of its algorithms only; without, any tagged line, and untagged lines by their length
    this.#parser = new ListParser(flags.algorithms.length > 0 ? algorithms : undefined, rules?.untaggedByLength);
  }

  /** The algorithm of the last line read that named one, across the run's lists (what cksum's `-w` words from). */
  #lastAlgorithm: SumAlgorithm | undefined;

  /**
   * Starts hashing every file of `requests` at once (on workers when that pays); returns for each a function
   * that the caller calls in order to await its outcome. Standard input is read when its turn comes.
   */
  private async start(requests: readonly Request[]): Promise<(() => Promise<FileOutcome>)[]> {
    const jobs = this.flags.jobs ?? availableParallelism();
    const split = await this.splitFiles(jobs, requests);
    const files = requests.filter((r, i) => r !== null && !r.stdin && split[i] === undefined);
    const sizes = files.map((r) => r?.size ?? 0);
    const total = sizes.reduce((a, b) => a + b, 0);
    if (wantsProgress(this.io, sizes)) this.#progress = progressLine(this.io, total);
    const onBytes = this.#progress ? (n: number) => this.#progress?.add(n) : undefined;
    // a split file has the run's threads: the others are hashed on this one meanwhile, as b3sum's mode does
    const hasher = split.some(Boolean) ? mainThreadHasher(onBytes) : chooseHasher(jobs, files.length, total, onBytes);
    this.#hasher = hasher;
    return requests.map((r, i) => {
      if (r === null) return () => Promise.reject(new Error('no file to hash'));
      if (r.stdin) return () => hashStream(stdinOf(this.io), r.algorithms);
      const planned = split[i];
      if (planned) return planned;
      const outcome = hasher.submit(r.name, r.size, r.algorithms);
      return () => outcome;
    });
  }

  /**
   * Each large file whose algorithms all combine, split across `jobs` threads (split-checksums.ts, loaded only then:
   * it holds b3sum's machinery).
   */
  private async splitFiles(
    jobs: number,
    requests: readonly Request[],
  ): Promise<((() => Promise<FileOutcome>) | undefined)[]> {
    if (jobs < 2 || !requests.some((r) => r !== null && !r.stdin && splittable(r.algorithms))) return [];
    const { ChecksumFiles, checksumTuning } = await import('./split-checksums.js');
    const files = new ChecksumFiles(jobs, checksumTuning(this.io.env));
    this.#split = files;
    return requests.map((r) => (r === null || r.stdin ? undefined : files.plan(r.name, r.algorithms)));
  }

  async close(): Promise<void> {
    this.#progress?.done();
    await this.#hasher?.close();
    await this.#split?.close();
    this.#split = undefined;
  }

  /** Prints a checksum line per file (per algorithm with several), in argument order. */
  async generate(): Promise<number> {
    const { flags, algorithms, out } = this;
    const operands = (flags.files.length > 0 ? flags.files : ['-']).map(operandBytes);
    const targets: Target[] = flags.recursive
      ? recursiveTargets(operands, flags.dereference, (m) => out.error(m))
      : operandTargets(operands);
    const pending = await this.start(
      targets.map((t) =>
        t.kind === 'error'
          ? null
          : {
              name: t.name,
              size: t.kind === 'file' ? t.size : 0,
              stdin: t.kind === 'stdin',
              algorithms: algorithms.map(digestRequest),
            },
      ),
    );
    // several algorithms: tagged lines, the only form that says which algorithm a line is
    const format = { tag: flags.tag || algorithms.length > 1, binary: flags.binary === true, zero: flags.zero };
    let ok = true;
    for (const [i, t] of targets.entries()) {
      const outcome: FileOutcome =
        t.kind === 'error'
          ? { ok: false, code: t.code, opening: true }
          : await (pending[i] as () => Promise<FileOutcome>)();
      if (!outcome.ok) {
        out.error(`${quoteName(t.name)}: ${strerror(outcome.code)}`);
        ok = false;
        continue;
      }
      algorithms.forEach((a, k) => {
        out.write(checksumLine(a, Buffer.from(outcome.digests[k] as Uint8Array).toString('hex'), t.name, format));
      });
    }
    return ok ? 0 : 1;
  }

  /** `-c`: checks every list, in order. */
  async check(): Promise<number> {
    const lists = this.flags.files.length > 0 ? this.flags.files : ['-'];
    let ok = true;
    for (const list of lists) ok = (await this.checkList(list)) && ok;
    return ok ? 0 : 1;
  }

  /** What `-w` calls a line: as sha256sum (SHA256) and b2sum (BLAKE2b whatever -l); with several, no one name fits. */
  private lineWord(): string {
    if (this.rules) return this.rules.lineWord(this.#lastAlgorithm);
    const one = this.algorithms.length === 1 ? this.algorithms[0] : undefined;
    return one ? `${typeString(one)} checksum line` : 'checksum line';
  }

  /** A list's bytes, or null after saying why it could not be read. */
  private async readList(list: string, shownList: string): Promise<Buffer | null> {
    try {
      return list === '-' ? await readAll(stdinOf(this.io)) : readFileSync(operandBytes(list));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
      // a directory opens and then fails to read: coreutils says only "read error"
      this.out.error(code === 'EISDIR' ? `${shownList}: read error` : `${shownList}: ${strerror(code)}`);
      return null;
    }
  }

  private async checkList(list: string): Promise<boolean> {
    const { flags, out } = this;
    const fromStdin = list === '-';
    const shownList = quoteName(fromStdin ? 'standard input' : operandBytes(list));
    const text = await this.readList(list, shownList);
    if (text === null) return false;
    const parser = this.#parser;
    parser.fromStdin = fromStdin;
    const lines: ListLine[] = [...parser.lines(text)];
    const entries = lines.flatMap((l) => (l.kind === 'entry' ? [l.entry] : []));
    const pending = await this.start(
      entries.map((e) => ({
        name: e.name,
        size: sizeOf(e.name),
        stdin: isDash(e),
        algorithms: [digestRequest(e.algorithm)],
      })),
    );
    const status = flags.verbosity === 'status';
    let misformatted = 0;
    let unreadable = 0;
    let mismatched = 0;
    let matched = false;
    let next = 0;
    for (const [index, line] of lines.entries()) {
      if (line.kind === 'skip') continue;
      if (line.kind === 'bad') {
        misformatted++;
        if (flags.verbosity === 'warn')
          out.error(`${shownList}: ${index + 1}: improperly formatted ${this.lineWord()}`);
        continue;
      }
      const entry: ListEntry = line.entry;
      this.#lastAlgorithm = entry.algorithm;
      const outcome = await (pending[next++] as () => Promise<FileOutcome>)();
      if (!outcome.ok) {
        if (flags.ignoreMissing && outcome.opening && outcome.code === 'ENOENT') continue;
        out.error(`${quoteName(entry.name)}: ${strerror(outcome.code)}`);
        unreadable++;
        if (!status) out.write(checkLine(entry.name, 'FAILED open or read'));
        continue;
      }
      const match = digestMatches(entry.hex, outcome.digests[0] as Uint8Array);
      if (match) matched = true;
      else mismatched++;
      if (status) continue;
      if (!match) out.write(checkLine(entry.name, 'FAILED'));
      else if (flags.verbosity !== 'quiet') out.write(checkLine(entry.name, 'OK'));
    }
    await this.#hasher?.close();
    this.#hasher = undefined;
    await this.#split?.close();
    this.#split = undefined;
    const formatted = entries.length > 0;
    if (!formatted) {
      out.error(`${shownList}: no properly formatted checksum lines found`);
    } else if (!status) {
      const plural = (n: number, one: string, many: string) => `WARNING: ${n} ${n === 1 ? one : many}`;
      if (misformatted > 0)
        out.error(plural(misformatted, 'line is improperly formatted', 'lines are improperly formatted'));
      if (unreadable > 0)
        out.error(plural(unreadable, 'listed file could not be read', 'listed files could not be read'));
      if (mismatched > 0)
        out.error(plural(mismatched, 'computed checksum did NOT match', 'computed checksums did NOT match'));
      if (flags.ignoreMissing && !matched) out.error(`${shownList}: no file was verified`);
    }
    return formatted && matched && mismatched === 0 && unreadable === 0 && !(flags.strict && misformatted > 0);
  }
}

/** A file to hash for `start`, or null for a target already known to fail. */
type Request = { name: Buffer; size: number; stdin: boolean; algorithms: DigestRequest[] } | null;

function isDash(e: ListEntry): boolean {
  return e.name.length === 1 && e.name[0] === 0x2d;
}
