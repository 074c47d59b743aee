/**
 * A command-line operand's bytes as the kernel passed them. Node decodes argv as UTF-8 before any of our code runs,
 * a byte that is not UTF-8 becoming U+FFFD, so `digestlab sum "$(printf 'abc\377def')"` would name no file. On Linux
 * the bytes are still in /proc/self/cmdline: an operand holding U+FFFD is looked up there. Two arguments that decode
 * to the same text but differ in bytes are not told apart (neither is guessed: each stays as decoded).
 */
import { readFileSync } from 'node:fs';

const REPLACEMENT = '\uFFFD';

let raw: Map<string, Buffer | null> | undefined;

/** The bytes of an operand (a file name, a list's name) as given on the command line. */
export function operandBytes(operand: string): Buffer {
  if (!operand.includes(REPLACEMENT)) return Buffer.from(operand);
  raw ??= commandLineBytes(process.argv.slice(2));
  return raw.get(operand) ?? Buffer.from(operand);
}

/**
 * The arguments' bytes by their decoded text: /proc/self/cmdline holds node's own options too (`--jitless`), so the
 * arguments are its last `args.length` entries, each checked to decode to what Node gave. Empty off Linux.
 */
export function commandLineBytes(
  args: readonly string[],
  read = () => readFileSync('/proc/self/cmdline'),
): Map<string, Buffer | null> {
  const map = new Map<string, Buffer | null>();
  let all: Buffer;
  try {
    all = read();
  } catch {
    return map;
  }
  const parts = splitNul(all);
  const tail = parts.slice(parts.length - args.length);
  if (tail.length !== args.length) return map;
  for (const [i, bytes] of tail.entries()) {
    const text = args[i] as string;
    if (bytes.toString() !== text) return new Map(); // not our arguments: take none
    const known = map.get(text);
    // one text, two byte strings: ambiguous, so neither
    map.set(text, known === undefined || known?.equals(bytes) ? bytes : null);
  }
  return map;
}

/** cmdline's NUL-terminated strings. */
function splitNul(all: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let end = all.indexOf(0); end !== -1; end = all.indexOf(0, start)) {
    parts.push(all.subarray(start, end));
    start = end + 1;
  }
  return parts;
}
