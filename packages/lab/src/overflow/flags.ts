/**
 * What a person asked an overflow run for, as the texts they typed (the CLI's flags, a page's query parameters), and
 * those texts read into values. Every mistake is a {@link UsageError} naming the option as the CLI spells it, so the
 * CLI and the page word it the same way.
 */
import type { AlgorithmName } from 'digestlab';
import { parseList, splitList } from '../list.js';
import { parseSizeOption } from '../params.js';
import type { Row } from '../rows.js';
import { resolveAlgorithms, UsageError } from '../select.js';
import { isPattern, PATTERNS, type Pattern } from './patterns.js';
import { isXof, SEED_SIZE } from './references.js';
import { type Selection, selectProviders } from './selection.js';

export const DEFAULT_CHUNK = 2 ** 20;
export const DEFAULT_CHECKPOINT_EVERY = 4 * 2 ** 30;
/** Bytes per update at most: a larger chunk only costs memory, in every job at once. */
export const MAX_CHUNK = 2 ** 30;

/** What was asked, as the texts a person typed (the CLI's flags, a page's query parameters). */
export interface OverflowAsk {
  /**
   * One size or several, comma-separated: `257GiB`, `2^29+1,4GiB+5`; or `boundaries`: every counter boundary that
   * matters to each algorithm ({@link boundarySizes}). Absent: {@link defaultSize} of each algorithm.
   */
  size?: string;
  /** `--output-length`: SHAKE's output lengths in bytes, comma-separated (`16,32`). Absent: each SHAKE's default. */
  outputLength?: string;
  chunk?: string;
  /** Comma-separated algorithm names or aliases. */
  algorithms?: string;
  /** Comma-separated: default, ours, peers, all, or row ids. */
  providers?: string;
  pattern?: string;
}

/** A size option's value; a bad one is a UsageError naming the option as the CLI spells it (`--chunk: ...`). */
export function sizeOption(name: string, text: string | undefined, fallback: number, min: number): number {
  return text === undefined ? fallback : parseSizeOption(`--${name}`, text, min);
}

/** `--pattern`: one of {@link PATTERNS}, else a UsageError saying which (the CLI's flag, a page's parameter). */
export function patternOption(text: string): Pattern {
  if (!isPattern(text)) throw new UsageError(`--pattern must be one of ${PATTERNS.join(', ')} (got "${text}")`);
  return text;
}

/** The word `--size` takes for every counter boundary that matters to each algorithm. */
export const BOUNDARIES = 'boundaries';

/** Most bytes `--output-length` takes: SHAKE can give any length, but a digest is printed and stored in hex. */
export const MAX_OUTPUT_LENGTH = 1024;

/** `--output-length`: whole numbers of bytes from 1 to {@link MAX_OUTPUT_LENGTH}, comma-separated, no repeats. */
export function parseOutputLengths(text: string): number[] {
  const parts = splitList(text);
  const out: number[] = [];
  for (const t of parts) {
    const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
    if (!(n >= 1 && n <= MAX_OUTPUT_LENGTH)) {
      throw new UsageError(
        `--output-length: "${t}" is not a whole number of bytes from 1 to ${MAX_OUTPUT_LENGTH} (e.g. 16,32)`,
      );
    }
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `--size`: one size, or several separated by commas (each a job of its own). */
export function parseSizes(text: string): number[] {
  const parts = splitList(text);
  if (parts.some((t) => t === '')) throw new UsageError(`--size: an empty size in "${text}"`);
  if (parts.some((t) => t.toLowerCase() === BOUNDARIES)) {
    throw new UsageError(`--size: "${BOUNDARIES}" stands alone (got "${text}")`);
  }
  return [...new Set(parts.map((t) => sizeOption('size', t, SEED_SIZE, 0)))];
}

/** An {@link OverflowAsk} read into values; undefined where nothing was asked (a default, or the checkpoint's). */
export interface ParsedAsk {
  /** `--size boundaries`. */
  boundaries: boolean;
  sizes?: number[];
  chunk?: number;
  outputLengths?: number[];
  /** The algorithms asked (default SHA-1). */
  algorithms: AlgorithmName[];
  /** The rows asked (default our streaming providers). */
  selection: Selection[];
}

/** Reads every option of `ask`, in the order the CLI reports their mistakes: the first bad one throws. */
export function parseAsk(ask: OverflowAsk, rows: readonly Row[]): ParsedAsk {
  const boundaries = ask.size?.trim().toLowerCase() === BOUNDARIES;
  const sizes = ask.size !== undefined && !boundaries ? parseSizes(ask.size) : undefined;
  const chunk = ask.chunk !== undefined ? sizeOption('chunk', ask.chunk, DEFAULT_CHUNK, 1) : undefined;
  if (ask.pattern !== undefined) patternOption(ask.pattern);
  const algorithms = resolveAlgorithms(parseList(ask.algorithms) ?? ['SHA-1']);
  const selection = selectProviders(parseList(ask.providers), rows);
  if (chunk !== undefined && chunk > MAX_CHUNK) throw new UsageError('--chunk: at most 1GiB');
  const outputLengths = ask.outputLength !== undefined ? parseOutputLengths(ask.outputLength) : undefined;
  if (outputLengths && !algorithms.some(isXof)) {
    throw new UsageError(`--output-length is for SHAKE128 and SHAKE256 only (asked: ${algorithms.join(',')})`);
  }
  return {
    boundaries,
    ...(sizes ? { sizes } : {}),
    ...(chunk !== undefined ? { chunk } : {}),
    ...(outputLengths ? { outputLengths } : {}),
    algorithms,
    selection,
  };
}
