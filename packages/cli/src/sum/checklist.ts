/**
 * Lines of a checksum list (`sum -c`), read as coreutils 9.1 reads them: `HEX  name`, `HEX *name`, the BSD form
 * `TAG (name) = HEX` (also `TAG(name)= HEX`, as OpenSSL writes), a leading `\` for an escaped name, `#` comments,
 * CRLF line ends, and the "BSD reversed" `HEX name` form, which a list may use only if its first line does.
 */
import { B2SUM, BY_HEX_LENGTH, BY_TAG, blake2bOfLength, type SumAlgorithm } from './algorithms.js';
import { unescapeName } from './names.js';

export interface ListEntry {
  algorithm: SumAlgorithm;
  /** The expected digest as written (either case). */
  hex: Uint8Array;
  name: Buffer;
}

/** One line of a list: a file to check, nothing (comment, empty line), or an improperly formatted line. */
export type ListLine = { kind: 'entry'; entry: ListEntry } | { kind: 'skip' } | { kind: 'bad' };

const SPACE = 0x20;
const TAB = 0x09;
const isWhite = (b: number | undefined) => b === SPACE || b === TAB;
const isHex = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);

function allHex(s: Uint8Array, length: number): boolean {
  return s.length === length && s.every(isHex);
}

/** C's isspace in the C locale. */
const isCSpace = (b: number | undefined) => b === SPACE || (b !== undefined && b >= 0x09 && b <= 0x0d);

/**
 * The number at `at` as `xstrtoumax(s, &end, 0, …)` reads it (b2sum's length in a tag): blanks, then `+` (a `-`
 * is refused), then `0x` hex, `0` octal or decimal; null without a digit.
 */
function cNumber(s: Uint8Array, at: number): { value: bigint; end: number } | null {
  let i = at;
  while (isCSpace(s[i])) i++;
  if (s[i] === 0x2d) return null;
  if (s[i] === 0x2b) i++;
  let base = 10;
  if (s[i] === 0x30 && (s[i + 1] | 0x20) === 0x78 && isHex(s[i + 2] ?? 0)) {
    base = 16;
    i += 2;
  } else if (s[i] === 0x30) base = 8;
  const start = i;
  let value = 0n;
  for (let d = digit(s[i]); d < base; d = digit(s[++i])) value = value * BigInt(base) + BigInt(d);
  return i === start ? null : { value, end: i };
}

/** A byte's value as a digit (up to hex); 99 for anything else. */
function digit(b: number | undefined): number {
  if (b === undefined) return 99;
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  const lower = b | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : 99;
}

/**
 * Reads the lines of every list in one run (coreutils keeps whether lists use the BSD reversed form across all of
 * them). `allowed`: the algorithms `-a` named, or undefined to take any tagged line and untagged lines by length.
 */
export class ListParser {
  /** Unknown (-1) until an untagged line decides: standard form (0) or BSD reversed (1). */
  #reversed: -1 | 0 | 1 = -1;

  /** `-a blake2b` alone: untagged lines as b2sum reads them, their length from their digest's. */
  readonly #b2sum: boolean;
  /** Whether a line may be b2sum's BLAKE2b at any length (without `-a`, or with BLAKE2b among `-a`'s). */
  readonly #blake2b: boolean;

  /**
   * `allowed`: `-a`'s algorithms, or undefined for any tagged line. `untaggedByLength`: without `-a`, an untagged
   * line's algorithm by its digest's length (sum's rule); false: refused (cksum 9.1's, which needs `-a` for them).
   */
  constructor(
    private readonly allowed: readonly SumAlgorithm[] | undefined,
    private readonly untaggedByLength = true,
  ) {
    this.#b2sum = allowed?.length === 1 && allowed[0]?.name === B2SUM.name;
    this.#blake2b = allowed === undefined || allowed.some((a) => a.name === B2SUM.name);
  }

  /** The list being read is standard input, where a line naming `-` is improperly formatted. */
  fromStdin = false;

