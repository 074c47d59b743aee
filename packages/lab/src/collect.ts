/**
 * What a results collector (`digestlab web`) decides without touching a disk: the name a received run is saved
 * under. Platform-neutral, so the web page can name a downloaded run the same way.
 *
 *   YYYYMMDDTHHMMSSZ-<device slug>[-n].json      e.g. 20261130T142501Z-android-chrome.json
 *
 * The timestamp (UTC, when the run was received) sorts the names in the order the runs arrived; `-n` (2, 3, …)
 * tells apart runs of the same device within one second.
 */
import { checkOverflowReport, OVERFLOW_SCHEMA, type OverflowDocument } from './overflow/document.js';
import { type BenchReport, checkBenchReport, parseJson, ReportError, runDevice, SCHEMA } from './report.js';

/** The schemas a collector (`digestlab web`) accepts. */
export const REPORT_SCHEMAS: readonly string[] = [SCHEMA, OVERFLOW_SCHEMA];

export type AnyReport =
  | { schema: typeof SCHEMA; report: BenchReport }
  | { schema: typeof OVERFLOW_SCHEMA; report: OverflowDocument };

/** A report of any schema in {@link REPORT_SCHEMAS}, checked by that schema's own validator. */
export function parseAnyReport(text: string, source = 'input'): AnyReport {
  const data = parseJson(text, source);
  const schema = typeof data === 'object' && data !== null ? (data as { schema?: unknown }).schema : undefined;
  if (schema === SCHEMA) return { schema, report: checkBenchReport(data, source) };
  if (schema === OVERFLOW_SCHEMA) return { schema, report: checkOverflowReport(data, source) };
  const known = REPORT_SCHEMAS.map((x) => `"${x}"`).join(', ');
  throw new ReportError(
    `${source}: not a digestlab report (schema must be one of ${known}; got ${JSON.stringify(schema ?? null)})`,
  );
}

export const SLUG_MAX = 40;

/** Lowercase letters, digits and single dashes, at most {@link SLUG_MAX} characters, never empty. */
export function slug(text: string): string {
  const s = text
    // "Ü" as "U" and a combining mark, dropped: accented letters keep their letter rather than becoming dashes
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return s || 'unknown';
}

/** `2026-11-30T14:25:01.123Z` as `20261130T142501Z` (compact ISO 8601 basic format, UTC). */
export function compactUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * The file name for a run received at `date` from a device described by `env` (a report's env); `n` > 1 for the
 * n-th candidate when the earlier names are taken.
 */
export function resultFileName(date: Date, env: { os?: unknown; runtime?: unknown }, n = 1): string {
  return `${compactUtc(date)}-${slug(runDevice(env))}${n > 1 ? `-${n}` : ''}.json`;
}
