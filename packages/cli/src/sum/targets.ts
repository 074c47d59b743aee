/**
 * What `sum` hashes, in order: standard input, files named on the command line, and (`-r`) the files under
 * directories, names sorted by bytes and joined with `/`. Paths are bytes throughout, so names on disk that are
 * not UTF-8 are hashed and printed as they are.
 */
import { lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import { quoteName } from './names.js';

export type Target =
  | { kind: 'stdin'; name: Buffer }
  | { kind: 'file'; name: Buffer; size: number }
  /** A directory that could not be listed: reported as coreutils reports a file it cannot read. */
  | { kind: 'error'; name: Buffer; code: string };

const DASH = Buffer.from('-');
const SLASH = Buffer.from('/');

/** A file's size, to balance work between threads; 0 when stat fails (hashing it will say what is wrong). */
export function sizeOf(path: Buffer): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The targets of plain operands (no `-r`), as bytes (operands.ts): each as given; `-` is standard input. */
export function operandTargets(operands: readonly Buffer[]): Target[] {
  return operands.map((name) =>
    name.equals(DASH) ? { kind: 'stdin', name: DASH } : { kind: 'file', name, size: sizeOf(name) },
  );
}

function join(dir: Buffer, entry: Buffer): Buffer {
  return dir.at(-1) === 0x2f ? Buffer.concat([dir, entry]) : Buffer.concat([dir, SLASH, entry]);
}

/**
 * `-r`: operands that are directories (symbolic links on the command line followed) are walked; inside them,
 * symbolic links are followed only with `dereference` (-L), and special files (FIFOs, sockets, devices) and links
 * not followed are skipped with a warning.
 */
export function recursiveTargets(
  operands: readonly Buffer[],
  dereference: boolean,
  warn: (message: string) => void,
): Target[] {
  const out: Target[] = [];
  const walk = (dir: Buffer, ancestors: ReadonlySet<string>) => {
    let entries: Buffer[];
    try {
      entries = readdirSync(dir, { encoding: 'buffer' });
    } catch (e) {
      out.push({ kind: 'error', name: dir, code: (e as NodeJS.ErrnoException).code ?? 'EIO' });
      return;
    }
    entries.sort(Buffer.compare);
    for (const entry of entries) {
      const path = join(dir, entry);
      let st: Stats;
      try {
        st = dereference ? statSync(path) : lstatSync(path);
      } catch (e) {
        out.push({ kind: 'error', name: path, code: (e as NodeJS.ErrnoException).code ?? 'EIO' });
        continue;
      }
      visit(path, st, ancestors);
    }
  };
  const visit = (path: Buffer, st: Stats, ancestors: ReadonlySet<string>) => {
    if (st.isFile()) out.push({ kind: 'file', name: path, size: st.size });
    else if (st.isDirectory()) {
      const id = `${st.dev}:${st.ino}`;
      if (ancestors.has(id)) warn(`${quoteName(path)}: directory loop skipped`);
      else walk(path, new Set(ancestors).add(id));
    } else if (st.isSymbolicLink()) warn(`${quoteName(path)}: symbolic link skipped (-L follows links)`);
    else warn(`${quoteName(path)}: special file skipped`);
  };
  for (const name of operands) {
    if (name.equals(DASH)) {
      out.push({ kind: 'stdin', name: DASH });
      continue;
    }
    let st: Stats;
    try {
      st = statSync(name);
    } catch {
      out.push({ kind: 'file', name, size: 0 }); // hashing it reports the error as coreutils would
      continue;
    }
    if (st.isDirectory()) visit(name, st, new Set());
    else out.push({ kind: 'file', name, size: st.size });
  }
  return out;
}
