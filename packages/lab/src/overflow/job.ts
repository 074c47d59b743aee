/**
 * One job of an overflow plan, and the expected digest it is checked against: plain data (no Row), so a plan
 * crosses postMessage and the record of any job can be made anywhere.
 */
import type { AlgorithmName } from 'digestlab';
import type { ImplementedIn, Row } from '../rows.js';
import { jobKey } from './checkpoint.js';
import { digestLabel, type Expected } from './references.js';
import { canExportState, type ResumePoint } from './runner.js';
import { formatSize } from './size.js';
import type { OverflowRecord, RecordKind } from './verdict.js';

/** One job: plain data (no Row), so a plan crosses postMessage and the record of any job can be made anywhere. */
export interface PlannedJob {
  key: string;
  algorithm: AlgorithmName;
  /** An XOF's (SHAKE's) output length in bytes; absent for a fixed-length digest. */
  outputLength?: number;
  size: number;
  /** Row id. */
  provider: string;
  /** Run only to give the expected digest (not one of the selected providers). */
  reference: boolean;
  kind: RecordKind;
  library: string;
  version: string | null;
  implementedIn: ImplementedIn;
  /** The provider can export its state, so a checkpoint can resume it mid-stream. */
  resumable: boolean;
  /** For progress: algorithm (size when several), provider, `(reference)`. */
  label: string;
  /** Where a checkpoint left it. */
  resume?: ResumePoint;
  /** Already finished (from a checkpoint) or decided without running (SKIPPED). */
  record?: OverflowRecord;
}

/** Where the expected digest of one (algorithm, size) comes from. */
export interface Expectation {
  algorithm: AlgorithmName;
  /** An XOF's output length in bytes, as the jobs it is for. */
  outputLength?: number;
  size: number;
  /** Known before anything runs (the seed, stored vectors). */
  stored?: Expected;
  /** Else the job whose digest is the expected one (the host's reference, or a selected node:crypto). */
  referenceJob?: string;
  /** How a verdict names that job's digest. */
  referenceSource?: string;
}

/** What a job needs to know of its run besides its digest and row. */
export interface JobContext {
  /** The row library's installed version, or null when unknown. */
  versionOf(library: string): string | null;
  /** The run has several sizes: the label then names the job's. */
  severalSizes: boolean;
}

/** The job of `row` for the digest `e`; `reference`: run only to give the expected digest. */
export function plannedJob(e: Expectation, row: Row, reference: boolean, ctx: JobContext): PlannedJob {
  const name = digestLabel(e.algorithm, e.outputLength);
  return {
    key: jobKey(name, reference ? `${row.id}#reference` : row.id, e.size),
    algorithm: e.algorithm,
    ...(e.outputLength !== undefined ? { outputLength: e.outputLength } : {}),
    size: e.size,
    provider: row.id,
    reference,
    kind: reference ? 'reference' : row.kind,
    library: row.library,
    version: ctx.versionOf(row.library),
    implementedIn: row.implementedIn,
    resumable: canExportState(row),
    label: `${name}${ctx.severalSizes ? ` ${formatSize(e.size)}` : ''} ${row.id}${reference ? ' (reference)' : ''}`,
  };
}
