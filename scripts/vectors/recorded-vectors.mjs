// What the scripts that record an outside program's digests into vectors/ share (rhash-vectors.mjs,
// b3sum-vectors.mjs): the inputs handed to the program as files, and the record written, or with --check compared
// with the committed one (the refs tier, npm run test:refs, runs the check so the stored data cannot drift from the
// programs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

/** A program's standard output as text (`input` on its standard input). */
export function outputOf(program, args, input) {
  return execFileSync(program, args, { encoding: 'utf8', input, maxBuffer: 1 << 26 });
}

/** `hashAll(paths)` over `inputs` written to files (in order) in a temporary folder, removed afterwards. */
export function hashFiles(inputs, hashAll) {
  const dir = mkdtempSync(join(tmpdir(), 'digestlab-recorded-'));
  try {
    const files = inputs.map((bytes, i) => {
      const file = join(dir, String(i).padStart(6, '0'));
      writeFileSync(file, bytes);
      return file;
    });
    return hashAll(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The paths (a.b[3].c) under which two JSON values differ, up to `max` of them. */
function differences(was, now, path = '', max = 20, out = []) {
  if (out.length >= max) return out;
  if (typeof was !== 'object' || typeof now !== 'object' || was === null || now === null) {
    if (!isDeepStrictEqual(was, now)) out.push(path || '(the whole record)');
    return out;
  }
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    differences(was[key], now[key], Array.isArray(was) ? `${path}[${key}]` : path ? `${path}.${key}` : key, max, out);
  }
  return out;
}

/**
 * Writes `record` to `url` as JSON; with --check on the command line, reads the committed file instead and exits 1
 * naming what differs. `record.programs` (the programs' versions) is left out of the comparison and reported: another
 * version of a program must give the same digests.
 */
export function writeOrCheck(url, record) {
  if (!process.argv.includes('--check')) {
    writeFileSync(url, `${JSON.stringify(record, null, 1)}\n`);
    return;
  }
  const committed = JSON.parse(readFileSync(url, 'utf8'));
  const { programs: was, ...stored } = committed;
  const { programs: now, ...made } = record;
  if (!isDeepStrictEqual(was, now))
    console.error(`programs: ${JSON.stringify(was)} stored, ${JSON.stringify(now)} now`);
  const differ = differences(stored, made);
  for (const path of differ) console.error(`differs from the committed file: ${path}`);
  if (differ.length === 0) console.error(`${fileURLToPath(url)}: the programs give every stored value`);
  process.exitCode = differ.length === 0 ? 0 : 1;
}
