/**
 * Hashing for xxhsum's mode: a file (or standard input) through the library's xxHash, read in 64 KiB pieces.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Io } from '../io.js';
import { digestlab } from './hash.js';
import { stdinOf } from './run.js';

/** The library's names of the xxHashes xxhsum computes. */
export type XxhName = 'XXH32' | 'XXH64' | 'XXH3-128' | 'XXH3-64';

const CHUNK = 64 * 1024;

/** A file's digest, or the errno code of what failed (opening, or reading: a folder fails with EISDIR). */
export async function hashFile(
  name: XxhName,
  path: Buffer | null,
  io: Io,
): Promise<Uint8Array | { code: string; open: boolean }> {
  const d = (await digestlab()).createDigest(name);
  if (path === null) {
    for await (const piece of stdinOf(io)) d.update(piece);
    return d.digest();
  }
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { code: (e as NodeJS.ErrnoException).code ?? 'EIO', open: true };
  }
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (let n = readSync(fd, buffer, 0, CHUNK, null); n > 0; n = readSync(fd, buffer, 0, CHUNK, null)) {
      d.update(buffer.subarray(0, n));
    }
    return d.digest();
  } catch (e) {
    return { code: (e as NodeJS.ErrnoException).code ?? 'EIO', open: false };
  } finally {
    closeSync(fd);
  }
}
