/**
 * The headline drawn: an inline SVG bar chart (no chart library) of the seed's algorithms, four bars each (the
 * fastest of ours here, the fastest peer here, the seed's PC, the seed's Android phone), one linear scale for the
 * whole chart so every bar compares with every other, and the value beside each bar. Accessible as an image with
 * a title and a description that says every number; its colours are the stylesheet's (light and dark mode).
 */
import { formatValue } from '@digestlab/lab';
import { h } from './dom.js';
import { type HeadlineRow, headlineLine } from './headline.js';

const NS = 'http://www.w3.org/2000/svg';
/** The chart's own units (its viewBox): it scales to its box, 360 wide fits a phone at 1:1. */
const WIDTH = 360;
const LABEL = 104;
const BARS = 180;
const BAR = 12;
const GAP = 3;

/** The four series, in the order drawn, with their legend and the CSS class that colours them. */
const SERIES = [
  { key: 'ours', legend: "digestlab's fastest here" },
  { key: 'peer', legend: 'fastest peer here' },
  { key: 'pc', legend: "the seed's PC (Java)" },
  { key: 'phone', legend: "the seed's Android phone" },
] as const;

function svg(tag: string, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** Each bar of one algorithm: its series, the row's id (or the seed's device), its ops/s. */
function bars(r: HeadlineRow): { key: (typeof SERIES)[number]['key']; label: string; value: number | null }[] {
  return [
    { key: 'ours', label: r.ours?.id ?? 'none of ours', value: r.ours?.opsPerSecond ?? null },
    { key: 'peer', label: r.peer?.id ?? 'no peer', value: r.peer?.opsPerSecond ?? null },
    { key: 'pc', label: 'seed PC', value: r.pc },
    { key: 'phone', label: 'seed Android', value: r.phone },
  ];
}

/** Every number of the chart in words, for a screen reader (the SVG's desc). */
function description(rows: readonly HeadlineRow[]): string {
  return rows
    .map(
      (r) =>
        `${r.algorithm}: ${bars(r)
          .map((b) => `${b.label} ${b.value === null ? 'not timed' : `${formatValue(b.value, 'ops/s')} ops/s`}`)
          .join(', ')}.`,
    )
    .join(' ');
}

function chartSvg(rows: readonly HeadlineRow[]): SVGElement {
  const max = Math.max(1, ...rows.flatMap((r) => bars(r).map((b) => b.value ?? 0)));
  const parts: SVGElement[] = [];
  let y = 0;
  for (const r of rows) {
    parts.push(svg('text', { x: 0, y: y + 13, class: 'algorithm' }, r.algorithm));
    y += 18;
    for (const b of bars(r)) {
      const w = b.value === null ? 0 : Math.max(1, (b.value / max) * BARS);
      parts.push(
        svg('text', { x: LABEL - 6, y: y + BAR - 2, 'text-anchor': 'end' }, b.label),
        svg('rect', { x: LABEL, y, width: w.toFixed(1), height: BAR, class: `bar ${b.key}`, 'data-series': b.key }),
        svg(
          'text',
          { x: (LABEL + w + 4).toFixed(1), y: y + BAR - 2 },
          b.value === null ? 'n/a' : formatValue(b.value, 'ops/s'),
        ),
      );
      y += BAR + GAP;
    }
    y += 6;
  }
  const title = svg('title', { id: 'headline-title' }, 'ops/s of the seed workload (longer bar = faster)');
  const desc = svg('desc', { id: 'headline-desc' }, description(rows));
  return svg(
    'svg',
    {
      viewBox: `0 0 ${WIDTH} ${y}`,
      role: 'img',
      'aria-labelledby': 'headline-title headline-desc',
      'font-size': 11,
    },
    title,
    desc,
    ...parts,
  );
}

/** The legend: a swatch per series, as HTML so it wraps on a narrow screen. */
function legend(): HTMLElement {
  return h(
    'ul',
    { class: 'chart-legend' },
    ...SERIES.map((s) => h('li', {}, h('span', { class: `swatch ${s.key}`, 'aria-hidden': 'true' }), s.legend)),
  );
}

/**
 * The headline figure: the line (which is fastest here, by how much) as its caption, the legend and the chart; null
 * when the run has no seed table to draw.
 */
export function headlineFigure(rows: readonly HeadlineRow[]): HTMLElement | null {
  if (rows.length === 0) return null;
  return h(
    'figure',
    { id: 'headline-figure' },
    h('figcaption', { id: 'headline' }, headlineLine(rows)),
    legend(),
    h('div', { class: 'headline-chart' }, chartSvg(rows)),
  );
}
