/**
 * The compare view (#compare): two or more runs (JSON files, dropped or picked), one column per run, each later
 * run's ratio to the first, through the lab's compare model (compareRuns) laid out by the same columns the CLI's
 * `digestlab compare` prints (comparisonColumns).
 */
import { type BenchReport, COMPARISON_LEGEND, compareRuns, comparisonColumns, parseReport } from '@digestlab/lab';
import { h, scroll } from './dom.js';

interface Run {
  name: string;
  report: BenchReport;
}

export function comparisonTable(runs: readonly Run[]): HTMLElement {
  const comparison = compareRuns(runs.map((r) => ({ label: r.name, report: r.report })));
  const columns = comparisonColumns(comparison);
  const head = [0, 1].map((line) => h('tr', {}, ...columns.map((c) => h('th', {}, c.head[line]))));
  const body = comparison.rows.map((row, i) =>
    h(
      'tr',
      { 'data-key': `${row.workload}|${row.algorithm}|${row.provider}|${row.size}` },
      ...columns.map((c) => {
        const cell = c.cells[i];
        return h('td', cell.verdict ? { class: `verdict-${cell.verdict}`, title: cell.verdict } : {}, cell.text);
      }),
    ),
  );
  return scroll('Comparison', h('table', { id: 'comparison' }, h('thead', {}, ...head), h('tbody', {}, ...body)));
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
  const drop = h(
    'div',
    { id: 'drop' },
    'Drop two or more bench runs (.json) here, or ',
    h('label', {}, 'pick them: ', picker),
  );
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
        `Values are medians in each cell’s unit (MiB/s: MiB = 2^20 bytes; ops/s; msg/s). ${COMPARISON_LEGEND}`,
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
