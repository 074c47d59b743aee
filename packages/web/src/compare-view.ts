/**
 * The compare view (#compare): two or more runs (JSON files, dropped or picked), one column per run, each later
 * run's ratio to the first, through the lab's compare model (compareReports, run 1 against each other run).
 */
import {
  type BenchReport,
  type CompareRow,
  compareReports,
  formatRatio,
  formatSize,
  formatValue,
  parseReport,
} from '@digestlab/lab';
import { h, scroll } from './dom.js';

interface Run {
  name: string;
  report: BenchReport;
}

interface Line {
  key: string;
  first: CompareRow;
  /** Per later run: its comparison row against the first run, when it has the cell. */
  others: (CompareRow | undefined)[];
}

const keyOf = (r: Pick<CompareRow, 'workload' | 'algorithm' | 'provider' | 'size'>) =>
  `${r.workload}|${r.algorithm}|${r.provider}|${r.size}`;

/** One line per cell of any run, in the first comparison's order. */
function lines(runs: readonly Run[]): Line[] {
  const [a, ...rest] = runs;
  const comparisons = rest.map((b) => compareReports(a.report, b.report, [a.name, b.name]));
  const out = new Map<string, Line>();
  comparisons.forEach((c, i) => {
    for (const row of c.rows) {
      const k = keyOf(row);
      let line = out.get(k);
      if (!line) {
        line = { key: k, first: row, others: new Array(rest.length).fill(undefined) };
        out.set(k, line);
      }
      line.others[i] = row;
    }
  });
  return [...out.values()];
}

function value(v: number | null, status: string, unit: CompareRow['unit']): string {
  return v === null ? status : formatValue(v, unit);
}

export function comparisonTable(runs: readonly Run[]): HTMLElement {
  const head = h(
    'tr',
    {},
    h('th', {}, 'workload'),
    h('th', {}, 'algorithm'),
    h('th', {}, 'provider'),
    h('th', {}, runs[0].name),
    ...runs.slice(1).flatMap((r) => [h('th', {}, r.name), h('th', {}, `÷ ${runs[0].name}`)]),
  );
  const body = lines(runs).map((l) => {
    const f = l.first;
    return h(
      'tr',
      { 'data-key': l.key },
      h('td', {}, f.workload === 'seed' ? 'seed' : `${f.workload} ${formatSize(f.size)}`),
      h('td', {}, f.algorithm),
      h('td', {}, f.provider),
      h('td', {}, value(f.a, f.aStatus, f.unit)),
      ...l.others.flatMap((o) => [
        h('td', {}, o ? value(o.b, o.bStatus, o.unit) : 'missing'),
        h(
          'td',
          { title: o?.verdict },
          o?.ratio == null ? '' : `${formatRatio(o.ratio)}${o.verdict === 'noise' ? ' (noise)' : ''}`,
        ),
      ]),
    );
  });
  return scroll(h('table', { id: 'comparison' }, h('thead', {}, head), h('tbody', {}, ...body)));
}

function runList(runs: readonly Run[]): HTMLElement {
  return h(
    'ol',
    {},
    ...runs.map((r) => {
      const e = r.report.env;
      const who = e.device ? e.device.userAgent : `${e.runtime} ${e.runtimeVersion}, ${e.cpu}`;
      return h('li', { class: 'small' }, h('strong', {}, r.name), `: ${who}; ${e.cores} cores; ${e.date}`);
    }),
  );
}

export function mountCompare(root: HTMLElement): void {
  const picker = h('input', { type: 'file', accept: '.json,application/json', multiple: true, id: 'compare-files' });
  const out = h('div', { id: 'compare-out' });
  const drop = h('div', { id: 'drop' }, 'Drop two or more bench runs (.json) here, or ', picker);
  const show = async (files: readonly File[]) => {
    out.replaceChildren();
    const runs: Run[] = [];
    const errors: string[] = [];
    for (const f of files) {
      try {
        runs.push({ name: f.name, report: parseReport(await f.text(), f.name) });
      } catch (e) {
        errors.push(e instanceof Error ? e.message : String(e));
      }
    }
    for (const e of errors) out.append(h('p', { class: 'note', role: 'alert' }, e));
    if (runs.length < 2) {
      out.append(h('p', {}, `${runs.length} run read; a comparison needs two or more.`));
      return;
    }
    out.append(
      runList(runs),
      h(
        'p',
        { class: 'legend' },
        'Values are medians in each table’s unit (MiB/s: MiB = 2^20 bytes; ops/s; msg/s). ÷ = speed relative to the first run (> 1 is faster); (noise) = the two runs’ sample ranges overlap.',
      ),
      comparisonTable(runs),
    );
  };
  picker.addEventListener('change', () => void show([...(picker.files ?? [])]));
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    void show([...(e.dataTransfer?.files ?? [])]);
  });
  root.replaceChildren(h('h2', {}, 'Compare runs'), drop, out);
}
