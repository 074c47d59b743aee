/**
 * Checkpoint files: the lab's checkpoint model (@digestlab/lab/overflow) kept in a file. Written atomically
 * (../files.ts), so a reader finds either the previous complete file or the new one, never a torn one.
 */
import { readFileSync } from 'node:fs';
import { type CheckpointFile, type CheckpointStore, formatCheckpoint, parseCheckpoint } from '@digestlab/lab/overflow';
import { writeFileAtomic } from '../files.js';
import type { Io } from '../io.js';
import { reason } from '../paths.js';

export function saveCheckpoint(file: string, cp: CheckpointFile): void {
  writeFileAtomic(file, formatCheckpoint(cp));
}

/** Reads a checkpoint file; throws an Error saying what is wrong with it. */
export function loadCheckpoint(file: string): CheckpointFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read checkpoint ${file}: ${reason(e)}`);
  }
  return parseCheckpoint(text, file);
}

/** The checkpoint kept in `file`; a failed write is reported on stderr and the run goes on. */
export function checkpointStore(file: string, io: Io): CheckpointStore {
  return {
    save(cp) {
      try {
        saveCheckpoint(file, cp);
      } catch (e) {
        // the file keeps the last state saved (writes are atomic), so the run goes on and --resume still works
        io.stderr(`digestlab overflow: cannot write checkpoint ${file}: ${reason(e)}; it keeps the last state saved\n`);
      }
    },
  };
}
