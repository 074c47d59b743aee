/**
 * Text for people: one block per job in the seed's shape (provider, what it is implemented in, the algorithm's
 * aliases, byte count, hex digest, seconds, MiB/s) plus the verdict, and a summary matrix of verdicts by provider
 * and algorithm. MiB/s = 2^20 bytes per second.
 */
import type { OverflowPlan } from './plan.js';
import { digestLabel } from './references.js';
import { describeSize, formatSize } from './size.js';
import { type OverflowRecord, type Tally, tally } from './verdict.js';

/** Optional colouring (the CLI passes ANSI colours on a terminal, never with NO_COLOR). */
export interface Paint {
  red(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const PLAIN: Paint = { red: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };

function verdictText(r: OverflowRecord, p: Paint): string {
  const v = r.verdict.padEnd(11);
  if (r.verdict === 'PASS') return p.green(v);
  if (r.verdict === 'FAIL' || r.verdict === 'ERROR') return p.red(p.bold(v));
  return p.dim(v);
}

export function formatSeconds(s: number): string {
  return s >= 100 ? s.toFixed(1) : s >= 1 ? s.toFixed(2) : s.toFixed(3);
}

export function formatRate(mibs: number | null): string {
  if (mibs === null) return '-';
  return mibs >= 100 ? mibs.toFixed(0) : mibs >= 10 ? mibs.toFixed(1) : mibs.toFixed(2);
}

function who(r: OverflowRecord): string {
  const lib = r.library === r.provider ? '' : `${r.library} `;
  const ver = r.version ? `${lib}${r.version}` : lib.trim() || 'version unknown';
  return `${r.provider} (${ver}, implemented in ${r.implementedIn}${r.kind === 'reference' ? ', the reference' : ''})`;
}

/** One job's lines, e.g. `PASS  SHA-1 [SHA, SHA1, SHA_1, 1.3.14.3.2.26] from ts (digestlab 0.1.0, …)`. */
export function renderRecord(r: OverflowRecord, p: Paint = PLAIN): string {
  const pad = ' '.repeat(13);
  const aliases = r.aliases.length > 0 ? ` [${r.aliases.join(', ')}]` : '';
  const out = r.outputLength != null ? ` (${r.outputLength} bytes out)` : '';
  const lines = [`${verdictText(r, p)}  ${p.bold(r.algorithm)}${out}${aliases} from ${who(r)}`];
  if (r.hex !== null) {
    lines.push(
      `${pad}${r.bytes} bytes x ${r.pattern}  hash=${r.hex}  in ${formatSeconds(r.seconds ?? 0)} s  ` +
        `${formatRate(r.mibPerSecond)} MiB/s${r.resumed ? '  (resumed from a checkpoint)' : ''}`,
    );
  }
  if (r.verdict === 'FAIL') lines.push(`${pad}${p.red(`expected=${r.expected}`)} (${r.expectedSource})`);
  else if (r.verdict === 'PASS') lines.push(p.dim(`${pad}expected from ${r.expectedSource}`));
  else if (r.verdict === 'UNCHECKED') {
    const why = r.kind === 'reference' ? 'it is the reference' : `no reference for ${r.algorithm} here`;
    const peers =
      r.disagreesWith.length > 0
        ? `; DISAGREES with ${r.disagreesWith.join(', ')}`
        : r.agreesWith.length > 0
          ? `; agrees with ${r.agreesWith.join(', ')}`
          : '';
    lines.push(p.dim(`${pad}${why}${peers}`));
  } else if (r.verdict === 'INTERRUPTED') {
    lines.push(
      p.dim(
        `${pad}stopped after ${r.bytes} of ${r.size} bytes` +
          (r.reason ? ` (${r.reason})` : r.resumable ? '' : '; this provider cannot export its state'),
      ),
    );
  } else if (r.reason) {
    lines.push(`${pad}${r.verdict === 'ERROR' ? p.red(r.reason) : p.dim(r.reason)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function tallyLine(t: Tally): string {
  return (Object.entries(t) as [keyof Tally, number][])
    .filter(([k, n]) => n > 0 || k === 'PASS' || k === 'FAIL')
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
}

/** The header line: what is streamed. */
export function runHeader(o: { sizes: readonly number[]; chunk: number; pattern: string; jobs: number }): string {
  const sizes = o.sizes.length === 1 ? describeSize(o.sizes[0]) : `${o.sizes.map(formatSize).join(', ')} bytes`;
  return `overflow: ${sizes} of ${o.pattern} in ${formatSize(o.chunk)} updates per digest, ${o.jobs} job${o.jobs === 1 ? '' : 's'} at a time\n`;
}

/** Before a run: where each (algorithm, size)'s expected digest will come from, one dim line each. */
export function renderExpectations(
  plan: Pick<OverflowPlan, 'run' | 'expectations' | 'referenceProvider'>,
  p: Paint = PLAIN,
): string {
  const several = plan.run.sizes.length > 1;
  const lack = plan.referenceProvider ? `${plan.referenceProvider} lacks it` : 'no reference here';
  return plan.expectations
    .map((e) => {
      const from = e.stored
        ? `from ${e.stored.source}`
        : e.referenceJob
          ? `from ${e.referenceSource}`
          : `unknown: ${lack}, results are compared with each other (UNCHECKED)`;
      return p.dim(`${columnLabel(e, several)}: expected digest ${from}\n`);
    })
    .join('');
}

/** A summary column: the algorithm (SHAKE at another length: `SHAKE128/32B`), plus the size when a run has several. */
export function columnLabel(
  r: { algorithm: string; outputLength?: number | null; size: number },
  severalSizes: boolean,
): string {
  const name = digestLabel(r.algorithm, r.outputLength);
  return severalSizes ? `${name} ${formatSize(r.size)}` : name;
}

/** Verdicts by provider (rows) and algorithm (and size: columns), plus the summary lines. */
export function renderSummary(
  records: readonly OverflowRecord[],
  extra: {
    peakRssBytes?: number | null;
    seconds?: number;
    interrupted?: boolean;
    /** Where each column's expected digest comes from ({@link columnLabel}), when known (else read from records). */
    sources?: Partial<Record<string, string>>;
  } = {},
  p: Paint = PLAIN,
): string {
  const shown = records.filter((r) => r.kind !== 'reference');
  const several = new Set(records.map((r) => r.size)).size > 1;
  const col = (r: OverflowRecord) => columnLabel(r, several);
  const columns = [...new Set(shown.map(col))];
  const providers = [...new Set(shown.map((r) => r.provider))];
  const out: string[] = [];
  if (columns.length > 0 && providers.length > 0) {
    const head = ['provider', 'library', ...columns];
    const rows = providers.map((id) => {
      const any = shown.find((r) => r.provider === id) as OverflowRecord;
      const lib = `${any.library}${any.version ? ` ${any.version}` : ''}`;
      return [id, lib, ...columns.map((c) => shown.find((r) => r.provider === id && col(r) === c)?.verdict ?? '-')];
    });
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    out.push(p.bold(line(head)), p.dim(widths.map((w) => '-'.repeat(w)).join('  ')));
    for (const r of rows) {
      const painted = line(r)
        .replace(/\bPASS\b/g, p.green('PASS'))
        .replace(/\b(FAIL|ERROR)\b/g, (m) => p.red(m));
      out.push(painted);
    }
    out.push('');
  }
  const refs = new Map<string, string>(
    Object.entries(extra.sources ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  );
  for (const r of records) if (r.expectedSource && r.kind !== 'reference') refs.set(col(r), r.expectedSource);
  for (const c of columns) out.push(p.dim(`${c}: expected digest from ${refs.get(c) ?? 'none (UNCHECKED)'}`));
  for (const c of columns) {
    const hexes = new Map<string, string[]>();
    for (const r of records) {
      if (col(r) === c && r.hex !== null) hexes.set(r.hex, [...(hexes.get(r.hex) ?? []), r.provider]);
    }
    if (hexes.size > 1) {
      const groups = [...hexes.entries()].map(([h, ids]) => `${h.slice(0, 12)}… ${ids.join(', ')}`);
      out.push(p.red(`${c}: providers disagree: ${groups.join(' | ')}`));
    }
  }
  const summary = [`${extra.interrupted ? 'interrupted: ' : ''}${tallyLine(tally(records))}`];
  if (extra.seconds !== undefined) summary.push(`${formatSeconds(extra.seconds)} s`);
  if (extra.peakRssBytes) summary.push(`peak RSS ${(extra.peakRssBytes / 2 ** 20).toFixed(1)} MiB (whole process)`);
  out.push(summary.join('; '));
  return `${out.join('\n')}\n`;
}
