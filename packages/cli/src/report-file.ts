/**
 * `bench --out FILE`: the format its extension names, the check made before the benchmark runs, and the write
 * after it, which must not lose a run of minutes: the file is written atomically (never half), and when it cannot
 * be written after all (a full disk, a folder removed mid-run) the report goes to a file beside it, else to one in
 * the temporary folder, else to stdout, and the message names where.
 */
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { type BenchReport, toCsv, toHtml, toMarkdown, toSvg } from '@digestlab/lab';
import { createFileAtomic, writeFileAtomic } from './files.js';
import { CliUsageError, EXIT, type Io } from './io.js';
import { checkWritableFile, reason } from './paths.js';

const WRITERS: Record<string, (r: BenchReport) => string> = {
  '.json': (r) => `${JSON.stringify(r, null, 2)}\n`,
  '.md': toMarkdown,
  '.markdown': toMarkdown,
  '.csv': toCsv,
  '.html': toHtml,
  '.htm': toHtml,
  '.svg': toSvg,
};

/** The writer for `--out file`, once the file is known to be writable; a usage error (exit 2) otherwise. */
export function reportWriter(file: string): (r: BenchReport) => string {
  const w = WRITERS[extname(file).toLowerCase()];
  if (!w) {
    throw new CliUsageError(`--out ${file}: unknown format; use one of ${Object.keys(WRITERS).join(', ')}`);
  }
  checkWritableFile('--out', file);
  return w;
}

/** Writes `text` as a new file in `dir`, named after `file` (`x.html`: `x-1.html`, `x-2.html`, …). */
function spare(dir: string, file: string, text: string): string {
  const ext = extname(file);
  const stem = basename(file, ext);
  return join(
    dir,
    createFileAtomic(dir, (n) => `${stem}-${n}${ext}`, text),
  );
}

/**
 * Writes the report `text` to `file`; returns the exit status (0, or 1 when it went elsewhere). `jsonOnStdout`:
 * stdout has the JSON report already (`--json`), so a `.json` file's text is not printed there again.
 */
export function writeReport(
  file: string,
  text: string,
  io: Io,
  {
    jsonOnStdout = false,
    spareDirs = [dirname(file), tmpdir()],
  }: { jsonOnStdout?: boolean; spareDirs?: string[] } = {},
): number {
  const onStdout = jsonOnStdout && extname(file).toLowerCase() === '.json';
  let why: string;
  try {
    writeFileAtomic(file, text);
    io.stderr(`wrote ${file}\n`);
    return EXIT.ok;
  } catch (e) {
    why = reason(e);
  }
  for (const dir of spareDirs) {
    try {
      const saved = spare(dir, file, text);
      io.stderr(`digestlab: cannot write ${file}: ${why}; the report is saved in ${saved} instead\n`);
      return EXIT.failure;
    } catch {
      // the next place
    }
  }
  if (!onStdout) io.stdout(text);
  io.stderr(
    `digestlab: cannot write ${file}: ${why}, nor a spare in ${spareDirs.join(' or ')}; the report is on stdout\n`,
  );
  return EXIT.failure;
}
