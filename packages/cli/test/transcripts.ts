/**
 * The outside programs' transcripts (scripts/vectors/tool-transcripts.mjs, vectors/tools/) as the tests open them: the
 * default tier reads the stored file and runs no outside program; the refs tier records the scenario again with the
 * installed program, over the same files (to find the stored file still true) and over fresh random ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  differences,
  prepare,
  type Run,
  readTranscript,
  record,
  runsOf,
} from '../../../scripts/vectors/tool-transcripts.mjs';

export type { Run } from '../../../scripts/vectors/tool-transcripts.mjs';

/** A scenario's files in a folder of their own, and its cases by id with what the program did. */
export interface Opened {
  dir: string;
  runs: Map<string, Run>;
  /** The case, which must exist. */
  run(id: string): Run;
  cleanup(): void;
}

function opened(name: string, dir: string, runs: Map<string, Run>): Opened {
  return {
    dir,
    runs,
    run(id) {
      const r = runs.get(id);
      if (r === undefined)
        throw new Error(`no case ${id} in the ${name} scenario (scripts/vectors/tool-transcripts.mjs)`);
      return r;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What `fill` returns; the folder removed when it throws (a stale transcript, a program missing). */
function filled<T>(dir: string, fill: () => T): T {
  try {
    return fill();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** The stored transcript (vectors/tools/NAME.json) and the files it was recorded over: no program is run. */
export function stored(name: string): Opened {
  const transcript = readTranscript(name);
  const dir = mkdtempSync(join(tmpdir(), `digestlab-${name}-`));
  return opened(
    name,
    dir,
    filled(dir, () => prepare(name, dir, transcript)),
  );
}

/** The scenario run now by the installed program over random files of the same names and sizes (refs tier). */
export function live(name: string): Opened {
  const dir = mkdtempSync(join(tmpdir(), `digestlab-${name}-live-`));
  return opened(
    name,
    dir,
    filled(dir, () => runsOf(name, record(name, dir, { random: true }))),
  );
}

/** Where the installed program, run over the stored transcript's files, prints something else (refs tier). */
export function unreproduced(name: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), `digestlab-${name}-again-`));
  try {
    return differences(readTranscript(name), record(name, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
