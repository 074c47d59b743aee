/** A finished run on the page: its tables (the lab's table model), chart (the lab's SVG), device and digests. */
import {
  type BenchReport,
  buildTables,
  cellText,
  comparisonText,
  envLine,
  formatValue,
  legend,
  runtimeLabel,
  SEED_FIGURES,
  type Table,
  toSvg,
  workloadSpec,
} from '@digestlab/lab';
import { h, scroll } from './dom.js';
import { headlineRows } from './headline.js';
import { headlineFigure } from './headline-chart.js';
import type { CheckedDigest } from './host.js';

/** The seed's own figures as ops/s (its N over its seconds), for the seed table's reference columns. */
function seedOps(figure: { count: number; seconds: Record<string, number> }, algorithm: string): number | null {
  const s = figure.seconds[algorithm];
  return s === undefined ? null : figure.count / s;
}

function tableElement(t: Table): HTMLElement {
  const seedRefs =
    workloadSpec(t.workload)?.seedFigure && t.unit === 'ops/s' ? [SEED_FIGURES.pc, SEED_FIGURES.phone] : [];
  const head = h(
    'tr',
    {},
    h('th', {}, 'algorithm'),
    ...t.columns.map((c) =>
      h('th', { 'data-provider': c.id, title: `${c.library}@${c.version}, ${c.implementedIn}` }, c.id),
    ),
    ...t.extraColumns.map((x) => h('th', { class: 'ref' }, x)),
    ...seedRefs.map((f) => h('th', { class: 'ref' }, `${f.label}, ops/s`)),
    ...t.comparisons.map((c) => h('th', {}, c.label)),
  );
  const rows = t.rows.map((row, r) =>
    h(
      'tr',
      { 'data-algorithm': row.algorithm },
      h('td', {}, row.algorithm),
      ...row.cells.map((c, i) =>
        h(
          'td',
          {
            'data-provider': t.columns[i].id,
            'data-status': c.status,
            class: c.status === 'wrong' ? 'wrong' : c.fastest ? 'fastest' : undefined,
          },
          cellText(c, t.unit),
        ),
      ),
      ...row.extra.map((v) => h('td', { class: 'ref' }, v === null ? '' : formatValue(v, t.unit))),
      ...seedRefs.map((f) => {
        const v = seedOps(f, row.algorithm);
        return h('td', { class: 'ref' }, v === null ? '' : formatValue(v, 'ops/s'));
      }),
      ...t.comparisons.map((c) => h('td', {}, comparisonText(c, r))),
    ),
  );
  return h(
    'section',
    { class: 'table', 'data-workload': t.workload, 'data-size': t.size, 'data-unit': t.unit },
    h('h3', {}, t.title),
    scroll(t.title, h('table', {}, h('thead', {}, head), h('tbody', {}, ...rows))),
    h('p', { class: 'legend' }, `${legend(t)}.`),
    ...t.notes.map((n) => h('p', { class: 'note' }, n)),
  );
}

/** The lab's SVG, made to scale to its box (it has a fixed width and no viewBox). */
function chart(report: BenchReport): HTMLElement {
  const svg = new DOMParser().parseFromString(toSvg(report), 'image/svg+xml').documentElement;
  const w = svg.getAttribute('width');
  const hgt = svg.getAttribute('height');
  svg.setAttribute('viewBox', `0 0 ${w} ${hgt}`);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  return scroll('Chart of every table', h('div', { class: 'chart' }, document.importNode(svg, true)));
}

/** What ran the run: `Firefox 153.0 (Gecko)` on a page, `node 20.20.2 (node:crypto: OpenSSL 3.0.19)` from the CLI. */
export function deviceList(report: BenchReport): HTMLElement {
  const e = report.env;
  const d = e.device;
  const items: [string, string][] = [
    ['runtime', runtimeLabel(e)],
    ...(d
      ? ([
          ['user agent', d.userAgent],
          ['logical cores', String(d.hardwareConcurrency)],
          ['WebAssembly SIMD', d.wasmSimd ? 'yes' : 'no'],
          ['secure context', d.secureContext ? 'yes (WebCrypto available)' : 'no (no WebCrypto)'],
          ['timer resolution', `${d.timerResolutionMs} ms${d.crossOriginIsolated ? ' (cross-origin isolated)' : ''}`],
        ] as [string, string][])
      : [['cores', String(e.cores)] as [string, string]]),
    ['platform', e.os],
    ['date', e.date],
    ['reference', e.reference],
  ];
  return h('dl', { class: 'device' }, ...items.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
}

/** What the rows were checked against, per input: a row whose output differed from these is marked WRONG. */
function digestList(digests: readonly CheckedDigest[]): HTMLElement {
  return h(
    'details',
    { id: 'digests' },
    h('summary', {}, `Reference digests the rows were checked against (${digests.length})`),
    scroll(
      'Reference digests',
      h(
        'table',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'algorithm'),
          h('th', {}, 'input bytes'),
          h('th', {}, 'first bytes'),
          h('th', {}, 'digest'),
        ),
        ...digests.map((d) =>
          h(
            'tr',
            { 'data-algorithm': d.algorithm, 'data-length': d.length, 'data-head': d.head, 'data-hex': d.hex },
            h('td', {}, d.algorithm),
            h('td', {}, d.length),
            h('td', {}, d.head),
            h('td', {}, d.hex),
          ),
        ),
      ),
    ),
  );
}

/**
 * A finished bench, headline first: the seed's algorithms as a chart with its one line (headline-chart.ts), then
 * the tables, the download and the collector's status (`actions`), the run's settings, every table as a chart, the
 * device and the reference digests.
 */
export function resultsView(
  report: BenchReport,
  digests: readonly CheckedDigest[],
  actions: HTMLElement,
): HTMLElement[] {
  const headline = headlineFigure(headlineRows(report));
  return [
    h('h2', {}, 'Results'),
    ...(headline ? [headline] : []),
    ...buildTables(report).map(tableElement),
    actions,
    h('p', { class: 'small' }, envLine(report)),
    h('h3', {}, 'Every table as a chart (longer bar = faster)'),
    chart(report),
    h('h3', {}, 'Device'),
    deviceList(report),
    digestList(digests),
    ...(report.env.messages.length > 0
      ? [h('h3', {}, 'Messages'), h('ul', {}, ...report.env.messages.map((m) => h('li', { class: 'note' }, m)))]
      : []),
  ];
}
