/**
 * Parsers of what a person types to choose a run: the CLI's flags (`digestlab bench --samples 7 --sizes 1k,1M`)
 * and the web page's URL parameters (`?samples=7&sizes=1k,1M`). One parser per value, here, so a bad value gets
 * the same message wherever it was typed. Each throws {@link UsageError} (the CLI exits 2 with its message). Lists
 * are list.ts's, sizes size.ts's: these only say which option a mistake was in.
 */
import { UsageError } from './engine.js';
import { parseList } from './list.js';
import { parseSize, SizeError } from './size.js';

/**
 * A number >= `min` (an integer when asked: a safe one, so `1e23` is refused rather than counted inexactly);
 * undefined when absent. `name` is how the person wrote the option.
 */
export function parseNumber(name: string, s: string | undefined, min: number, integer = false): number | undefined {
  if (s === undefined) return undefined;
  const v = Number(s);
  if (!Number.isFinite(v) || v < min || (integer && !Number.isSafeInteger(v))) {
    throw new UsageError(`${name} must be ${integer ? 'an integer' : 'a number'} >= ${min} (got "${s}")`);
  }
  return v;
}

/**
 * A size in the one grammar (size.ts: `64`, `1k`, `1M`, `10MB`, `4GiB+5`), at least `min` bytes; a bad one is a
 * UsageError naming the option as the person wrote it (`--many-size: cannot read size "big": ...`).
 */
export function parseSizeOption(name: string, text: string, min = 0): number {
  try {
    return parseSize(text, min);
  } catch (e) {
    if (e instanceof SizeError) throw new UsageError(`${name}: ${e.message}`);
    throw e;
  }
}

/** A comma list of sizes (`--sizes 16,1k,1M`), each at least `min` bytes, empty items dropped; undefined when absent. */
export function parseSizeList(name: string, text: string | undefined, min = 1): number[] | undefined {
  if (text === undefined) return undefined;
  return (parseList(text) ?? []).map((item) => parseSizeOption(name, item, min));
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
