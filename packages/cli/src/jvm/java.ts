/** Finding what `--jvm` runs: a JDK 11 or newer on the PATH, and a BouncyCastle jar for the `java:BC` row. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CliUsageError } from '../io.js';

/** What to install, in the one message every missing-JDK case gives. */
export const INSTALL_JDK = 'install a JDK 11 or newer, e.g. `apt-get install default-jdk-headless`';

/** Where Debian's (and Ubuntu's) libbcprov-java puts BouncyCastle's provider: a link to the versioned jar. */
export const DEBIAN_BCPROV = '/usr/share/java/bcprov.jar';

/**
 * The major version in `java -version`'s output (`openjdk version "17.0.15" …`, `java version "1.8.0_392"`), or
 * undefined when there is none.
 */
export function javaMajor(versionOutput: string): number | undefined {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!m) return undefined;
  const major = Number(m[1]);
  return major === 1 && m[2] !== undefined ? Number(m[2]) : major;
}

/**
 * Checks that `java` runs, is 11 or newer and has the compiler (single-file source mode needs a JDK); throws a {@link CliUsageError} (exit 2)
 * naming what to install otherwise. Returns the major version.
 */
export function requireJdk(java = 'java'): number {
  const r = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (r.error) throw new CliUsageError(`--jvm: no \`${java}\` on the PATH; ${INSTALL_JDK}`);
  const major = javaMajor(`${r.stderr}${r.stdout}`);
  if (major === undefined || major < 11) {
    const said = `${r.stderr}${r.stdout}`.trim().split('\n')[0] ?? '';
    throw new CliUsageError(`--jvm: \`${java} -version\` says "${said}", not 11 or newer; ${INSTALL_JDK}`);
  }
  // a JRE runs no source file: the launcher compiles it with the JDK's jdk.compiler module
  const modules = spawnSync(java, ['--list-modules'], { encoding: 'utf8' });
  if (!/^jdk\.compiler@/m.test(modules.stdout ?? '')) {
    throw new CliUsageError(`--jvm: \`${java}\` is a JRE without the compiler (jdk.compiler); ${INSTALL_JDK}`);
  }
  return major;
}

/** The class path for the JVM: `--jvm-classpath` when given, else Debian's BouncyCastle jar where it is installed. */
export function jvmClasspath(
  flag: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (flag !== undefined) return flag;
  return exists(DEBIAN_BCPROV) ? DEBIAN_BCPROV : undefined;
}
