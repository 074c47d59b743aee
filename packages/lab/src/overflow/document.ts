/**
 * The overflow document (`--json`, schema digestlab-overflow/1): what a run did, as plain data. Built here so the CLI
 * and a page produce the same document, and read back by {@link parseOverflowReport} (compare, the page's collector)
 * with every field checked, so a reader can trust it.
 *
 *   { "schema": "digestlab-overflow/1", "run": {...}, "env": {...}, "results": [OverflowRecord, ...],
 *     "summary": { PASS, FAIL, UNCHECKED, SKIPPED, ERROR, INTERRUPTED, interrupted, seconds, peakRssBytes, exitCode } }
 */
import { parseJson, ReportError } from '../report.js';
import { ROW_KINDS } from '../rows.js';
import type { RuntimeFacts } from '../runtime.js';
import type { RunParams } from './checkpoint.js';
import { PATTERNS } from './patterns.js';
import type { OverflowResult } from './session.js';
import { formatSize } from './size.js';
import { exitCode, type OverflowRecord, type Tally, tally, VERDICTS } from './verdict.js';

export const OVERFLOW_SCHEMA = 'digestlab-overflow/1';
/** Exit status after a stop (Ctrl-C, SIGTERM): 128 + SIGINT, as shells report it. */
export const EXIT_INTERRUPTED = 130;

export interface OverflowEnv extends RuntimeFacts {
  /** Before runtime facts named the crypto library (`cryptoLibrary`), Node's OpenSSL version; still read. */
  openssl?: string;
  cpu: string;
  cores: number;
  os: string;
  /** ISO time the document was made. */
  date: string;
}

export interface OverflowDocument {
  schema: typeof OVERFLOW_SCHEMA;
  run: {
    sizes: number[];
    /** The sizes as written back (`4GiB+5`). */
    sizeTexts: string[];
    chunk: number;
    pattern: string;
    algorithms: string[];
    /** Present when algorithms ran at different sizes (a sponge stops at 2^32+5): each algorithm's sizes. */
    sizesOf?: Record<string, number[]>;
    /** Present with `--output-length`: the output lengths in bytes each SHAKE ran at. */
    outputLengths?: number[];
    providers: string[];
    /** Jobs at once. */
    jobs: number;
    strict: boolean;
    /** Where the checkpoint was kept, and what was resumed (file names in the CLI), or null. */
    checkpoint: string | null;
    resumedFrom: string | null;
  };
  env: OverflowEnv;
  results: OverflowRecord[];
  summary: Tally & { interrupted: boolean; seconds: number; peakRssBytes: number | null; exitCode: number };
}

/** The exit status of a run: 130 when interrupted, else 1 when one of ours (with `strict`: anyone's) failed. */
export function overflowStatus(result: Pick<OverflowResult, 'records' | 'interrupted'>, strict: boolean): number {
  return result.interrupted ? EXIT_INTERRUPTED : exitCode(result.records, strict);
}

export interface DocumentFacts {
  jobs: number;
  strict: boolean;
  checkpoint: string | null;
  resumedFrom: string | null;
  env: OverflowEnv;
  /** Wall-clock seconds of the whole run. */
  seconds: number;
  /** Peak resident set size of the whole process, where known. */
  peakRssBytes: number | null;
}

export function overflowDocument(run: RunParams, result: OverflowResult, facts: DocumentFacts): OverflowDocument {
  return {
    schema: OVERFLOW_SCHEMA,
    run: {
      sizes: run.sizes,
      sizeTexts: run.sizes.map(formatSize),
      chunk: run.chunk,
      pattern: run.pattern,
      algorithms: run.algorithms,
      ...(run.sizesOf ? { sizesOf: run.sizesOf } : {}),
      ...(run.outputLengths ? { outputLengths: run.outputLengths } : {}),
      providers: run.providers,
      jobs: facts.jobs,
      strict: facts.strict,
      checkpoint: facts.checkpoint,
      resumedFrom: facts.resumedFrom,
    },
    env: facts.env,
    results: result.records,
    summary: {
      ...tally(result.records),
      interrupted: result.interrupted,
      seconds: Math.round(facts.seconds * 1000) / 1000,
      peakRssBytes: facts.peakRssBytes,
      exitCode: overflowStatus(result, facts.strict),
    },
  };
}

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isCount: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const isBoolean: Check = (v) => typeof v === 'boolean';
const orNull =
  (c: Check): Check =>
  (v) =>
    v === null || c(v);
