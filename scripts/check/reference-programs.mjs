#!/usr/bin/env node
/**
 * The outside programs the `refs` tier (`npm run test:refs`) runs as live references, and the Debian package each
 * comes from: the one list that the tests, `.ci/run` and the fresh-machine check read. A program may need a file
 * that is not a program (BouncyCastle's jar, which `java` loads): it is on the same list under its absolute path.
 *
 * `npm test` needs none of them: what they print for fixed inputs is stored in `vectors/` with the command that made
 * it. What a new Debian has (coreutils, OpenSSL, Python 3) is not listed: the default tier may run those.
 *
 *   node scripts/check/reference-programs.mjs missing           the Debian packages to install for what is missing (a
 *                                                         program not on PATH, a file absent), one a line
 *   node scripts/check/reference-programs.mjs without CMD ARGS  runs CMD with none of the programs on PATH (exit code: CMD's)
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Program (its name on PATH) or file (its absolute path) → the Debian package that installs it. */
export const REFERENCES = Object.freeze({
  b3sum: 'b3sum',
  rhash: 'rhash',
  java: 'default-jdk-headless',
  javac: 'default-jdk-headless',
  // BouncyCastle, for vectors/tools/Bc*.java (java -cp /usr/share/java/bcprov.jar ...)
  '/usr/share/java/bcprov.jar': 'libbcprov-java',
  // the checksums' references (scripts/vectors/checksum-vectors.mjs): xxhsum 0.8.1, xz's CRC-64, and the Python
  // modules Debian's /usr/bin/python3 imports
  xxhsum: 'xxhash',
  xz: 'xz-utils',
  '/usr/lib/python3/dist-packages/xxhash/__init__.py': 'python3-xxhash',
  '/usr/lib/python3/dist-packages/crcmod/__init__.py': 'python3-crcmod',
});

/** The programs of {@link REFERENCES}: program → the Debian package that installs it. */
export const REFERENCE_PROGRAMS = Object.freeze(
  Object.fromEntries(Object.entries(REFERENCES).filter(([name]) => !isAbsolute(name))),
);

/** Whether a program of {@link REFERENCES} is on PATH, or a file of it exists. */
function present(name) {
  return isAbsolute(name) ? existsSync(name) : which(name) !== undefined;
}

/** The thrown Error's one line for a reference that is missing, or an unlisted name. */
function required(name, kind) {
  const pkg = REFERENCES[name];
  if (pkg === undefined || isAbsolute(name) !== (kind === 'file'))
    throw new Error(`${name} is not a listed reference ${kind} (scripts/check/reference-programs.mjs)`);
  if (!present(name))
    throw new Error(`${name} is not installed: sudo apt-get install ${pkg} (it is a reference of npm run test:refs)`);
  return name;
}

/** Where a program is on `PATH`, or undefined. */
export function which(program, path = process.env.PATH ?? '') {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {}
  }
  return undefined;
}

/** The program's name when it is on PATH; else a thrown Error whose one line says which Debian package has it. */
export function requireProgram(program) {
  return required(program, 'program');
}

/** The file's path when it exists; else a thrown Error whose one line says which Debian package has it. */
export function requireFile(file) {
  return required(file, 'file');
}

/** The Debian packages of the programs not on PATH and of the files absent, each once. */
export function missingPackages() {
  const missing = Object.entries(REFERENCES).filter(([name]) => !present(name));
  return [...new Set(missing.map(([, pkg]) => pkg))];
}

/**
 * A PATH with the same programs as `path` but the reference programs: each directory that holds one is replaced by a
 * folder of links to everything else in it. `cleanup` removes those folders.
 */
export function pathWithout(path = process.env.PATH ?? '') {
  const root = mkdtempSync(join(tmpdir(), 'digestlab-fresh-path-'));
  const hidden = new Set(Object.keys(REFERENCE_PROGRAMS));
  const dirs = path.split(delimiter).map((dir, i) => {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      return dir;
    }
    if (!names.some((n) => hidden.has(n))) return dir;
    const copy = join(root, String(i));
    mkdirSync(copy);
    for (const name of names) if (!hidden.has(name)) symlinkSync(join(dir, name), join(copy, name));
    return copy;
  });
  return { path: dirs.join(delimiter), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'missing') {
    for (const pkg of missingPackages()) console.log(pkg);
  } else if (command === 'without' && rest.length > 0) {
    const { path, cleanup } = pathWithout();
    const hiddenNow = Object.keys(REFERENCE_PROGRAMS).filter((p) => which(p, path) !== undefined);
    if (hiddenNow.length > 0) throw new Error(`still on PATH: ${hiddenNow.join(', ')}`);
    console.error(`::: with none of ${Object.keys(REFERENCE_PROGRAMS).join(', ')} on PATH`);
    const r = spawnSync(rest[0], rest.slice(1), { stdio: 'inherit', env: { ...process.env, PATH: path } });
    cleanup();
    process.exitCode = r.status ?? 1;
  } else {
    console.error('usage: node scripts/check/reference-programs.mjs missing | without COMMAND [ARGS...]');
    process.exitCode = 2;
  }
}
