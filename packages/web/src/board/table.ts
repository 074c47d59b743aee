/**
 * Tables of what the board shows, and their export: the same rows as CSV and JSON. Every cell is text (set with
 * textContent by ../dom.ts); a CSV cell that a spreadsheet would take for a formula (= + - @ at its start) is
 * prefixed with ', so a device named "=HYPERLINK(…)" stays a name.
 */
import { download, h, scroll } from '../dom.js';

export interface Column<T> {
  head: string;
  cell(row: T): string | number;
  /** Makes the cell a link (its href), or a node of its own. */
  node?(row: T): Node;
}

function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\n\r']/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv<T>(columns: readonly Column<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.head)), ...rows.map((r) => columns.map((c) => csvCell(c.cell(r))))];
  return `${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** A table of `rows` with CSV and JSON export buttons named after `name`. */
export function table<T>(name: string, label: string, columns: readonly Column<T>[], rows: readonly T[]): HTMLElement {
  const body = rows.map((r) => h('tr', {}, ...columns.map((c) => h('td', {}, c.node ? c.node(r) : String(c.cell(r))))));
  const csv = h('button', { type: 'button', class: 'export', 'data-format': 'csv' }, `${label} as CSV`);
  const json = h('button', { type: 'button', class: 'export', 'data-format': 'json' }, `${label} as JSON`);
  csv.addEventListener('click', () => download(`${name}.csv`, toCsv(columns, rows), 'text/csv'));
  json.addEventListener('click', () => download(`${name}.json`, `${JSON.stringify(rows, null, 2)}\n`));
  return h(
    'div',
    {},
    scroll(
      label,
      h(
        'table',
        { id: `${name}-table` },
        h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, c.head)))),
        h('tbody', {}, ...body),
      ),
    ),
    h('p', {}, csv, ' ', json),
  );
}