  /** The lines of `text` (a whole list), in order. */
  *lines(text: Buffer): Generator<ListLine> {
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf(0x0a, start);
      if (end < 0) end = text.length;
      yield this.line(text.subarray(start, end));
      start = end + 1;
    }
  }

  /** One line, without its `\n`. */
  line(raw: Buffer): ListLine {
    if (raw[0] === 0x23) return { kind: 'skip' }; // '#'
    const s = raw.at(-1) === 0x0d ? raw.subarray(0, -1) : raw;
    if (s.length === 0) return { kind: 'skip' };
    const entry = this.split(s);
    if (entry === null || (this.fromStdin && entry.name.length === 1 && entry.name[0] === 0x2d)) {
      return { kind: 'bad' };
    }
    return { kind: 'entry', entry };
  }

  private split(s: Buffer): ListEntry | null {
    let i = 0;
    while (isWhite(s[i])) i++;
    const escaped = s[i] === 0x5c;
    if (escaped) i++;
    const tagged = this.taggedAt(s, i);
    if (tagged) return tagged.algorithm ? this.splitTagged(s, tagged.end, tagged.algorithm, escaped) : null;
    return this.splitUntagged(s, i, escaped);
  }

  /** The tag at `i` (a known tag followed by a space or `(`), and its algorithm if this run accepts it. */
  private taggedAt(s: Buffer, i: number): { end: number; algorithm: SumAlgorithm | undefined } | undefined {
    const blake2b = BY_TAG.get(B2SUM.name);
    if (this.#blake2b && blake2b && s.toString('latin1', i, i + blake2b.tag.length) === blake2b.tag) {
      return b2sumTag(s, i + blake2b.tag.length);
    }
    for (const [tag, algorithm] of BY_TAG) {
      const end = i + tag.length;
      if (s.toString('latin1', i, end) !== tag || (s[end] !== SPACE && s[end] !== 0x28)) continue;
      const ok = this.allowed === undefined || this.allowed.some((a) => a.name === algorithm.name);
      return { end, algorithm: ok ? algorithm : undefined };
    }
    // a line that starts with an accepted tag but not as a tagged line is refused, as coreutils does
    if (this.allowed?.some((a) => s.toString('latin1', i, i + a.tag.length) === a.tag)) {
      return { end: i, algorithm: undefined };
    }
    return undefined;
  }

  /** `TAG (name) = HEX` from just after the tag: the name runs to the last `)`. */
  private splitTagged(s: Buffer, at: number, algorithm: SumAlgorithm, escaped: boolean): ListEntry | null {
    let i = at;
    if (s[i] === SPACE) i++;
    if (s[i] !== 0x28) return null;
    const rest = s.subarray(i + 1);
    const close = rest.lastIndexOf(0x29);
    if (close < 0) return null;
    const name = escaped ? unescapeName(rest.subarray(0, close)) : Buffer.from(rest.subarray(0, close));
    if (name === null) return null;
    let j = close + 1;
    while (isWhite(rest[j])) j++;
    if (rest[j] !== 0x3d) return null;
    j++;
    while (isWhite(rest[j])) j++;
    const hex = rest.subarray(j);
    return allHex(hex, algorithm.hexLength) ? { algorithm, hex, name } : null;
  }

  /** `HEX  name` or `HEX *name` (or, in a BSD-reversed list, `HEX name`). */
  private splitUntagged(s: Buffer, at: number, escaped: boolean): ListEntry | null {
    let end = at;
    while (end < s.length && !isWhite(s[end])) end++;
    const algorithm = this.untaggedAlgorithm(end - at);
    if (!algorithm) return null;
    // the shortest line coreutils reads: the digest, a blank, a one-byte name (one more after a second `\`)
    const shortest = this.#b2sum ? B2SUM.minLine : algorithm.hexLength + 2;
    if (s.length - at < shortest + (s[at] === 0x5c ? 1 : 0)) return null;
    if (end === s.length) return null;
    const hex = s.subarray(at, end);
    if (!allHex(hex, algorithm.hexLength)) return null;
    let i = end + 1;
    if (s.length - i === 1 || (s[i] !== SPACE && s[i] !== 0x2a)) {
      if (this.#reversed === 0) return null;
      this.#reversed = 1;
    } else if (this.#reversed !== 1) {
      this.#reversed = 0;
      i++;
    }
    const name = escaped ? unescapeName(s.subarray(i)) : Buffer.from(s.subarray(i));
    return name === null ? null : { algorithm, hex, name };
  }

  /** The algorithm of an untagged digest of `length` hex digits: `-a`'s, or by length without `-a`. */
  private untaggedAlgorithm(length: number): SumAlgorithm | undefined {
    if (this.allowed === undefined) return this.untaggedByLength ? BY_HEX_LENGTH.get(length) : undefined;
    // b2sum: any whole number of bytes up to the largest, whatever -l says
    if (this.#b2sum)
      return length >= 2 && length % 2 === 0 && length <= B2SUM.maxBits / 4 ? blake2bOfLength(4 * length) : undefined;
    if (this.allowed.length === 1) return this.allowed[0];
    return this.allowed.find((a) => a.hexLength === length);
  }
}

/**
 * b2sum's tag from just after `BLAKE2b`: the next byte is taken whatever it is (b2sum overwrites it), except a
 * `(` (OpenSSL's form, no blank) which stays; a `-` starts the length in bits (0 < bits <= 512, a multiple of 8).
 */
function b2sumTag(s: Buffer, at: number): { end: number; algorithm: SumAlgorithm | undefined } {
  const next = s[at];
  if (next === undefined) return { end: at, algorithm: undefined };
  if (next === 0x28) return { end: at, algorithm: blake2bOfLength(0) };
  if (next !== 0x2d) return { end: at + 1, algorithm: blake2bOfLength(0) };
  const n = cNumber(s, at + 1);
  const bits = n?.value ?? 0n;
  if (!n || bits === 0n || bits > BigInt(B2SUM.maxBits) || bits % 8n !== 0n) return { end: at, algorithm: undefined };
  return { end: n.end, algorithm: blake2bOfLength(Number(bits)) };
}

/** Whether `expected` (hex, either case) is `actual`'s hex, in time independent of where they differ. */
export function digestMatches(expected: Uint8Array, actual: Uint8Array): boolean {
  if (expected.length !== actual.length * 2) return false;
  const digits = '0123456789abcdef';
  let diff = 0;
  for (let i = 0; i < actual.length; i++) {
    const b = actual[i] as number;
    // lowercasing by OR 0x20 is exact for hex digits, which the parser has checked the line holds
    diff |= ((expected[2 * i] as number) | 0x20) ^ digits.charCodeAt(b >> 4);
    diff |= ((expected[2 * i + 1] as number) | 0x20) ^ digits.charCodeAt(b & 15);
  }
  return diff === 0;
}
