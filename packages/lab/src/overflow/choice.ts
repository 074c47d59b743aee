/**
 * What an overflow run runs: what was asked read into the run's parameters, or, with `--resume`, the parameters of
 * the run being continued. Pure, so a face can show it first; a mistake is a {@link UsageError} before anything runs.
 */
import type { Row } from '../rows.js';
import type { RunParams } from './checkpoint.js';
import { DEFAULT_CHUNK, type OverflowAsk, type ParsedAsk, parseAsk } from './flags.js';
import type { Pattern } from './patterns.js';
import { sizesByAlgorithm } from './per-algorithm.js';
import { SEED_SIZE } from './references.js';
import { type Resumed, resumedChoice } from './resume.js';
import type { RunChoice } from './selection.js';

/**
 * What to run: from what was asked, or from the checkpoint being resumed. A resumed run continues the run it was
 * made by: asking for other sizes, pattern, algorithms or providers is a UsageError naming each conflict (the chunk
 * size does not change a digest, so a resumed run may use another).
 */
export function resolveRun(ask: OverflowAsk, rows: readonly Row[], resumed?: Resumed): RunChoice {
  const parsed = parseAsk(ask, rows);
  return resumed ? resumedChoice(ask, parsed, rows, resumed) : freshChoice(ask, parsed);
}

/** A new run: what was asked, and each default for what was not. */
function freshChoice(ask: OverflowAsk, parsed: ParsedAsk): RunChoice {
  const { sizes, outputLengths, chunk, algorithms, selection } = parsed;
  // without --size (or with `boundaries`) each algorithm runs at the sizes that matter to it: a sponge stops at 2^32+5
  const perAlgorithm = sizes ? undefined : sizesByAlgorithm(algorithms, parsed.boundaries);
  const run: RunParams = {
    sizes: sizes ?? perAlgorithm?.sizes ?? [SEED_SIZE],
    ...(perAlgorithm?.sizesOf ? { sizesOf: perAlgorithm.sizesOf } : {}),
    ...(outputLengths ? { outputLengths } : {}),
    chunk: chunk ?? DEFAULT_CHUNK,
    pattern: (ask.pattern ?? 'zeros') as Pattern,
    algorithms,
    providers: selection.map((s) => s.row.id),
    named: selection.filter((s) => s.named).map((s) => s.row.id),
  };
  return { run, algorithms, selection };
}
