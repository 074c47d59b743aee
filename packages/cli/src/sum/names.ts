/**
 * File names as coreutils writes them. Names are bytes (a name found on disk or in a list need not be UTF-8).
 *
 * - Checksum lines escape a name holding `\`, newline or carriage return: the line starts with `\` and the name's
 *   `\`, LF and CR are written `\\`, `\n`, `\r` ({@link escapeName}); `-c` reads them back ({@link unescapeName}).
 * - Messages on stderr quote names as gnulib's `quotef` does (shell-escape quoting, with `:` also quoted), in the
 *   run's locale, UTF-8 or C ({@link quoteName}, {@link useLocale}): `'a b'`, `'a'$'\n''b'`, `"it's"`, `''$'\377'`.
 */

import { existsSync, readFileSync } from 'node:fs';

const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;

/** Whether a checksum line must escape `name` (it holds `\`, LF or CR). */
export function needsEscape(name: Uint8Array): boolean {
  return name.includes(BACKSLASH) || name.includes(LF) || name.includes(CR);
}

/** `name` with `\`, LF and CR written as `\\`, `\n`, `\r` (the caller writes the line's leading `\`). */
export function escapeName(name: Uint8Array): Buffer {
  const out: number[] = [];
  for (const b of name) {
    if (b === BACKSLASH) out.push(BACKSLASH, BACKSLASH);
    else if (b === LF) out.push(BACKSLASH, 0x6e);
    else if (b === CR) out.push(BACKSLASH, 0x72);
    else out.push(b);
  }
  return Buffer.from(out);
}

/**
 * The name an escaped checksum line holds, or null when it is not a valid escaped name: a `\` followed by anything
 * but `\`, `n` or `r`, a trailing lone `\`, or a NUL byte.
 */
export function unescapeName(s: Uint8Array): Buffer | null {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const b = s[i] as number;
    if (b === 0) return null;
    if (b !== BACKSLASH) {
      out.push(b);
      continue;
    }
    const next = s[++i];
    if (next === BACKSLASH) out.push(BACKSLASH);
    else if (next === 0x6e) out.push(LF);
    else if (next === 0x72) out.push(CR);
    else return null;
  }
  return Buffer.from(out);
}

/** Characters a POSIX shell treats specially anywhere in a word (besides quotes, backslash and `?`). */
const SHELL_SPECIAL = new Set([...' !"$&()*;<=>[^`|'].map((c) => c.charCodeAt(0)));
/** Characters that are safe whatever the quoting, and also fine inside C-style double quotes. */
const SAFE = /^[%+,\-./0-9:A-Z\]_a-z]$/;
/** Control characters written as C escapes inside `$'…'`; other unprintable bytes in octal. */
const C_ESCAPES: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r' };

/**
 * The character set names are shown in, as coreutils finds it at start (setlocale(LC_ALL, "")): UTF-8 when the
 * locale (LC_ALL, else LC_CTYPE, else LANG) is named so (`C.UTF-8`, `en_US.utf8`) and, on Linux, glibc has it
 * (C.UTF-8 is built in; others are installed under /usr/lib/locale), else C's ASCII, where every byte above 0x7e is
 * unprintable (`'missing-'$'\303\251'`) and values are quoted with ASCII quotes.
 */
let utf8 = true;

/** Reads the run's locale from `env` (once, at the start of a run, as coreutils' setlocale). */
export function useLocale(env: Readonly<Record<string, string | undefined>>): void {
  const name = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  utf8 = /\.utf-?8/i.test(name) && glibcHas(name);
}

