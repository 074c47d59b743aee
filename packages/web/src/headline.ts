/**
 * A seed run's headline, as data and one line of words: per algorithm of the seed, the fastest of digestlab's
 * providers here, the fastest peer here, and the seed's own PC and Android figures (SEED_FIGURES, as ops/s). From
 * the lab's table model (buildTables), so the numbers are the table's. Platform-neutral: unit-tested under Node.
 */
import { type BenchReport, buildTables, formatRatio, SEED_ALGORITHMS, SEED_FIGURES } from '@digestlab/lab';

/** One contender's figure: which row, and its median ops/s. */
export interface Figure {
  id: string;
  opsPerSecond: number;
}

export interface HeadlineRow {
  algorithm: string;
  /** The fastest of our providers (kind `ours`) that timed this algorithm here, or null. */
  ours: Figure | null;
  /** The fastest peer (kind `peer`) here, or null. */
  peer: Figure | null;
  /** The seed's own figures as ops/s (its N over its seconds). */
  pc: number;
  phone: number;
}

/** The seed's figure as ops/s: its count over its seconds for that algorithm. */
function seedOps(figure: { count: number; seconds: Record<string, number> }, algorithm: string): number {
  return figure.count / (figure.seconds[algorithm] as number);
}

/**
 * The headline's rows, in the seed's order, for the seed's algorithms this run timed; empty when the run has no
 * seed table in ops/s (another workload, or `--exact`).
 */
export function headlineRows(report: BenchReport): HeadlineRow[] {
  const table = buildTables(report).find((t) => t.workload === 'seed' && t.unit === 'ops/s');
  if (!table) return [];
  const kind = new Map(report.env.providers.map((p) => [p.id, p.kind]));
  const fastest = (cells: readonly { value: number | null; status: string }[], which: string): Figure | null => {
    let best: Figure | null = null;
    for (const [i, c] of cells.entries()) {
      const id = table.columns[i].id;
      if (c.status !== 'ok' || c.value === null || kind.get(id) !== which) continue;
      if (!best || c.value > best.opsPerSecond) best = { id, opsPerSecond: c.value };
    }
    return best;
  };
  return SEED_ALGORITHMS.flatMap((algorithm) => {
    const row = table.rows.find((r) => r.algorithm === algorithm);
    if (!row) return [];
    return [
      {
        algorithm,
        ours: fastest(row.cells, 'ours'),
        peer: fastest(row.cells, 'peer'),
        pc: seedOps(SEED_FIGURES.pc, algorithm),
        phone: seedOps(SEED_FIGURES.phone, algorithm),
      },
    ];
  });
}

/** `1.20×`, or `1.20× to 2.40×` over several. */
function span(ratios: readonly number[]): string {
  const lo = Math.min(...ratios);
  const hi = Math.max(...ratios);
  return formatRatio(lo) === formatRatio(hi) ? formatRatio(lo) : `${formatRatio(lo)} to ${formatRatio(hi)}`;
}

/** `MD5`, `MD5 and SHA-1`, `MD2, MD5 and SHA-1`. */
function names(list: readonly string[]): string {
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * The headline in one line: which is fastest here (digestlab or a peer) on how many of the algorithms and by how
 * much, and how the fastest here compares with the seed's PC. Empty when nothing was timed.
 */
export function headlineLine(rows: readonly HeadlineRow[]): string {
  const both = rows.filter((r) => r.ours && r.peer);
  const parts: string[] = [];
  const ours = both.filter((r) => (r.ours as Figure).opsPerSecond > (r.peer as Figure).opsPerSecond);
  const peers = both.filter((r) => !ours.includes(r));
  if (both.length > 0) {
    const wins = ours.map((r) => (r.ours as Figure).opsPerSecond / (r.peer as Figure).opsPerSecond);
    const of =
      both.length === rows.length ? `${both.length} algorithms` : `the ${both.length} algorithms a peer has too`;
    const clauses = ours.length > 0 ? [`digestlab on ${ours.length} of ${of}, ${span(wins)} the fastest peer`] : [];
    for (const id of [...new Set(peers.map((r) => (r.peer as Figure).id))]) {
      const mine = peers.filter((r) => (r.peer as Figure).id === id);
      const by = mine.map((r) => (r.peer as Figure).opsPerSecond / (r.ours as Figure).opsPerSecond);
      clauses.push(`${id} on ${names(mine.map((r) => r.algorithm))}, ${span(by)} digestlab`);
    }
    parts.push(`Fastest here: ${clauses.join('; ')}.`);
  }
  const best = rows.flatMap((r) => {
    const top = Math.max(r.ours?.opsPerSecond ?? 0, r.peer?.opsPerSecond ?? 0);
    return top > 0 ? [top / r.pc] : [];
  });
  if (best.length > 0) parts.push(`The fastest here is ${span(best)} the seed's PC.`);
  return parts.join(' ');
}
