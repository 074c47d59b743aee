/**
 * Verdicts as results come in: a record is settled once its expected digest is known — stored before the run, or
 * its reference job is in — so a face can show it then and never has to take it back. Records whose reference never
 * finished are settled at the end (`release(true)`), UNCHECKED.
 */
import type { OverflowPlan } from './plan.js';
import type { Expected } from './references.js';
import { columnLabel } from './render.js';
import { applyVerdicts, type OverflowRecord } from './verdict.js';

export interface Settlement {
  /** A job's record, when it ends (or from the plan: SKIPPED, finished in a checkpoint). */
  add(key: string, record: OverflowRecord): void;
  has(key: string): boolean;
  /** Sets every record's verdict, and returns the ones newly settled (all of them: `all`), in plan order. */
  release(all: boolean): OverflowRecord[];
  /** The expected digest for an algorithm (and SHAKE's output length) and size, as far as it is known now. */
  expectedFor(x: Digested): Expected | undefined;
  /** Every record in plan order (call when every job has one). */
  records(): OverflowRecord[];
  /** Where each summary column's expected digest came from ({@link columnLabel}). */
  sources(): Partial<Record<string, string>>;
}

/** What names one digest of a run: algorithm, SHAKE's output length (absent or null otherwise), size. */
type Digested = { algorithm: string; outputLength?: number | null; size: number };

export function settlement(plan: OverflowPlan): Settlement {
  const records = new Map<string, OverflowRecord>();
  const released = new Set<string>();
  const expectation = (x: Digested) =>
    plan.expectations.find(
      (e) => e.algorithm === x.algorithm && (e.outputLength ?? null) === (x.outputLength ?? null) && e.size === x.size,
    );
  const expectedFor = (x: Digested): Expected | undefined => {
    const e = expectation(x);
    if (e?.stored) return e.stored;
    const r = e?.referenceJob ? records.get(e.referenceJob) : undefined;
    if (r?.hex) return { hex: r.hex, source: e?.referenceSource ?? r.provider, from: r.provider };
    return undefined;
  };
  const settled = (r: OverflowRecord) => {
    const e = expectation(r);
    return e?.stored !== undefined || !e?.referenceJob || records.has(e.referenceJob);
  };
  const inOrder = () => plan.jobs.flatMap((j) => records.get(j.key) ?? []);
  return {
    add: (key, record) => void records.set(key, record),
    has: (key) => records.has(key),
    release(all) {
      const list = inOrder();
      applyVerdicts(list, expectedFor);
      const out: OverflowRecord[] = [];
      for (const job of plan.jobs) {
        const r = records.get(job.key);
        if (!r || released.has(job.key) || !(all || settled(r))) continue;
        released.add(job.key);
        out.push(r);
      }
      return out;
    },
    expectedFor,
    records: inOrder,
    sources() {
      const several = plan.run.sizes.length > 1;
      return Object.fromEntries(plan.expectations.map((e) => [columnLabel(e, several), expectedFor(e)?.source]));
    },
  };
}
