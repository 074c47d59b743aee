/**
 * `digestlab sum`: a drop-in for sha256sum, md5sum and their siblings (see sum/run.ts). This module only declares
 * the command; its body is imported when it runs, so `digestlab sum FILE` loads nothing else. `sum` reads its
 * own arguments, as GNU getopt would, so that every usage mistake is worded as coreutils words it.
 */
import type { Command } from 'commander';
import type { CommandContext } from '../command.js';
import { EXIT, type Io } from '../io.js';
import { DIGESTLAB_SUM, type Invocation } from '../tools.js';

/** Ctrl-C: stop at once (workers too), with the shell's code for SIGINT. */
const EXIT_INTERRUPTED = 130;

/**
 * Runs `sum` with the arguments after it; resolves to its exit code. A reader of stdout gone away (`| head`) stops
 * it silently with the code a shell shows for coreutils then; any other failed write is coreutils' one line
 * `sha256sum: write error` at the end, exit 1 (what sha256sum 9.1 prints for `> /dev/full`: stdio keeps failing
 * and the run goes on, so every file's own message still comes). An error of ours is main's to report.
 */
export async function sum(args: readonly string[], io: Io, signals: boolean, invocation: Invocation): Promise<number> {
  if (signals) {
    process.once('SIGINT', () => process.exit(EXIT_INTERRUPTED));
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(EXIT.brokenPipe);
    });
  }
  const { runSum } = await import('../sum/run.js');
  const code = await runSum(args, io, invocation);
  const failed = await io.stdoutDone?.();
  if (failed === undefined) return code;
  if (failed.code === 'EPIPE') return EXIT.brokenPipe;
  io.stderr(`${invocation.program}: write error\n`);
  return 1;
}

/** Declares `sum` for the command list (`digestlab --help`); `main` runs it without commander (see `sum`). */
export function registerSum(program: Command, { io, argv, done, signals, version }: CommandContext): void {
  program
    .command('sum')
    .description(
      'print or check checksums: a drop-in for sha256sum, md5sum and siblings (same output, same -c), hashing in parallel',
    )
    .argument('[args...]', 'options and files, as sha256sum takes them (digestlab sum --help)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async () => {
      done(await sum(argv.slice(argv.indexOf('sum') + 1), io, signals, { program: DIGESTLAB_SUM, version }));
    });
}

/** Declares `cksum` for the command list; `main` runs it as `sum` in its cksum mode (tools.ts), without commander. */
export function registerCksum(program: Command): void {
  program
    .command('cksum')
    .description("print or check checksums as coreutils 9.1's cksum does (CRC by default, -a for the others)")
    .argument('[args...]', 'options and files, as cksum takes them (digestlab cksum --help)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments();
}

/** Declares `xxhsum` for the command list; `main` runs it as `sum` in its xxhsum mode (tools.ts), without commander. */
export function registerXxhsum(program: Command): void {
  program
    .command('xxhsum')
    .description('print xxHash checksums as xxhsum 0.8.1 does (-H0..-H3, --tag, --little-endian; no -c yet)')
    .argument('[args...]', 'options and files, as xxhsum takes them (digestlab xxhsum --help)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments();
}
