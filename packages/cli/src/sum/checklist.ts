/**
 * Lines of a checksum list (`sum -c`), read as coreutils 9.1 reads them: `HEX  name`, `HEX *name`, the BSD form
 * `TAG (name) = HEX` (also `TAG(name)= HEX`, as OpenSSL writes), a leading `\` for an escaped name, `#` comments,
 * CRLF line ends, and the "BSD reversed" `HEX name` form, which a list may use only if its first line does.
 */
import { BY_HEX_LENGTH, BY_TAG, type SumAlgorithm } from './algorithms.js';
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

/**
 * Reads the lines of every list in one run (coreutils keeps whether lists use the BSD reversed form across all of
 * them). `allowed`: the algorithms `-a` named, or undefined to take any tagged line and untagged lines by length.
 */
export class ListParser {
  /** Unknown (-1) until an untagged line decides: standard form (0) or BSD reversed (1). */
  #reversed: -1 | 0 | 1 = -1;

  constructor(private readonly allowed: readonly SumAlgorithm[] | undefined) {}

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
    if (s.length - at < algorithm.hexLength + 2 + (s[at] === 0x5c ? 1 : 0)) return null;
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
    if (this.allowed === undefined) return BY_HEX_LENGTH.get(length);
    if (this.allowed.length === 1) return this.allowed[0];
    return this.allowed.find((a) => a.hexLength === length);
  }
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
