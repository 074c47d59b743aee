/**
 * A resumed run continues the run its checkpoint was made by: asking for other sizes, output lengths, pattern,
 * algorithms or providers is a conflict, named option by option; the chunk size does not change a digest, so a
 * resumed run may use another. Its parameters then come from the checkpoint.
 */
import type { Row } from '../rows.js';
import { resolveAlgorithms, resolveProviders, UsageError } from '../select.js';
import type { CheckpointFile, RunParams } from './checkpoint.js';
import type { OverflowAsk, ParsedAsk } from './flags.js';
import { isPattern } from './patterns.js';
import { sizesByAlgorithm } from './per-algorithm.js';
import type { RunChoice } from './selection.js';
import { formatSize } from './size.js';

/** A checkpoint being continued, and what to call it in messages (its file name). */
export interface Resumed {
  source: string;
  checkpoint: CheckpointFile;
}

/** Each option asked that differs from the checkpoint's run, as the message names it (`--pattern (checkpoint: …)`). */
function conflicts(ask: OverflowAsk, parsed: ParsedAsk, r: RunParams): string[] {
  const { sizes, outputLengths, algorithms, selection } = parsed;
  const out: string[] = [];
  // `boundaries` means the sizes of the algorithms resumed, unless others are asked
  const resumedSizes = () =>
    sizesByAlgorithm(ask.algorithms !== undefined ? algorithms : resolveAlgorithms(r.algorithms), true).sizes;
  if (ask.size !== undefined && (sizes ?? resumedSizes()).join() !== r.sizes.join()) {
    out.push(`--size (checkpoint: ${r.sizes.map(formatSize).join(',')})`);
  }
  if (outputLengths !== undefined && outputLengths.join() !== (r.outputLengths ?? []).join()) {
    out.push(`--output-length (checkpoint: ${r.outputLengths?.join(',') ?? 'the default'})`);
  }
  if (ask.pattern !== undefined && ask.pattern !== r.pattern) out.push(`--pattern (checkpoint: ${r.pattern})`);
  if (ask.algorithms !== undefined && algorithms.join() !== r.algorithms.join()) {
    out.push(`--algorithms (checkpoint: ${r.algorithms.join(',')})`);
  }
  if (ask.providers !== undefined && selection.map((s) => s.row.id).join() !== r.providers.join()) {
    out.push(`--providers (checkpoint: ${r.providers.join(',')})`);
  }
  return out;
}

/**
 * The run `resumed` continues, with this run's chunk size when one was asked. A UsageError names every conflict
 * with what was asked, or what in the checkpoint cannot be read.
 */
export function resumedChoice(ask: OverflowAsk, parsed: ParsedAsk, rows: readonly Row[], resumed: Resumed): RunChoice {
  const { source, checkpoint } = resumed;
  const r = checkpoint.run;
  const found = conflicts(ask, parsed, r);
  if (found.length > 0) {
    throw new UsageError(`--resume ${source} continues the run it was made by; drop or match ${found.join(', ')}`);
  }
  if (!isPattern(r.pattern)) throw new UsageError(`checkpoint ${source}: unknown pattern "${r.pattern}"`);
  try {
    const saved = resolveAlgorithms(r.algorithms);
    return {
      run: { ...r, chunk: parsed.chunk ?? r.chunk, algorithms: saved },
      algorithms: saved,
      selection: r.providers.map((id) => ({
        row: resolveProviders([id], rows)[0],
        named: r.named?.includes(id) ?? true,
      })),
    };
  } catch (e) {
    throw new UsageError(`checkpoint ${source}: ${(e as Error).message}`);
  }
}
