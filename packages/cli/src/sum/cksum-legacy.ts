/**
 * cksum's sums that are not digests, with their lines: POSIX cksum's CRC (`crc`, the default: the CRC of the data
 * then of its length), ISO 3309's CRC-32 (`crc32b`, from later coreutils: gzip's and zlib's), and `sum`'s two
 * 16-bit sums (`sysv`, as `sum -s`; `bsd`, as `sum -r`). A line is the sum in decimal, then the size (bytes for the
 * CRCs, 512-byte blocks for sysv, 1 KiB blocks for bsd), then the name where operands were given; names are written
 * as they are (cksum escapes none of these lines), and `-c` cannot read them.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { digestlab } from './hash.js';
import { quoteName } from './names.js';
import { operandBytes } from './operands.js';
import { type SumOutput, strerror } from './output.js';

export const LEGACY = ['crc', 'crc32b', 'sysv', 'bsd'] as const;
export type LegacyName = (typeof LEGACY)[number];

export const isLegacy = (name: string): name is LegacyName => (LEGACY as readonly string[]).includes(name);

/** A sum being computed: bytes in, then its line's figures for the byte count. */
interface RunningSum {
  update(piece: Uint8Array): void;
  /** The sum and the size, as the line shows them (`3015617425 6`, `542 1`, `36979     1`). */
  figures(bytes: number): string;
}

/** `sum -s` (System V): the bytes added, folded twice to 16 bits; the size in 512-byte blocks, rounded up. */
function sysv(): RunningSum {
  let s = 0;
  return {
    update(piece) {
      for (const b of piece) s = (s + b) >>> 0;
    },
    figures(bytes) {
      const r = (s & 0xffff) + (s >>> 16);
      return `${(r & 0xffff) + (r >>> 16)} ${Math.ceil(bytes / 512)}`;
    },
  };
}

/** `sum -r` (BSD): a 16-bit sum rotated right a bit before each byte; five digits, the 1 KiB blocks in five columns. */
function bsd(): RunningSum {
  let c = 0;
  return {
    update(piece) {
      for (const b of piece) c = (((c >>> 1) | ((c & 1) << 15)) + b) & 0xffff;
    },
    figures(bytes) {
      return `${String(c).padStart(5, '0')} ${String(Math.ceil(bytes / 1024)).padStart(5, ' ')}`;
    },
  };
}

/** One of the library's 32-bit checksums (its big-endian digest) in decimal, then the bytes. */
async function crc(algorithm: 'CKSUM' | 'CRC-32'): Promise<RunningSum> {
  const d = (await digestlab()).createDigest(algorithm);
  return {
    update: (piece) => d.update(piece),
    figures: (bytes) => `${Number.parseInt(d.digestHex(), 16)} ${bytes}`,
  };
}

function start(name: LegacyName): Promise<RunningSum> | RunningSum {
  if (name === 'sysv') return sysv();
  if (name === 'bsd') return bsd();
  return crc(name === 'crc' ? 'CKSUM' : 'CRC-32');
}

const CHUNK = 64 * 1024;

/** A file's sum figures, or the errno code of what failed (a folder fails to read: EISDIR). */
async function sumFile(name: LegacyName, path: Buffer, buffer: Buffer): Promise<string | { code: string }> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { code: (e as NodeJS.ErrnoException).code ?? 'EIO' };
  }
  try {
    const sum = await start(name);
    let bytes = 0;
    for (let n = readSync(fd, buffer, 0, CHUNK, null); n > 0; n = readSync(fd, buffer, 0, CHUNK, null)) {
      sum.update(buffer.subarray(0, n));
      bytes += n;
    }
    return sum.figures(bytes);
  } catch (e) {
    return { code: (e as NodeJS.ErrnoException).code ?? 'EIO' };
  } finally {
    closeSync(fd);
  }
}

async function sumStream(name: LegacyName, source: AsyncIterable<Uint8Array>): Promise<string | { code: string }> {
  const sum = await start(name);
  let bytes = 0;
  try {
    for await (const piece of source) {
      sum.update(piece);
      bytes += piece.length;
    }
  } catch (e) {
    return { code: (e as NodeJS.ErrnoException).code ?? 'EIO' };
  }
  return sum.figures(bytes);
}

/**
 * Prints a line per operand (standard input, unnamed, when there is none); resolves to the exit code. A file that
 * cannot be read is reported as cksum reports it, and the others are still summed.
 */
export async function printLegacy(
  name: LegacyName,
  files: readonly string[],
  zero: boolean,
  out: SumOutput,
  stdin: () => AsyncIterable<Uint8Array>,
): Promise<number> {
  const end = zero ? '\0' : '\n';
  const buffer = Buffer.allocUnsafe(CHUNK);
  let ok = true;
  for (const operand of files.length > 0 ? files : ['-']) {
    const path = operandBytes(operand);
    const result = operand === '-' ? await sumStream(name, stdin()) : await sumFile(name, path, buffer);
    if (typeof result !== 'string') {
      out.error(`${quoteName(path)}: ${strerror(result.code)}`);
      ok = false;
      continue;
    }
    const named = files.length > 0 ? Buffer.concat([Buffer.from(' '), path]) : Buffer.alloc(0);
    out.write(Buffer.concat([Buffer.from(result), named, Buffer.from(end)]));
  }
  return ok ? 0 : 1;
}
