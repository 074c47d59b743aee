/**
 * The board page (board.html, served by `digestlab web`): the runs it keeps, filtered by any of their facts; one
 * algorithm across every device; a device's history; any runs side by side. Its whole state is its URL, so any view
 * can be shared:
 *
 *   board.html?device=…&cpu=…&os=…&runtime=…&engine=…&version=…   the list's filters
 *   &algorithm=SHA-256&workload=seed&size=93                       the chart's cell (and the history's)
 *   &history=DEVICE                                                that device's history of the cell
 *   &compare=ID,ID,…                                               those runs side by side
 *
 * Nothing a run holds is parsed as HTML: every text goes through ../dom.ts's h(), which sets text.
 */
import { parseReport, SEED_FIGURES } from '@digestlab/lab';
import { comparisonTable } from '../compare-view.js';
import { byId, h, showError } from '../dom.js';
import { type ChartRow, chart, FILTERS, history, type ListedRun, listRuns, runText } from './api.js';
import { type Column, table } from './table.js';

const params = new URLSearchParams(location.search);
const cell = {
  algorithm: params.get('algorithm') || 'SHA-256',
  workload: params.get('workload') || 'seed',
  size: params.get('size') || '93',
};

/** This page's URL with `changes` made to its parameters (an empty value removes one). */
function link(changes: Record<string, string>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === '') next.delete(k);
    else next.set(k, v);
  }
  return `?${next}`;
}

/** A form of labelled text inputs that, sent, opens this page with them as its parameters. */
function paramForm(form: HTMLFormElement, names: readonly string[], values: Record<string, string>, go: string) {
  for (const name of names) {
    const id = `${form.id}-${name}`;
    form.append(
      h('label', { for: id }, name, ' '),
      h('input', { type: 'text', id, name, value: values[name] ?? '' }),
      ' ',
    );
  }
  form.append(h('button', { type: 'submit' }, go));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const changes: Record<string, string> = {};
    for (const name of names) changes[name] = (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    location.search = link(changes);
  });
}

const a = (href: string, text: string) => h('a', { href }, text);
/** A figure to 4 significant digits, grouped: 1,020,000 ops/s. */
const figure = (n: number, unit: string) => `${Number(n.toPrecision(4)).toLocaleString('en-US')} ${unit}`;

async function showRuns(): Promise<void> {
  const filter = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? '']));
  paramForm(byId<HTMLFormElement>('filters'), FILTERS, filter, 'Filter');
  const { runs, total } = await listRuns(filter);
  const columns: Column<ListedRun>[] = [
    {
      head: 'select',
      cell: (r) => r.id,
      node: (r) => h('input', { type: 'checkbox', class: 'pick', value: r.id, 'aria-label': `select run ${r.id}` }),
    },
    { head: 'device', cell: (r) => r.device, node: (r) => a(link({ history: r.device }), r.device) },
    { head: 'CPU', cell: (r) => r.cpu },
    { head: 'OS', cell: (r) => r.os },
    { head: 'runtime', cell: (r) => r.runtime },
    { head: 'engine', cell: (r) => r.engine },
    { head: 'digestlab', cell: (r) => r.version },
    { head: 'date', cell: (r) => r.date },
    { head: 'run', cell: (r) => r.id, node: (r) => a(`api/runs/${r.id}`, r.id.slice(0, 8)) },
  ];
  const compare = h('button', { type: 'button', id: 'compare-picked' }, 'Compare the selected runs');
  compare.addEventListener('click', () => {
    const ids = [...document.querySelectorAll<HTMLInputElement>('input.pick:checked')].map((x) => x.value);
    if (ids.length >= 2) location.search = link({ compare: ids.join(',') });
    else showError('select two runs or more to compare them');
  });
  byId('runs').append(
    h('p', { id: 'runs-count' }, `${runs.length} of ${total} runs, newest first`),
    table('runs', 'Runs', columns, runs),
    compare,
  );
}

