/**
 * xxhsum 0.8.1's `-c`: each list's lines checked, in its words. A line is `<hex> <mode char><name>` (8, 16 or 32
 * hex digits in either case: XXH32, XXH64, XXH128; the character after the space, ` ` or `*`, is skipped whatever it
 * is) or tagged, `XXH32|XXH64|XXH128|XXH3[_LE] (<name>) = <hex>` with the tag's number of digits (`_LE`: the bytes
 * reversed). A file checked prints `name: OK` or `name: FAILED`; one that cannot be read `list:N: Could not open or
 * read 'name': …`; then the counts of bad lines, unreadable files and mismatches, all on stdout. `-q` drops the OK
 * lines, `--status` everything on stdout, `-w` warns of each bad line on stderr, `--strict` fails a list with any.
 * A list with no good line fails (`list: no properly formatted xxHash checksum lines found` on stderr).
 */
import { readFileSync } from 'node:fs';
import type { Io } from '../io.js';
import { operandBytes } from './operands.js';
import { strerror } from './output.js';
import { stdinOf } from './run.js';
import { hashFile, type XxhName } from './xxhsum-hash.js';

export interface CheckFlags {
  quiet: boolean;
  status: boolean;
  strict: boolean;
  warn: boolean;
  files: readonly string[];
}

interface Expected {
  name: XxhName;
  digest: Buffer;
  file: Buffer;
}

const TAGS: Readonly<Record<string, { name: XxhName; digits: number }>> = {
  XXH32: { name: 'XXH32', digits: 8 },
  XXH64: { name: 'XXH64', digits: 16 },
  XXH128: { name: 'XXH3-128', digits: 32 },
  XXH3: { name: 'XXH3-64', digits: 16 },
};
const BY_DIGITS: Readonly<Record<number, XxhName>> = { 8: 'XXH32', 16: 'XXH64', 32: 'XXH3-128' };

/** A line (its bytes as latin1 text) as xxhsum 0.8.1 reads it, or undefined when it is not a checksum line. */
export function parseCheckLine(line: string): Expected | undefined {
  const tagged = /^(XXH32|XXH64|XXH128|XXH3)(_LE)? \(([\s\S]*)\) = ([0-9a-fA-F]+)$/.exec(line);
  if (tagged) {
    const [, tag, le, file, hex] = tagged as unknown as [string, string, string | undefined, string, string];
    const t = TAGS[tag] as { name: XxhName; digits: number };
    if (hex.length !== t.digits) return undefined;
    const digest = Buffer.from(hex, 'hex');
    return { name: t.name, digest: le ? digest.reverse() : digest, file: Buffer.from(file, 'latin1') };
  }
  const plain = /^([0-9a-fA-F]+) [\s\S]([\s\S]*)$/.exec(line);
  const name = plain ? BY_DIGITS[(plain[1] as string).length] : undefined;
  if (!plain || name === undefined) return undefined;
  return { name, digest: Buffer.from(plain[1] as string, 'hex'), file: Buffer.from(plain[2] as string, 'latin1') };
}

/** Bytes to stdout (a name need not be UTF-8). */
const emit = (io: Io, ...parts: (Buffer | string)[]): void => {
  const bytes = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  if (io.stdoutBytes) io.stdoutBytes(bytes);
  else io.stdout(bytes.toString());
};

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}\n`;

async function readList(operand: string | null, io: Io): Promise<Buffer | { code: string }> {
  if (operand === null) {
    const pieces: Uint8Array[] = [];
    for await (const piece of stdinOf(io)) pieces.push(piece);
    return Buffer.concat(pieces);
  }
  try {
    return readFileSync(operandBytes(operand));
  } catch (e) {
    return { code: (e as NodeJS.ErrnoException).code ?? 'EIO' };
  }
}

/** Checks one list's lines; resolves to whether it passed. */
async function checkList(flags: CheckFlags, shown: string, text: Buffer, io: Io): Promise<boolean> {
  const lines = text.toString('latin1').split('\n');
  if (lines.at(-1) === '') lines.pop();
  let good = 0;
  let bad = 0;
  let unread = 0;
  let mismatched = 0;
  for (const [i, line] of lines.entries()) {
    const expected = parseCheckLine(line);
    if (expected === undefined) {
      bad++;
      if (flags.warn) io.stderr(`${shown}:${i + 1}: Error: Improperly formatted checksum line.\n`);
      continue;
    }
    good++;
    const result = await hashFile(expected.name, expected.file, io);
    const file = expected.file.toString();
    if (!(result instanceof Uint8Array)) {
      unread++;
      if (!flags.status) io.stdout(`${shown}:${i + 1}: Could not open or read '${file}': ${strerror(result.code)}.\n`);
    } else if (Buffer.from(result).equals(expected.digest)) {
      if (!flags.quiet && !flags.status) emit(io, expected.file, ': OK\n');
    } else {
      mismatched++;
      if (!flags.status) emit(io, expected.file, ': FAILED\n');
    }
  }
  if (good === 0) {
    io.stderr(`${shown}: no properly formatted xxHash checksum lines found\n`);
    return false;
  }
  if (!flags.status) {
    if (bad > 0) io.stdout(plural(bad, 'line is improperly formatted', 'lines are improperly formatted'));
    if (unread > 0) io.stdout(plural(unread, 'listed file could not be read', 'listed files could not be read'));
    if (mismatched > 0)
      io.stdout(plural(mismatched, 'computed checksum did NOT match', 'computed checksums did NOT match'));
  }
  return mismatched === 0 && unread === 0 && !(flags.strict && bad > 0);
}

/** `-c`: every list (standard input, named `stdin`, when none is named); resolves to the exit code. */
export async function runXxhsumCheck(flags: CheckFlags, io: Io): Promise<number> {
  let ok = true;
  for (const operand of flags.files.length > 0 ? flags.files : [null]) {
    const text = await readList(operand, io);
    const shown = operand ?? 'stdin';
    if (!Buffer.isBuffer(text)) {
      io.stderr(`Error: Could not open '${shown}': ${strerror(text.code)}\n`);
      ok = false;
      continue;
    }
    if (!(await checkList(flags, shown, text, io))) ok = false;
  }
  return ok ? 0 : 1;
}
