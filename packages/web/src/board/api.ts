/** The board's read API (served by `digestlab web`, see the CLI's web/board-api.ts), by relative URLs. */
import type { ChartRow, HistoryRow, ListedRun } from '@digestlab/lab';

export type { ChartRow, HistoryRow, ListedRun };

export const FILTERS = ['device', 'cpu', 'os', 'runtime', 'engine', 'version'] as const;

async function get<T>(path: string, params: Record<string, string>): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== ''));
  const r = await fetch(`api/${path}${query.size > 0 ? `?${query}` : ''}`, { headers: { accept: 'application/json' } });
  if (!r.ok) {
    const error = ((await r.json().catch(() => ({}))) as { error?: string }).error;
    throw new Error(error ?? `api/${path}: HTTP ${r.status}`);
  }
  return (await r.json()) as T;
}

export const listRuns = (filter: Record<string, string>) =>
  get<{ runs: ListedRun[]; total: number }>('runs', { ...filter, limit: '100' });
export const chart = (cell: Record<string, string>) => get<{ rows: ChartRow[] }>('chart', cell);
export const history = (device: string, cell: Record<string, string>) =>
  get<{ rows: HistoryRow[] }>('history', { device, ...cell });

/** A stored run's text. */
export async function runText(id: string): Promise<string> {
  const r = await fetch(`api/runs/${encodeURIComponent(id)}`);
  if (!r.ok) throw new Error(`no run ${id} on this board`);
  return r.text();
}
