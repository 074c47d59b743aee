/** `digestlab compare A.json B.json [C.json …]`: runs side by side, ratios against the first, noise marked. */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type Comparison, compareRuns, comparisonMarkdown, parseReport, type RunInput } from '@digestlab/lab';
import type { Command } from 'commander';
import type { CommandContext } from '../command.js';
import { CliUsageError, type Io } from '../io.js';
import { renderComparison, style } from '../terminal.js';

export interface CompareFlags {
  json?: boolean;
  markdown?: boolean;
}

/** A bench report file as a run to compare, labelled with its file name; a usage error when it is not one. */
export function loadRun(file: string): RunInput {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliUsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    return { label: basename(file), report: parseReport(text, file) };
  } catch (e) {
    throw new CliUsageError((e as Error).message);
  }
}

/** A comparison as `--json`, `--markdown` or a terminal table. */
export function comparisonOutput(c: Comparison, flags: CompareFlags, io: Io): string {
  if (flags.json) return `${JSON.stringify(c, null, 2)}\n`;
  if (flags.markdown) return comparisonMarkdown(c);
  return renderComparison(c, style(io.stdoutIsTTY && !io.env.NO_COLOR));
}

export function compare(files: readonly string[], flags: CompareFlags, io: Io): number {
  if (files.length < 2) throw new CliUsageError(`compare needs two or more runs (got ${files.length})`);
  io.stdout(comparisonOutput(compareRuns(files.map(loadRun)), flags, io));
  return 0;
}

export function registerCompare(program: Command, { io, done }: CommandContext): void {
  program
    .command('compare')
    .description(
      'two or more bench runs (--json output) side by side, with ratios against the first; differences within their spread are noise',
    )
    .argument('<runs...>', 'bench reports (digestlab bench --json); the first is the baseline (A)')
    .option('--json', 'print the comparison as JSON')
    .option('--markdown', 'print the comparison as a markdown table')
    .action((files: string[], flags: CompareFlags) => {
      done(compare(files, flags, io));
    });
}
