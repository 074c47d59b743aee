/**
 * The tools `sum` stands in for, and how it was called. Invoked through a link or a copy named after one
 * (`ln -s "$(command -v digestlab)" ~/bin/sha256sum`), or as `digestlab sha256sum` (busybox's way, for a wrapper
 * script), `sum` takes that tool's algorithm, refuses `-a` as the tool does, and names itself as the tool in its
 * messages, `--help` and `--version`; named `cksum`, it is coreutils 9.1's cksum (sum/cksum.ts).
 */

/** Each tool's name, and the algorithm it computes (as `-a` names it). */
export const TOOLS: Readonly<Record<string, string>> = {
  md5sum: 'md5',
  sha1sum: 'sha1',
  sha224sum: 'sha224',
  sha256sum: 'sha256',
  sha384sum: 'sha384',
  sha512sum: 'sha512',
  b2sum: 'blake2b',
  b3sum: 'blake3',
};

/** cksum, coreutils' tool of many algorithms (`-a`, CRC by default): `sum` in its cksum mode (sum/cksum.ts). */
export const CKSUM = 'cksum';

/** xxhsum 0.8.1 (`-H0`…`-H3`, XXH64 by default): `sum` in its xxhsum mode (sum/xxhsum.ts). */
export const XXHSUM = 'xxhsum';

/** How `sum` was called: the name it answers to, its version, and the algorithm a tool's name fixes. */
export interface Invocation {
  /** The name in messages: `digestlab sum`, or the tool's (`sha256sum`). */
  readonly program: string;
  /** The algorithm the tool computes; `-a` is then refused, as the tool has no such option. */
  readonly algorithm?: string;
  /** `cksum` or `xxhsum`: that tool's options, defaults and lines rather than sha256sum's. */
  readonly mode?: 'cksum' | 'xxhsum';
  /** digestlab's version, for `--version`. */
  readonly version: () => string;
}

/** Whether `name` is a tool's name as it stands (`sha256sum`, not a path). */
export const isTool = (name: string | undefined): boolean =>
  name !== undefined && (Object.hasOwn(TOOLS, name) || name === CKSUM || name === XXHSUM);

/** `digestlab sum` itself: any algorithm, `-a` to choose. */
export const DIGESTLAB_SUM = 'digestlab sum';

/** The invocation a name stands for (a tool's, in any path: `/usr/local/bin/sha256sum`), if it names a tool. */
export function toolInvocation(name: string | undefined, version: () => string): Invocation | undefined {
  const base = name?.split('/').pop();
  if (base === CKSUM) return { program: CKSUM, mode: 'cksum', version };
  if (base === XXHSUM) return { program: XXHSUM, mode: 'xxhsum', version };
  if (base === undefined || !Object.hasOwn(TOOLS, base)) return undefined;
  return { program: base, algorithm: TOOLS[base], version };
}

/** `--version`'s line: the program, then digestlab's version, as coreutils writes `sha256sum (GNU coreutils) 9.1`. */
export const versionLine = (invocation: Invocation): string =>
  `${invocation.program} (digestlab) ${invocation.version()}\n`;
