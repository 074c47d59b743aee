/**
 * What a results board keeps of a run, decided without a database: the run's id, the facts it is listed and
 * filtered by, and the points its charts read. Platform-neutral: the CLI's stores and the page share it.
 *
 * A run's id is the first 24 hex digits of the SHA-256 of its canonical JSON (keys sorted, no spaces): the same run
 * has the same id whoever sends it and however its file was formatted, so a run sent twice is found, not doubled.
 */
import { digestHex } from 'digestlab';
import type { AnyReport } from './collect.js';
import { ReportError, runDevice, SCHEMA } from './report.js';

/** A run's id: 24 lowercase hex digits. */
export const RUN_ID = /^[0-9a-f]{24}$/;

/** The facts a board lists, filters and sorts runs by. */
export interface RunFacts {
  id: string;
  schema: string;
  /** `Linux node`, `Android Chrome (Blink)`: what `digestlab compare` calls the device. */
  device: string;
  cpu: string;
  os: string;
  /** `node`, `bun`, or a browser's name. */
  runtime: string;
  /** The browser's engine (`Blink`, `Gecko`, `WebKit`), else the runtime's name. */
  engine: string;
  /** The digestlab version the run measured (`unknown` when the run does not say). */
  version: string;
  /** When the run started (ISO 8601, from the run itself). */
  date: string;
}

// The rows of the board's read API (the CLI's store answers with them, the page reads them).

/** A run as listed: its facts and when the board received it. */
export interface ListedRun extends RunFacts {
  received: string;
}

/** One bar of the one-algorithm chart: a device and a row (provider), over every run of that device. */
export interface ChartRow {
  device: string;
  provider: string;
  unit: string;
  /** Runs of this device that timed this cell. */
  runs: number;
  /** The best median of those runs, and their mean, in `unit`. */
  best: number;
  mean: number;
}

/** One run's figure in a device's history. */
export interface HistoryRow {
  id: string;
  version: string;
  date: string;
  provider: string;
  unit: string;
  median: number;
}

/** One timed cell of a bench run, as charts read it. */
export interface RunPoint {
  workload: string;
  algorithm: string;
  provider: string;
  size: number;
  unit: string;
  median: number;
}

/** JSON with every object's keys sorted and no white space: one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The id of a parsed report (see the module's comment). */
export function runId(report: unknown): string {
  return digestHex('SHA-256', canonicalJson(report)).slice(0, 24);
}

function text(value: unknown, fallback = 'unknown'): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, FACT_MAX) : fallback;
}

function digestlabVersion(r: AnyReport): string {
  if (r.schema === SCHEMA) {
    const ours = r.report.env.providers.find((p) => p.library === 'digestlab');
    if (ours) return text(ours.version);
    return text(r.report.results.find((x) => x.library === 'digestlab')?.version);
  }
  return text(r.report.results.find((x) => x.library === 'digestlab')?.version);
}

/** The longest text a fact keeps (a longer device or CPU name is cut there). */
export const FACT_MAX = 200;

function optionalString(source: string, where: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') throw new ReportError(`${source}: ${where} must be text`);
}

/** Whether any string in `value` (keys too) holds a NUL character, which no SQL text column takes. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\0') || hasNul(v));
  }
  return false;
}

/**
 * What the board reads of a report beyond its schema's own check: the env's facts and every bench row's figures
 * of the right types. Throws a {@link ReportError} naming the place.
 */
export function checkBoardRun(r: AnyReport, source = 'run'): void {
  if (hasNul(r.report)) throw new ReportError(`${source}: a NUL character (\\u0000) in a text`);
  const env = r.report.env as unknown as Record<string, unknown>;
  if (typeof env !== 'object' || env === null || Array.isArray(env))
    throw new ReportError(`${source}: env must be an object`);
  for (const key of ['os', 'cpu', 'runtime', 'date']) optionalString(source, `env.${key}`, env[key]);
  if (typeof env.date !== 'string' || !Number.isFinite(Date.parse(env.date))) {
    throw new ReportError(`${source}: env.date must be an ISO date`);
  }
  if (env.browser !== undefined) {
    const b = env.browser as Record<string, unknown> | null;
    if (typeof b !== 'object' || b === null) throw new ReportError(`${source}: env.browser must be an object`);
    optionalString(source, 'env.browser.name', b.name);
    optionalString(source, 'env.browser.engine', b.engine);
  }
  if (r.schema !== SCHEMA) return;
  const providers = env.providers;
  if (!Array.isArray(providers)) throw new ReportError(`${source}: env.providers must be a list`);
  for (const [i, p] of providers.entries()) {
    if (typeof p !== 'object' || p === null || typeof p.library !== 'string' || typeof p.version !== 'string') {
      throw new ReportError(`${source}: env.providers[${i}] needs a library and a version`);
    }
  }
  for (const [i, x] of r.report.results.entries()) {
    const median = x.median as unknown;
    if (typeof x.unit !== 'string' || !(median === null || (typeof median === 'number' && Number.isFinite(median)))) {
      throw new ReportError(`${source}: results[${i}] needs a unit and a median (a number or null)`);
    }
    if (!Number.isFinite(x.size)) throw new ReportError(`${source}: results[${i}].size must be a number`);
  }
}

/** The facts of a checked report (see {@link checkBoardRun}). */
export function runFacts(r: AnyReport): RunFacts {
  const env = r.report.env as { cpu?: unknown; os?: unknown; runtime?: unknown; date?: unknown; browser?: unknown };
  const browser = (env.browser ?? {}) as { name?: unknown; engine?: unknown };
  const runtime = text(browser.name, text(env.runtime));
  const parsed = Date.parse(text(env.date, ''));
  return {
    id: runId(r.report),
    schema: r.schema,
    device: runDevice(env).slice(0, FACT_MAX),
    cpu: text(env.cpu),
    os: text(env.os),
    runtime,
    engine: text(browser.engine, runtime),
    version: digestlabVersion(r),
    date: Number.isFinite(parsed) ? new Date(parsed).toISOString() : new Date(0).toISOString(),
  };
}

/** The timed cells of a bench run (none for an overflow run): what its charts and history read. */
export function runPoints(r: AnyReport): RunPoint[] {
  if (r.schema !== SCHEMA) return [];
  const points: RunPoint[] = [];
  for (const x of r.report.results) {
    if (x.status !== 'ok' || x.median === null || !Number.isFinite(x.median)) continue;
    points.push({
      workload: x.workload,
      algorithm: x.algorithm,
      provider: x.provider,
      size: x.size,
      unit: x.unit,
      median: x.median,
    });
  }
  return points;
}
