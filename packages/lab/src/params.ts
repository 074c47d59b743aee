/**
 * Parsers of what a person types to choose a run: the CLI's flags (`digestlab bench --samples 7 --sizes 1k,1M`)
 * and the web page's URL parameters (`?samples=7&sizes=1k,1M`). One parser per value, here, so a bad value gets
 * the same message wherever it was typed. Each throws {@link UsageError} (the CLI exits 2 with its message).
 */
import { UsageError } from './engine.js';
import { MIB } from './seed.js';

/** A comma list, items trimmed, empty items dropped; undefined when absent or empty. */
export function parseList(s: string | undefined): string[] | undefined {
  if (s === undefined) return undefined;
  const items = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** A number >= `min` (an integer when asked); undefined when absent. `name` is how the person wrote the option. */
export function parseNumber(name: string, s: string | undefined, min: number, integer = false): number | undefined {
  if (s === undefined) return undefined;
  const v = Number(s);
  if (!Number.isFinite(v) || v < min || (integer && !Number.isInteger(v))) {
    throw new UsageError(`${name} must be ${integer ? 'an integer' : 'a number'} >= ${min} (got "${s}")`);
  }
  return v;
}

/** A size: bytes, or with a k/KiB/M/MiB suffix (powers of 2); at least 1 byte. */
export function parseSize(s: string): number {
  const m = /^(\d+)\s*(b|k|kib|m|mib)?$/i.exec(s.trim());
  if (!m) throw new UsageError(`bad size "${s}": use bytes, or a number with k/KiB or M/MiB (powers of 2)`);
  const unit = (m[2] ?? 'b').toLowerCase();
  const mult = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? MIB : 1;
  const v = Number(m[1]) * mult;
  if (v < 1) throw new UsageError(`size must be at least 1 byte (got "${s}")`);
  return v;
}

/** A size that may be 0 (an empty message is a message). */
export function parseSizeOrZero(s: string): number {
  return /^\s*0+\s*(b)?\s*$/i.test(s) ? 0 : parseSize(s);
}

/** Workload names from a comma list, each one of `valid` (which differs: the CLI has `cold`, the page has not). */
export function parseWorkloads(s: string | undefined, valid: readonly string[]): string[] | undefined {
  if (s === undefined) return undefined;
  const names = parseList(s) ?? [];
  for (const n of names) {
    if (!valid.includes(n)) throw new UsageError(`unknown workload "${n}"; valid workloads: ${valid.join(', ')}`);
  }
  return names;
}
