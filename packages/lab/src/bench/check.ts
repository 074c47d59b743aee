/**
 * Check: every cell that could be timed is run once and its output compared with the reference's before anything
 * is timed, so a wrong row is reported WRONG and never timed. How a cell is run and what it is compared with is its
 * workload's ({@link WorkloadSpec.check}); inputs and expected digests are made once per run ({@link Expectations}).
 */
import type { Prepared } from '../rows.js';
import { type Cell, describeError, label } from './cells.js';
import { Expectations, ReferenceMismatchError } from './expected.js';
import type { Progress, Reference } from './host.js';
import { workloadSpec } from './workloads/index.js';

/** Each (row, algorithm) prepared once, whatever its workloads; a row that cannot load gives its Error. */
function preparer(): (cell: Cell) => Promise<Prepared | Error> {
  const prepared = new Map<string, Promise<Prepared | Error>>();
  return (cell) => {
    const key = `${cell.row.id}|${cell.algorithm}`;
    let p = prepared.get(key);
    if (!p) {
      p = cell.row.prepare(cell.algorithm).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      prepared.set(key, p);
    }
    return p;
  };
}

/** Checks one cell, setting its status; what was wrong goes to `messages`. */
async function checkOne(
  cell: Cell,
  prepare: (cell: Cell) => Promise<Prepared | Error>,
  x: Expectations,
  messages: string[],
): Promise<void> {
  const p = await prepare(cell);
  if (p instanceof Error) {
    cell.status = 'skipped';
    const m = `${cell.row.id} ${cell.algorithm}: could not load (${p.message})`;
    if (!messages.includes(m)) messages.push(m);
    return;
  }
  cell.prepared = p;
  try {
    const verdict = await workloadSpec(cell.workload).check(cell, p, x);
    if (verdict === 'unavailable') cell.status = 'unavailable';
    else if (verdict !== 'ok') {
      cell.status = 'wrong';
      messages.push(`WRONG ${label(cell)}: ${verdict.wrong}`);
    }
  } catch (e) {
    if (e instanceof ReferenceMismatchError) throw e;
    cell.status = 'wrong';
    messages.push(`WRONG ${label(cell)}: threw ${describeError(e)}`);
  }
}

/**
 * Checks every `ok` cell, in order; a cell that is wrong, or cannot take its workload, gets that status. Returns
 * the messages for the report (what was wrong, which algorithms the reference lacked). Throws
 * {@link ReferenceMismatchError} only when the reference itself disagrees with Java on the seed: then no verdict
 * could be trusted.
 */
export async function checkCells(
  cells: readonly Cell[],
  reference: Reference,
  shape: { manyCount: number; manySize: number },
  onProgress: (p: Progress) => void,
  onChecked: (cell: Cell) => void,
): Promise<string[]> {
  const messages: string[] = [];
  const x = new Expectations(reference, shape);
  const prepare = preparer();
  const toCheck = cells.filter((c) => c.status === 'ok');
  for (const [done, cell] of toCheck.entries()) {
    onProgress({ phase: 'check', done, total: toCheck.length, label: label(cell) });
    await checkOne(cell, prepare, x, messages);
    onChecked(cell);
  }
  messages.push(...x.notes());
  return messages;
}
