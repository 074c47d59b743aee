/**
 * A job's {@link OverflowRecord}: what the document, the text output and the checkpoint keep of it, built from the
 * planned job, its run and how it ended. The verdict is UNCHECKED until settle.ts compares it with its expectation.
 */
import { algorithms as libraryAlgorithms } from 'digestlab';
import type { RunParams } from './checkpoint.js';
import type { PlannedJob } from './job.js';
import { type JobOutcome, mibPerSecond } from './runner.js';
import type { OverflowRecord } from './verdict.js';

const NAMES = new Map(libraryAlgorithms().map((a) => [a.name, [...a.aliases, ...a.oids]]));

/**
 * A job's record for how it ended. `peakRssBytes`: the process's peak when the job ended, where the runner knows it;
 * `why`: a note (e.g. "not started").
 */
export function overflowRecord(
  job: PlannedJob,
  run: RunParams,
  outcome: JobOutcome,
  peakRssBytes: number | null = null,
  why: string | null = null,
): OverflowRecord {
  const base: OverflowRecord = {
    algorithm: job.algorithm,
    outputLength: job.outputLength ?? null,
    aliases: NAMES.get(job.algorithm) ?? [],
    provider: job.provider,
    kind: job.kind,
    library: job.library,
    version: job.version,
    implementedIn: job.implementedIn,
    pattern: run.pattern,
    size: job.size,
    chunk: run.chunk,
    bytes: 0,
    hex: null,
    expected: null,
    expectedSource: null,
    verdict: 'UNCHECKED',
    reason: why,
    agreesWith: [],
    disagreesWith: [],
    seconds: null,
    mibPerSecond: null,
    peakRssBytes,
    resumable: job.resumable,
    resumed: job.resume !== undefined,
  };
  switch (outcome.status) {
    case 'done':
      return {
        ...base,
        bytes: outcome.bytes,
        hex: outcome.hex,
        seconds: outcome.seconds,
        mibPerSecond: mibPerSecond(outcome.bytes, outcome.seconds),
      };
    case 'skipped':
      return { ...base, verdict: 'SKIPPED', reason: outcome.reason };
    case 'error':
      return { ...base, verdict: 'ERROR', reason: outcome.message, bytes: outcome.bytes, seconds: outcome.seconds };
    case 'stopped':
      return { ...base, verdict: 'INTERRUPTED', bytes: outcome.bytes, seconds: outcome.seconds };
  }
}
