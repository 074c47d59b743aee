/**
 * Result records and verdicts. Every job (algorithm × provider) ends as one {@link OverflowRecord}; its digest is
 * compared with the expected digest (PASS / FAIL / UNCHECKED) and with every other provider's for the same algorithm.
 */
import type { AlgorithmName } from 'digestlab';
import type { ImplementedIn, RowKind } from '../rows.js';
import type { Pattern } from './patterns.js';
import type { Expected } from './references.js';

/**
 * PASS: equals the expected digest. FAIL: differs from it. UNCHECKED: no expected digest (the reference lacks the
 * algorithm, or could not finish). SKIPPED: the provider cannot run this job (one-shot only, lacks the algorithm,
 * unavailable here). ERROR: it threw. INTERRUPTED: stopped before the end (Ctrl-C).
 */
export const VERDICTS = ['PASS', 'FAIL', 'UNCHECKED', 'SKIPPED', 'ERROR', 'INTERRUPTED'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** `reference`: node:crypto run only to give the expected digest (not one of the selected providers). */
export type RecordKind = RowKind | 'reference';

export interface OverflowRecord {
  algorithm: AlgorithmName;
  /**
   * Bytes of output of an extendable-output function (SHAKE128, SHAKE256: `--output-length`, else 16 and 32), null
   * for a fixed-length digest. Absent in documents written before it existed (read as null).
   */
  outputLength?: number | null;
  /** The algorithm's other names (Java's "aliases"), OIDs last. */
  aliases: string[];
  /** Row id: our provider id, a peer's npm name, or node:crypto. */
  provider: string;
  kind: RecordKind;
  /** npm package the code comes from (digestlab for ours). */
  library: string;
  /** Its installed version, or null when unknown. */
  version: string | null;
  implementedIn: ImplementedIn;
  pattern: Pattern;
  /** Bytes asked for (--size). */
  size: number;
  /** Bytes per update (--chunk). */
  chunk: number;
  /** Bytes hashed: `size` when finished, less when interrupted, failed or skipped. */
  bytes: number;
  /** Lowercase hex of the digest, or null when there is none. */
  hex: string | null;
  /** The expected digest, or null when there is none (UNCHECKED). */
  expected: string | null;
  /** Where `expected` comes from. */
  expectedSource: string | null;
  verdict: Verdict;
  /** Why it was SKIPPED, the ERROR's message, or a note. */
  reason: string | null;
  /** Other providers with the same digest for this algorithm. */
  agreesWith: string[];
  /** Other providers with a different digest for this algorithm. */
  disagreesWith: string[];
  /** Wall-clock seconds spent streaming (summed over resumed sessions), or null. */
  seconds: number | null;
  /** bytes / 2^20 / seconds, or null. */
  mibPerSecond: number | null;
  /** Peak resident set size of the whole process when the job ended, in bytes (null where unknown). */
  peakRssBytes: number | null;
  /** The provider can export its state, so a checkpoint can resume this job mid-stream. */
  resumable: boolean;
  /** This run continued the job from a checkpoint. */
  resumed: boolean;
}

/** The same digest of the same input: algorithm, output length (SHAKE's), size and pattern match. */
export function sameInput(a: OverflowRecord, b: OverflowRecord): boolean {
  return (
    a.algorithm === b.algorithm &&
    (a.outputLength ?? null) === (b.outputLength ?? null) &&
    a.size === b.size &&
    a.pattern === b.pattern
  );
}

/** PASS, FAIL or UNCHECKED for a finished digest. */
export function decide(hex: string, expected: string | null | undefined): 'PASS' | 'FAIL' | 'UNCHECKED' {
  if (!expected) return 'UNCHECKED';
  return hex.toLowerCase() === expected.toLowerCase() ? 'PASS' : 'FAIL';
}

/**
 * Sets `expected`, `verdict` and the agreement lists of every record that has a digest. `expectedFor` gives the
 * expected digest for a record's algorithm, size and pattern (stored vector, or the same-run reference) or undefined.
 * Agreement is among records of the same algorithm, size and pattern.
 * The job whose digest is the expected one (`Expected.from`) is not checked against itself: it is UNCHECKED.
 */
export function applyVerdicts(
  records: OverflowRecord[],
  expectedFor: (record: OverflowRecord) => Expected | undefined,
): void {
  for (const r of records) {
    const others = records.filter((o) => o !== r && sameInput(o, r) && o.hex !== null);
    r.agreesWith = r.hex === null ? [] : others.filter((o) => o.hex === r.hex).map((o) => o.provider);
    r.disagreesWith = r.hex === null ? [] : others.filter((o) => o.hex !== r.hex).map((o) => o.provider);
    if (r.hex === null) continue;
    let e = expectedFor(r);
    if (e?.from === r.provider) e = undefined; // the job that is the reference is not checked against itself
    r.expected = e?.hex ?? null;
    r.expectedSource = e?.source ?? null;
    r.verdict = decide(r.hex, r.expected);
  }
}

/** Exit status: 1 when one of ours FAILed or hit an ERROR (with `strict`: anyone's), else 0. */
export function exitCode(records: readonly OverflowRecord[], strict = false): 0 | 1 {
  const bad = records.some(
    (r) => (r.verdict === 'FAIL' || r.verdict === 'ERROR') && (r.kind === 'ours' || (strict && r.kind !== 'reference')),
  );
  return bad ? 1 : 0;
}

export type Tally = Record<Verdict, number>;

export function tally(records: readonly OverflowRecord[]): Tally {
  const t = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Tally;
  for (const r of records) if (r.kind !== 'reference') t[r.verdict]++;
  return t;
}
