/**
 * The board's read side, answered from a run store (GET or HEAD only; no token: what a board shows is public):
 *
 *   GET /api/runs?device=…&cpu=…&limit=50&offset=0  → {"runs":[facts…],"total":N}, newest first; filters: FILTER_FIELDS
 *   GET /api/runs/ID                                → the run as it was received (JSON)
 *   GET /api/chart?algorithm=MD5&workload=seed&size=93 → {"rows":[{device,provider,unit,runs,best,mean}…]}
 *   GET /api/history?device=…&algorithm=…&workload=…&size=… → {"rows":[{id,version,date,provider,unit,median}…]}
 *
 * A query parameter that is not one of these, or out of range, is a 400 saying which.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RUN_ID } from '@digestlab/lab';
import { type Cell, FILTER_FIELDS, type RunFilter, type RunStore } from '../board/store.js';
import { refuse, send, sendText } from './respond.js';

/** The longest text a filter or cell parameter may be. */
const MAX_PARAM = 200;
export const MAX_LIMIT = 500;

class BadQuery extends Error {}

function only(query: URLSearchParams, allowed: readonly string[]): void {
  for (const key of query.keys()) {
    if (!allowed.includes(key)) throw new BadQuery(`unknown parameter "${key}" (known: ${allowed.join(', ')})`);
  }
  for (const [key, value] of query) {
    if (value.length > MAX_PARAM) throw new BadQuery(`${key}: at most ${MAX_PARAM} characters`);
    if (query.getAll(key).length > 1) throw new BadQuery(`${key}: given more than once`);
  }
}

function integer(query: URLSearchParams, key: string, fallback: number, max: number, min = 0): number {
  const text = query.get(key);
  if (text === null) return fallback;
  const n = Number(text);
  if (!/^\d{1,16}$/.test(text) || n < min || n > max) throw new BadQuery(`${key}: a whole number ${min}..${max}`);
  return n;
}

function required(query: URLSearchParams, key: string): string {
  const value = query.get(key);
  if (value === null || value === '') throw new BadQuery(`${key} is required`);
  return value;
}

function cell(query: URLSearchParams): Cell {
  return {
    algorithm: required(query, 'algorithm'),
    workload: query.get('workload') ?? 'seed',
    size: integer(query, 'size', 93, Number.MAX_SAFE_INTEGER),
  };
}

function filter(query: URLSearchParams): RunFilter {
  const f: RunFilter = {};
  for (const key of FILTER_FIELDS) {
    const value = query.get(key);
    if (value !== null && value !== '') f[key] = value;
  }
  return f;
}

const CELL = ['algorithm', 'workload', 'size'];

async function answer(store: RunStore, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean> {
  if (path === '/api/runs') {
    only(query, [...FILTER_FIELDS, 'limit', 'offset']);
    const limit = integer(query, 'limit', 50, MAX_LIMIT, 1);
    send(res, 200, await store.list(filter(query), limit, integer(query, 'offset', 0, 1_000_000)));
  } else if (path.startsWith('/api/runs/')) {
    only(query, []);
    const id = path.slice('/api/runs/'.length);
    const body = RUN_ID.test(id) ? await store.body(id) : null;
    if (body === null) send(res, 404, { error: `no run ${JSON.stringify(id.slice(0, 40))} on this board` });
    else sendText(res, 200, body, 'application/json; charset=utf-8');
  } else if (path === '/api/chart') {
    only(query, CELL);
    send(res, 200, { rows: await store.chart(cell(query)) });
  } else if (path === '/api/history') {
    only(query, ['device', ...CELL]);
    send(res, 200, { rows: await store.history(required(query, 'device'), cell(query)) });
  } else return false;
  return true;
}

/** Answers a board path; false when `path` is none of the board's. */
export async function boardApi(
  store: RunStore,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<boolean> {
  const board =
    path === '/api/runs' || path.startsWith('/api/runs/') || path === '/api/chart' || path === '/api/history';
  if (!board) return false;
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    refuse(res, 405, `${method} ${path}: the board is read with GET (runs are sent to /api/results)`, {
      Allow: 'GET, HEAD',
    });
    return true;
  }
  try {
    return await answer(store, res, path, query);
  } catch (e) {
    if (e instanceof BadQuery) {
      send(res, 400, { error: `${path}: ${e.message}` });
      return true;
    }
    throw e;
  }
}