const listOf =
  (c: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(c);
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const KINDS: readonly string[] = [...ROW_KINDS, 'reference'];

// what each field must be, and the words for it in a message
const RUN: Record<string, [Check, string]> = {
  sizes: [listOf(isCount), 'a list of byte counts'],
  sizeTexts: [listOf(isString), 'a list of strings'],
  chunk: [(v) => isCount(v) && (v as number) >= 1, 'a byte count >= 1'],
  pattern: [oneOf(PATTERNS), `one of ${PATTERNS.join(', ')}`],
  algorithms: [listOf(isString), 'a list of strings'],
  providers: [listOf(isString), 'a list of strings'],
  jobs: [(v) => isCount(v) && (v as number) >= 1, 'a whole number >= 1'],
  strict: [isBoolean, 'true or false'],
  checkpoint: [orNull(isString), 'a string or null'],
  resumedFrom: [orNull(isString), 'a string or null'],
  // added later, so optional: a document written before them is still read
  sizesOf: [
    (v) =>
      v === undefined ||
      (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(listOf(isCount))),
    'absent or an object of lists of byte counts',
  ],
  outputLengths: [(v) => v === undefined || listOf(isCount)(v), 'absent or a list of byte counts'],
};
const ENV: Record<string, [Check, string]> = {
  runtime: [isString, 'a string'],
  runtimeVersion: [isString, 'a string'],
  cpu: [isString, 'a string'],
  cores: [isCount, 'a whole number'],
  os: [isString, 'a string'],
  date: [isString, 'a string'],
};
const RECORD: Record<string, [Check, string]> = {
  algorithm: [isString, 'a string'],
  outputLength: [(v) => v === undefined || v === null || isCount(v), 'absent, null or a byte count'],
  aliases: [listOf(isString), 'a list of strings'],
  provider: [isString, 'a string'],
  kind: [oneOf(KINDS), `one of ${KINDS.join(', ')}`],
  library: [isString, 'a string'],
  version: [orNull(isString), 'a string or null'],
  implementedIn: [isString, 'a string'],
  pattern: [oneOf(PATTERNS), `one of ${PATTERNS.join(', ')}`],
  size: [isCount, 'a byte count'],
  chunk: [isCount, 'a byte count'],
  bytes: [isCount, 'a byte count'],
  hex: [orNull((v) => isString(v) && /^[0-9a-f]+$/.test(v as string)), 'lowercase hex or null'],
  expected: [orNull(isString), 'a string or null'],
  expectedSource: [orNull(isString), 'a string or null'],
  verdict: [oneOf(VERDICTS), `one of ${VERDICTS.join(', ')}`],
  reason: [orNull(isString), 'a string or null'],
  agreesWith: [listOf(isString), 'a list of strings'],
  disagreesWith: [listOf(isString), 'a list of strings'],
  seconds: [orNull(isNumber), 'a number or null'],
  mibPerSecond: [orNull(isNumber), 'a number or null'],
  peakRssBytes: [orNull(isNumber), 'a number or null'],
  resumable: [isBoolean, 'true or false'],
  resumed: [isBoolean, 'true or false'],
};
const SUMMARY: Record<string, [Check, string]> = {
  ...Object.fromEntries(VERDICTS.map((v) => [v, [isCount, 'a whole number'] as [Check, string]])),
  interrupted: [isBoolean, 'true or false'],
  seconds: [isNumber, 'a number'],
  peakRssBytes: [orNull(isNumber), 'a number or null'],
  exitCode: [isCount, 'a whole number'],
};

function checkObject(source: string, path: string, value: unknown, fields: Record<string, [Check, string]>): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ReportError(`${source}: ${path} must be an object`);
  }
  for (const [name, [check, what]] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[name];
    if (!check(v)) {
      throw new ReportError(
        `${source}: ${path}.${name} must be ${what} (got ${v === undefined ? 'nothing' : JSON.stringify(v)})`,
      );
    }
  }
}

/**
 * Reads a digestlab-overflow/1 document (what `digestlab overflow --json` prints); throws a {@link ReportError}
 * naming `source` and the first field that is wrong. Every field a reader uses is checked, so a tally that does not
 * match the results is refused too: a reader must not show counts the records contradict.
 */
export function parseOverflowReport(text: string, source = 'input'): OverflowDocument {
  return checkOverflowReport(parseJson(text, source), source);
}

/** Parsed JSON checked as an overflow report (see {@link parseOverflowReport}). */
export function checkOverflowReport(data: unknown, source: string): OverflowDocument {
  const d = data as Partial<OverflowDocument> | null;
  if (typeof d !== 'object' || d === null || d.schema !== OVERFLOW_SCHEMA) {
    throw new ReportError(`${source}: not a digestlab overflow report (schema must be "${OVERFLOW_SCHEMA}")`);
  }
  checkObject(source, 'run', d.run, RUN);
  checkObject(source, 'env', d.env, ENV);
  if (!Array.isArray(d.results)) throw new ReportError(`${source}: "results" must be a list`);
  for (const [i, r] of d.results.entries()) checkObject(source, `results[${i}]`, r, RECORD);
  checkObject(source, 'summary', d.summary, SUMMARY);
  const counted = tally(d.results);
  const summary = d.summary as OverflowDocument['summary'];
  for (const v of VERDICTS) {
    if (summary[v] !== counted[v]) {
      throw new ReportError(`${source}: summary.${v} is ${summary[v]}, but the results hold ${counted[v]}`);
    }
  }
  return d as OverflowDocument;
}