/**
 * The seed's own PC and Android figures as reference rows (runs 0) when the chart is of the seed's string: its
 * seconds for N calls as ops/s, as the lab's headline shows them.
 */
function referenceRows(): ChartRow[] {
  if (cell.workload !== 'seed' || cell.size !== '93') return [];
  return Object.values(SEED_FIGURES).flatMap((f) => {
    const seconds = (f.seconds as Record<string, number>)[cell.algorithm];
    if (seconds === undefined) return [];
    const opsPerSecond = f.count / seconds;
    return [{ device: f.label, provider: 'reference', unit: 'ops/s', runs: 0, best: opsPerSecond, mean: opsPerSecond }];
  });
}

async function showChart(): Promise<void> {
  paramForm(byId<HTMLFormElement>('cell'), ['algorithm', 'workload', 'size'], cell, 'Chart');
  const rows = [...(await chart(cell)).rows, ...referenceRows()].sort((x, y) => y.best - x.best);
  const top = Math.max(0, ...rows.map((r) => r.best));
  // the width through the CSSOM: the page's policy (style-src 'self') refuses style attributes
  const bar = (value: number) => {
    const span = h('span', { class: 'bar', 'aria-hidden': 'true' });
    span.style.width = `${top > 0 ? Math.max(1, Math.round((100 * value) / top)) : 0}px`;
    return span;
  };
  byId('chart').append(
    h(
      'p',
      { id: 'chart-caption' },
      `${cell.algorithm}, ${cell.workload} workload, ${cell.size} bytes: the best run of each device and row (higher is faster)${cell.workload === 'seed' && cell.size === '93' ? "; the seed's own PC and Android figures as reference rows" : ''}`,
    ),
    table(
      'chart',
      'Chart',
      [
        {
          head: 'device',
          cell: (r) => r.device,
          node: (r) => (r.runs === 0 ? h('span', {}, r.device) : a(link({ history: r.device }), r.device)),
        },
        { head: 'row', cell: (r) => r.provider },
        { head: 'runs', cell: (r) => (r.runs === 0 ? 'the seed' : r.runs) },
        {
          head: 'best',
          cell: (r) => figure(r.best, r.unit),
          node: (r) => h('span', {}, bar(r.best), ' ', figure(r.best, r.unit)),
        },
        { head: 'mean', cell: (r) => figure(r.mean, r.unit) },
      ],
      rows,
    ),
  );
}

async function showHistory(device: string): Promise<void> {
  byId('history-view').hidden = false;
  byId('history-title').textContent = `History of ${device}: ${cell.algorithm}, ${cell.workload}, ${cell.size} bytes`;
  const { rows } = await history(device, cell);
  byId('history').append(
    table(
      'history',
      'History',
      [
        { head: 'date', cell: (r) => r.date },
        { head: 'digestlab', cell: (r) => r.version },
        { head: 'row', cell: (r) => r.provider },
        { head: 'median', cell: (r) => figure(r.median, r.unit) },
        { head: 'run', cell: (r) => r.id, node: (r) => a(`api/runs/${r.id}`, r.id.slice(0, 8)) },
      ],
      rows,
    ),
  );
}

async function showCompare(ids: string[]): Promise<void> {
  byId('compare-view').hidden = false;
  const runs = await Promise.all(
    ids.map(async (id) => ({ name: id.slice(0, 8), report: parseReport(await runText(id), id) })),
  );
  byId('compare').append(comparisonTable(runs));
}

async function start(): Promise<void> {
  const compare = params.get('compare');
  const device = params.get('history');
  await Promise.all([
    showRuns(),
    showChart(),
    device ? showHistory(device) : undefined,
    compare ? showCompare(compare.split(',').filter(Boolean)) : undefined,
  ]);
}

start().then(
  () => {
    document.body.dataset.state = 'ready';
  },
  (e: unknown) => {
    showError((e as Error).message);
    document.body.dataset.state = 'error';
  },
);
