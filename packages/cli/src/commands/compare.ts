/** `digestlab compare A.json B.json`: two runs side by side, ratios, noise marked. */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { compareReports, comparisonMarkdown, parseReport } from '@digestlab/lab';
import type { Command } from 'commander';
import { CliUsageError, type Io } from '../io.js';
import type { CommandContext } from '../main.js';
import { renderComparison, style } from '../terminal.js';

export interface CompareFlags {
  json?: boolean;
  markdown?: boolean;
}

function load(file: string) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliUsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    return parseReport(text, file);
  } catch (e) {
    throw new CliUsageError((e as Error).message);
  }
}

export function compare(a: string, b: string, flags: CompareFlags, io: Io): number {
  const c = compareReports(load(a), load(b), [basename(a), basename(b)]);
  if (flags.json) io.stdout(`${JSON.stringify(c, null, 2)}\n`);
  else if (flags.markdown) io.stdout(comparisonMarkdown(c));
  else io.stdout(renderComparison(c, style(io.stdoutIsTTY && !io.env.NO_COLOR)));
  return 0;
}

export function registerCompare(program: Command, { io, done }: CommandContext): void {
  program
    .command('compare')
    .description('two bench runs (--json output) side by side, with ratios; differences within their spread are noise')
    .argument('<a.json>', 'first run (A)')
    .argument('<b.json>', 'second run (B)')
    .option('--json', 'print the comparison as JSON')
    .option('--markdown', 'print the comparison as a markdown table')
    .action((a: string, b: string, flags: CompareFlags) => {
      done(compare(a, b, flags, io));
    });
}
