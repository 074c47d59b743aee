/**
 * Checkpoint files: the lab's checkpoint model (@digestlab/lab/overflow) kept in a file. Written atomically
 * (../files.ts), so a reader finds either the previous complete file or the new one, never a torn one.
 */
import { readFileSync } from 'node:fs';
import { type CheckpointFile, formatCheckpoint, parseCheckpoint } from '@digestlab/lab/overflow';
import { writeFileAtomic } from '../files.js';

export function saveCheckpoint(file: string, cp: CheckpointFile): void {
  writeFileAtomic(file, formatCheckpoint(cp));
}

/** Reads a checkpoint file; throws an Error saying what is wrong with it. */
export function loadCheckpoint(file: string): CheckpointFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read checkpoint ${file}: ${(e as Error).message}`);
  }
  return parseCheckpoint(text, file);
}
