/**
 * The checks a command makes on the paths it will write or read, before any long work: a benchmark of a minute, or
 * an overflow run of hours, must not end in a write that could never have worked. Each refusal is a usage error
 * (exit 2) of one line that names the flag, the path and the reason; nothing is created by a check, so a refused
 * run leaves nothing behind (the one probe, a temporary file, is removed at once). These are Node's checks (node:fs): the lab's platform-neutral code never sees them.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { probeFolder } from './files.js';
import { CliUsageError } from './io.js';

/** Why `e` (a failed fs call) failed, in words a user reads: "permission denied", "no such file or directory". */
export function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOENT: 'no such file or directory',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'is a folder',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    ENAMETOOLONG: 'name too long',
    ELOOP: 'too many levels of symbolic links',
    EEXIST: 'exists and is not a folder',
  };
  return (err.code && words[err.code]) ?? err.message ?? String(e);
}

/**
 * The folder `path` names: it exists, is a folder, and a file can be created in it. The last is tried, not read
 * from permission bits: root passes every permission check, and a folder such as /proc refuses files anyway.
 */
function checkFolder(flag: string, path: string, dir: string): void {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    throw new CliUsageError(`${flag} ${path}: cannot use the folder ${dir}: ${reason(e)}`);
  }
  if (!isDir) throw new CliUsageError(`${flag} ${path}: ${dir} is not a folder`);
  try {
    probeFolder(dir);
  } catch (e) {
    throw new CliUsageError(`${flag} ${path}: cannot create files in ${dir}: ${reason(e)}`);
  }
}

/**
 * Refuses `path` unless a file can be written there: its folder exists and is writable, and the path is not a
 * folder itself. A file already there is replaced (the writes are atomic: ./files.ts), so only the folder matters.
 */
export function checkWritableFile(flag: string, path: string): void {
  const full = resolve(path);
  checkFolder(flag, path, dirname(full));
  let kind: 'file' | 'folder' | 'other' | undefined;
  try {
    const st = statSync(full);
    kind = st.isFile() ? 'file' : st.isDirectory() ? 'folder' : 'other';
  } catch {
    // not there yet: it will be created
  }
  // a device or a pipe would be replaced by the rename, not written to
  if (kind === 'folder') throw new CliUsageError(`${flag} ${path}: is a folder, not a file`);
  if (kind === 'other') throw new CliUsageError(`${flag} ${path}: is not a regular file`);
}

/**
 * `mkdir -p`, by hand: Node's `mkdirSync(dir, { recursive: true })` loops for ever, at full speed, where a folder
 * refuses new entries with ENOENT (`/proc/x`, Node 20).
 */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw e;
    makeFolder(dirname(dir));
    mkdirSync(dir);
  }
}

/** Creates the folder `dir` if it is missing (with its parents); refuses it if it cannot be created or written. */
export function ensureWritableFolder(flag: string, dir: string): void {
  try {
    makeFolder(resolve(dir));
  } catch (e) {
    throw new CliUsageError(`${flag} ${dir}: cannot create the folder: ${reason(e)}`);
  }
  checkFolder(flag, dir, dir);
}