/** Whether glibc would load the locale: C.UTF-8, or one installed (a folder, or a name in locale-archive). */
function glibcHas(name: string): boolean {
  if (process.platform !== 'linux' || /^C\.utf-?8$/i.test(name)) return true;
  // glibc's normalized name: the codeset lowercased, without punctuation (en_US.UTF-8 -> en_US.utf8)
  const normal = name.replace(
    /\.([^@]*)/,
    (_, codeset: string) => `.${codeset.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
  );
  if (existsSync(`/usr/lib/locale/${normal}`)) return true;
  try {
    return readFileSync('/usr/lib/locale/locale-archive').includes(`${normal}\0`);
  } catch {
    return false;
  }
}

/** One character of a name: its bytes, and whether it is printable in the locale (invalid bytes: no). */
interface Piece {
  bytes: Uint8Array;
  text: string | null;
  printable: boolean;
}

/** Whether a code point prints in glibc's C.UTF-8 locale: not a control, surrogate, unassigned or separator. */
function printableCodePoint(ch: string): boolean {
  return !/[\p{Cc}\p{Cs}\p{Cn}\p{Zl}\p{Zp}]/u.test(ch);
}

/** Splits bytes into UTF-8 characters; an invalid byte is a piece of its own, an incomplete tail one piece. */
function pieces(name: Uint8Array): Piece[] {
  if (!utf8) return asciiPieces(name);
  const out: Piece[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let i = 0;
  while (i < name.length) {
    const b = name[i] as number;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 1) {
      out.push({ bytes: name.subarray(i, i + 1), text: String.fromCharCode(b), printable: b >= 0x20 && b < 0x7f });
      i += 1;
      continue;
    }
    if (len > 1 && i + len <= name.length) {
      try {
        const text = decoder.decode(name.subarray(i, i + len));
        out.push({ bytes: name.subarray(i, i + len), text, printable: printableCodePoint(text) });
        i += len;
        continue;
      } catch {
        // invalid sequence: the lead byte alone, as mbrtowc's EILSEQ
      }
    } else if (len > 1 && isIncompleteTail(name.subarray(i))) {
      // a valid but unfinished sequence at the end: every remaining byte escaped
      for (let j = i; j < name.length; j++) out.push({ bytes: name.subarray(j, j + 1), text: null, printable: false });
      break;
    }
    out.push({ bytes: name.subarray(i, i + 1), text: null, printable: false });
    i += 1;
  }
  return out;
}

/** In C's ASCII, each byte is a character, printable from space to `~`. */
function asciiPieces(name: Uint8Array): Piece[] {
  return Array.from(name, (b, i) => {
    const printable = b >= 0x20 && b < 0x7f;
    return { bytes: name.subarray(i, i + 1), text: printable ? String.fromCharCode(b) : null, printable };
  });
}

function isIncompleteTail(tail: Uint8Array): boolean {
  for (let j = 1; j < tail.length; j++) if (((tail[j] as number) & 0xc0) !== 0x80) return false;
  return true;
}

/** Whether the name can be printed bare: no character a shell would read specially, nothing unprintable. */
function bareOk(ps: Piece[]): boolean {
  if (ps.length === 0) return false;
  return ps.every((p, i) => {
    if (!p.printable) return false;
    if (p.bytes.length > 1) return true;
    const c = p.bytes[0] as number;
    const ch = String.fromCharCode(c);
    if (ch === ':' || ch === '?' || ch === '\\' || ch === "'" || SHELL_SPECIAL.has(c)) return false;
    if ((ch === '#' || ch === '~') && i === 0) return false;
    if ((ch === '{' || ch === '}') && ps.length === 1) return false;
    return true;
  });
}

/** Whether every character reads the same inside double quotes, so `"it's"` can stand for `'it'\''s'`. */
function doubleQuoteOk(ps: Piece[]): boolean {
  return ps.every((p, i) => {
    if (!p.printable) return false;
    if (p.bytes.length > 1) return true;
    const ch = String.fromCharCode(p.bytes[0] as number);
    if (ch === ' ' || ch === "'" || SAFE.test(ch)) return true;
    if (ch === '#' || ch === '~') return i === 0;
    if (ch === '{' || ch === '}') return ps.length === 1;
    return !(SHELL_SPECIAL.has(ch.charCodeAt(0)) || ch === '?' || ch === '\\' || ch === '"');
  });
}

const octal = (b: number) => `\\${(b >> 6).toString(8)}${((b >> 3) & 7).toString(8)}${(b & 7).toString(8)}`;

/** A name as coreutils' error messages show it (gnulib `quotef`, in the run's locale: {@link useLocale}). */
export function quoteName(name: Uint8Array | string): string {
  const bytes = typeof name === 'string' ? Buffer.from(name) : name;
  const ps = pieces(bytes);
  if (bareOk(ps)) return ps.map((p) => p.text).join('');
  const quote = ps.some((p) => p.text === "'");
  if (quote && doubleQuoteOk(ps)) return `"${ps.map((p) => p.text).join('')}"`;
  const once = singleQuoted(ps, false);
  // gnulib's quirk, kept: a name with a quote is quoted twice (the first pass only to see whether double quotes do),
  // and the second starts where the first ended; inside a `$'…'` run, it opens with `''` (`'''a'\'''$'\001'`)
  return quote ? singleQuoted(ps, once.inEscape).text : once.text;
}

/** The name in single quotes, unprintable runs as `'$'…'`; `inEscape`: whether such a run is open at the start. */
function singleQuoted(ps: readonly Piece[], escaped: boolean): { text: string; inEscape: boolean } {
  let out = "'";
  let inEscape = escaped; // inside a `'$'…` run, which the next plain character closes with `''`
  for (const p of ps) {
    const c = p.bytes[0] as number;
    if (p.printable) {
      // a quote closes the `$'…'` run itself; any other character needs the `''` that reopens plain quoting
      if (p.text === "'") out += "'\\''";
      else out += inEscape ? `''${p.text}` : p.text;
      inEscape = false;
      continue;
    }
    if (!inEscape) out += "'$'";
    inEscape = true;
    if (p.bytes.length === 1 && C_ESCAPES[c] !== undefined) out += `\\${C_ESCAPES[c]}`;
    else for (const b of p.bytes) out += octal(b);
  }
  return { text: `${out}'`, inEscape };
}

/**
 * A value as coreutils' `quote` shows it (gnulib's locale quoting style): between ‘ and ’ in a UTF-8 locale, ' and '
 * in C, with `\` and the closing quote escaped by a backslash, controls as C escapes, other unprintable bytes in octal.
 */
export function quoteLocale(value: Uint8Array | string): string {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  const [open, close] = utf8 ? ['‘', '’'] : ["'", "'"];
  let out = open;
  for (const p of pieces(bytes)) {
    const c = p.bytes[0] as number;
    if (p.printable) out += p.text === '\\' || p.text === close ? `\\${p.text}` : p.text;
    else if (p.bytes.length === 1 && C_ESCAPES[c] !== undefined) out += `\\${C_ESCAPES[c]}`;
    else for (const b of p.bytes) out += octal(b);
  }
  return `${out}${close}`;
}
