/**
 * A run is a URL: the query parameters the page reads and writes (`?workload=seed&algorithms=MD5,SHA-256&run=1`).
 * Every value is read by the parser the CLI uses for the same flag (lab's params.ts; sizes in the one grammar of
 * lab's size.ts, lists by its list.ts), so a bad value gets the CLI's message. Platform-neutral: unit-tested under
 * Node.
 */
import {
  DEFAULTS,
  parseList,
  parseNumber,
  parseSizeList,
  parseWorkloads,
  resolveAlgorithms,
  UsageError,
  WORKLOADS,
  type Workload,
} from '@digestlab/lab';
import { parseSizes, patternOption } from '@digestlab/lab/overflow';
import type { AlgorithmName } from 'digestlab';

/** The bench workloads the page runs: those whose descriptor says `inPage` (not `stream`: the CLI's alone). */
export const BENCH_WORKLOADS: readonly Workload[] = WORKLOADS.filter((w) => w.inPage).map((w) => w.name);
export type PageWorkload = Workload | 'overflow';
/** Every workload the page runs: the bench's, and `overflow` (the engine of `digestlab overflow`). */
export const PAGE_WORKLOADS: readonly PageWorkload[] = [...BENCH_WORKLOADS, 'overflow'];

/** The page's overflow default: long enough to cross 2^32 bytes (the 32-bit byte-count bugs), short enough for a
 * phone (the CLI's default, the seed's 257 GiB, would take hours there). */
export const DEFAULT_OVERFLOW_SIZE = '4GiB+5';
/** Overflow's algorithms when none are named: the seed's SHA-1, as the CLI. */
export const DEFAULT_OVERFLOW_ALGORITHMS: readonly AlgorithmName[] = ['SHA-1'];
/**
 * The page's workload when none is named: the seed's run alone (its string, its six algorithms), the one a person
 * on a phone taps Run for. The CLI's default (seed and sizes) is one tick away under Customise.
 */
export const PAGE_DEFAULT_WORKLOADS: readonly PageWorkload[] = ['seed'];
/** The parameters that are a run's choices (not `run`, not `token`): a URL with any of them opens Customise. */
export const CHOICE_PARAMETERS = [
  'workload',
  'algorithms',
  'providers',
  'samples',
  'sizes',
  'size',
  'pattern',
] as const;

/** Does this query carry choices of its own (so the page shows them, unfolded)? */
export function carriesChoices(search: string): boolean {
  const q = readQuery(search);
  return CHOICE_PARAMETERS.some((name) => q.has(name));
}

export interface Choices {
  workloads: PageWorkload[];
  algorithms: AlgorithmName[];
  /** Row ids as `digestlab bench --list` prints them; undefined: every row available here. */
  providers?: string[];
  samples: number;
  /** Sizes for the `sizes` workload as typed (e.g. `1k,1MiB`), and in bytes. */
  sizesText: string;
  sizes: number[];
  /** Start at once (`run=1`). */
  run: boolean;
  /** The collector's token, set by `digestlab web`. */
  token?: string;
  /** Overflow's `size` and `pattern`, as typed (`2^29+1`): checked by the CLI's parser, kept so a link keeps them. */
  size?: string;
  pattern?: string;
}

/** Is this an overflow run (which runs on its own, not beside bench workloads)? */
export function isOverflow(choices: Pick<Choices, 'workloads'>): boolean {
  return choices.workloads.includes('overflow');
}

export const DEFAULT_SIZES = '1MiB';

/**
 * The query as typed: `decodeURIComponent`, not URLSearchParams, because URLSearchParams reads `+` as a space and
 * `size=4GiB+5` means plus.
 */
export function readQuery(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    try {
      out.set(decodeURIComponent(name), decodeURIComponent(value));
    } catch {
      throw new UsageError(`the URL parameter "${name}" is not valid percent-encoding`);
    }
  }
  return out;
}

/** A bad value of parameter `name`: the CLI's message for its flag, prefixed with where it came from. */
function inParameter<T>(name: string, value: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(`URL parameter ${name}=${value}: ${e.message}`);
    throw e;
  }
}

/** The choices in a query string; throws UsageError with the CLI's message for the first bad value. */
export function parseChoices(search: string): Choices {
  const q = readQuery(search);
  const get = (name: string) => q.get(name);
  const workloadText = get('workload');
  const workloads = inParameter('workload', workloadText ?? '', () => {
    const names = [
      ...new Set(parseWorkloads(workloadText, PAGE_WORKLOADS) ?? PAGE_DEFAULT_WORKLOADS),
    ] as PageWorkload[];
    // one run, one report: a bench report and an overflow document are different schemas
    if (names.includes('overflow') && names.length > 1) {
      throw new UsageError(
        'overflow runs on its own (its report is digestlab-overflow/1): open it as a link of its own',
      );
    }
    return names;
  });
  if (workloads.length === 0) throw new UsageError(`URL parameter workload: choose at least one workload`);
  const overflow = isOverflow({ workloads });
  const algorithmsText = get('algorithms');
  const algorithms = inParameter('algorithms', algorithmsText ?? '', () =>
    algorithmsText === undefined && overflow
      ? [...DEFAULT_OVERFLOW_ALGORITHMS]
      : resolveAlgorithms(parseList(algorithmsText)),
  );
  const providers = parseList(get('providers'));
  const samplesText = get('samples');
  const samples =
    inParameter('samples', samplesText ?? '', () => parseNumber('--samples', samplesText, 5, true)) ?? DEFAULTS.samples;
  const sizesText = get('sizes') ?? DEFAULT_SIZES;
  const sizes = inParameter('sizes', sizesText, () => parseSizeList('--sizes', sizesText) ?? []);
  if (sizes.length === 0) throw new UsageError(`URL parameter sizes: give at least one size, e.g. ${DEFAULT_SIZES}`);
  const token = get('token');
  const size = get('size') ?? (overflow ? DEFAULT_OVERFLOW_SIZE : undefined);
  const pattern = get('pattern') ?? (overflow ? 'zeros' : undefined);
  if (overflow) {
    // the messages `digestlab overflow --size` and `--pattern` give
    inParameter('size', size ?? '', () => parseSizes(size ?? ''));
    inParameter('pattern', pattern ?? '', () => patternOption(pattern ?? ''));
  }
  return {
    workloads,
    algorithms,
    ...(providers ? { providers } : {}),
    samples,
    sizesText,
    sizes,
    run: get('run') === '1',
    ...(token ? { token } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(pattern !== undefined ? { pattern } : {}),
  };
}

/** A value in a link: percent-encoded (`+` as `%2B`, so it is never read as a space), commas kept readable. */
function encode(v: string): string {
  return encodeURIComponent(v).replace(/%2C/g, ',');
}

/**
 * The query string that reproduces `choices`. Without `run` unless asked: a shared link waits for the button. The
 * token stays: a link from `digestlab web` opened on another device must still be able to send its run back.
 */
export function toQuery(choices: Choices, run = false): string {
  const parts: [string, string][] = [
    ['workload', choices.workloads.join(',')],
    ['algorithms', choices.algorithms.join(',')],
  ];
  if (choices.providers) parts.push(['providers', choices.providers.join(',')]);
  parts.push(['samples', String(choices.samples)]);
  if (choices.workloads.includes('sizes')) parts.push(['sizes', choices.sizesText]);
  if (choices.size !== undefined) parts.push(['size', choices.size]);
  if (choices.pattern !== undefined) parts.push(['pattern', choices.pattern]);
  if (run) parts.push(['run', '1']);
  if (choices.token) parts.push(['token', choices.token]);
  return `?${parts.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}
