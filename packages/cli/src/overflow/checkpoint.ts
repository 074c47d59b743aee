/**
 * Checkpoint files: the lab's checkpoint model (@digestlab/lab/overflow) kept in a file. Written atomically — a
 * temporary file in the same directory, fsync, rename over the old one, fsync of the directory — so a reader finds
 * either the previous complete file or the new one, never a torn one.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type CheckpointFile, formatCheckpoint, parseCheckpoint } from '@digestlab/lab/overflow';

/** Writes `text` to `file` atomically and durably. */
export function writeFileAtomic(file: string, text: string): void {
  const dir = dirname(file);
  const tmp = join(dir, `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w', 0o644);
  try {
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, file);
  // make the rename itself durable (not possible on every platform: Windows cannot open a directory)
  try {
    const dfd = openSync(dir, 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // best effort
  }
}

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
