/**
 * Files a reader must find whole or not at all (checkpoints, received runs): each is written to a temporary file in
 * the same directory and fsynced, then moved into place with one atomic call, and the directory is fsynced so the
 * move itself survives a crash. A reader sees the previous complete file or the new one, never a torn one.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Writes `text` to a new file `tmp` and fsyncs it; removes it again if that fails. */
function writeDurable(tmp: string, text: string): void {
  const fd = openSync(tmp, 'wx', 0o644);
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
}

/** Makes a rename or link in `dir` durable (best effort: Windows cannot open a directory). */
function syncDir(dir: string): void {
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

function tempName(dir: string, name: string): string {
  // pid and random: two processes, or two requests of one, never share a temporary file
  return join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes `text` to `file` atomically and durably, replacing what was there; on failure nothing is left behind. */
export function writeFileAtomic(file: string, text: string): void {
  const dir = dirname(file);
  const tmp = tempName(dir, basename(file));
  writeDurable(tmp, text);
  try {
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(dir);
}

/** Creates and removes a temporary file in `dir`: throws the error a write there would meet first. */
export function probeFolder(dir: string): void {
  const tmp = tempName(dir, 'probe');
  closeSync(openSync(tmp, 'wx', 0o600));
  rmSync(tmp, { force: true });
}

/**
 * Writes `text` atomically and durably to a new file in `dir`, named `nameFor(1)`, or `nameFor(2)`, … when that
 * name is taken; never replaces a file. Returns the name used. A hard link is the move here, not a rename: link
 * fails when the name exists (rename would silently replace it), so the check and the move are one atomic step
 * even against another process saving into the same folder.
 */
export function createFileAtomic(dir: string, nameFor: (n: number) => string, text: string, tries = 1000): string {
  const tmp = tempName(dir, nameFor(1));
  writeDurable(tmp, text);
  try {
    for (let n = 1; n <= tries; n++) {
      const name = nameFor(n);
      try {
        linkSync(tmp, join(dir, name));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw e;
      }
      syncDir(dir);
      return name;
    }
    throw new Error(`${dir}: ${nameFor(1)} and ${tries - 1} numbered names after it are all taken`);
  } finally {
    rmSync(tmp, { force: true });
  }
}
