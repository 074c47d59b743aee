/** What `sum` prints: checksum lines as bytes on stdout (buffered), messages on stderr as coreutils words them. */
import type { Io } from '../io.js';
import { DIGESTLAB_SUM } from '../tools.js';
import type { SumAlgorithm } from './algorithms.js';
import { escapeName, needsEscape } from './names.js';

/** The program name in messages, where coreutils prints `sha256sum` (a tool's own when invoked as one: tools.ts). */
export const PROGRAM = DIGESTLAB_SUM;

/** glibc's strerror for the errors a file can meet (Node gives libuv's wording, which differs). */
const STRERROR: Readonly<Record<string, string>> = {
  EACCES: 'Permission denied',
  EBADF: 'Bad file descriptor',
  EBUSY: 'Device or resource busy',
  EFBIG: 'File too large',
  EINVAL: 'Invalid argument',
  EIO: 'Input/output error',
  EISDIR: 'Is a directory',
  ELOOP: 'Too many levels of symbolic links',
  EMFILE: 'Too many open files',
  ENAMETOOLONG: 'File name too long',
  ENFILE: 'Too many open files in system',
  ENODEV: 'No such device',
  ENOENT: 'No such file or directory',
  ENOMEM: 'Cannot allocate memory',
  ENOTDIR: 'Not a directory',
  ENXIO: 'No such device or address',
  EOVERFLOW: 'Value too large for defined data type',
  EPERM: 'Operation not permitted',
  ESTALE: 'Stale file handle',
  ETXTBSY: 'Text file busy',
  EAGAIN: 'Resource temporarily unavailable',
};

export function strerror(code: string): string {
  return STRERROR[code] ?? code;
}

export interface LineFormat {
  tag: boolean;
  binary: boolean;
  zero: boolean;
}

/** One checksum line, as coreutils prints it (escaped name unless `-z`). */
export function checksumLine(algorithm: SumAlgorithm, hex: string, name: Uint8Array, f: LineFormat): Buffer {
  const escaped = !f.zero && needsEscape(name);
  const shown = escaped ? escapeName(name) : name;
  const lead = escaped ? '\\' : '';
  const end = f.zero ? '\0' : '\n';
  if (f.tag) return Buffer.concat([Buffer.from(`${lead}${algorithm.tag} (`), shown, Buffer.from(`) = ${hex}${end}`)]);
  return Buffer.concat([Buffer.from(`${lead}${hex} ${f.binary ? '*' : ' '}`), shown, Buffer.from(end)]);
}

/** A `-c` result line: `name: OK`; names holding a newline are escaped (coreutils 9.1 escapes only those there). */
export function checkLine(name: Uint8Array, verdict: string): Buffer {
  const escaped = name.includes(0x0a);
  return Buffer.concat([
    Buffer.from(escaped ? '\\' : ''),
    escaped ? escapeName(name) : name,
    Buffer.from(`: ${verdict}\n`),
  ]);
}

/** Flush stdout's buffer when it holds this much. */
const FLUSH_AT = 64 * 1024;

/**
 * stdout buffered: the lines written in one turn of the event loop go out in one write (10,000 small files: a few
 * hundred writes, not 10,000), and before any message, so the two streams stay in order on a terminal.
 */
export class SumOutput {
  #pending: Buffer[] = [];
  #bytes = 0;
  #scheduled = false;

  constructor(
    private readonly io: Io,
    readonly program: string = PROGRAM,
  ) {}

  write(bytes: Buffer): void {
    this.#pending.push(bytes);
    this.#bytes += bytes.length;
    if (this.#bytes >= FLUSH_AT) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** `digestlab sum: message` on stderr (the tool's name when invoked as one). */
  error(message: string): void {
    this.flush();
    this.io.stderr(`${this.program}: ${message}\n`);
  }

  /** A message on stderr as it is, after what stdout holds. */
  raw(message: string): void {
    this.flush();
    this.io.stderr(message);
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#bytes === 0) return;
    const all = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#bytes = 0;
    if (this.io.stdoutBytes) this.io.stdoutBytes(all);
    else this.io.stdout(all.toString());
  }
}
