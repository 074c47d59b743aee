/**
 * The stored zero-input digests a run checks against: `--vectors FILE`, else the repository's vectors/zeros.json,
 * which the package carries as its own vectors/zeros.json (copied there by its build: scripts/build/ship-vectors.mjs).
 * Without the default file the run goes on, its expected digests from node:crypto in the same run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseZeroVectors, type ZeroVectors } from '@digestlab/lab/overflow';
import { CliUsageError } from '../io.js';

const DEFAULT_VECTORS = fileURLToPath(new URL('../../vectors/zeros.json', import.meta.url));

/** The vectors, and their name in messages; `note` says when the default file is missing. */
export function loadVectors(
  file: string | undefined,
  note: (s: string) => void,
): { vectors?: ZeroVectors; name: string } {
  const path = file ?? DEFAULT_VECTORS;
  const name = file ?? 'vectors/zeros.json';
  if (!existsSync(path)) {
    if (file) throw new CliUsageError(`--vectors: no file ${file}`);
    note(`overflow: ${path} not found: expected digests come from node:crypto in this run\n`);
    return { name };
  }
  try {
    return { vectors: parseZeroVectors(readFileSync(path, 'utf8'), name), name };
  } catch (e) {
    throw new CliUsageError((e as Error).message);
  }
}
