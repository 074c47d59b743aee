/**
 * `digestlab sum`: a drop-in for sha256sum, md5sum and their siblings (see sum/run.ts). This module only declares
 * the command; its body is imported when it runs, so `digestlab sum FILE` loads nothing else. `sum` reads its
 * own arguments, as GNU getopt would, so that every usage mistake is worded as coreutils words it.
 */
import type { Command } from 'commander';
import type { CommandContext } from '../command.js';
import type { Io } from '../io.js';

/** Ctrl-C: stop at once (workers too), with the shell's code for SIGINT. */
const EXIT_INTERRUPTED = 130;
/** The reader of stdout went away (`| head`): stop silently, with the code a shell shows for coreutils then. */
const EXIT_BROKEN_PIPE = 141;

/** Runs `sum` with the arguments after it; resolves to its exit code. */
export async function sum(args: readonly string[], io: Io, signals: boolean): Promise<number> {
  if (signals) {
    process.once('SIGINT', () => process.exit(EXIT_INTERRUPTED));
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit(EXIT_BROKEN_PIPE);
    });
  }
  const { runSum } = await import('../sum/run.js');
  try {
    return await runSum(args, io);
  } catch (e) {
    // not a file's error (those are reported as coreutils reports them): a fault of ours, such as a worker dying
    io.stderr(`digestlab sum: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}

/** Declares `sum` for the command list (`digestlab --help`); `main` runs it without commander (see `sum`). */
export function registerSum(program: Command, { io, argv, done, signals }: CommandContext): void {
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
      done(await sum(argv.slice(argv.indexOf('sum') + 1), io, signals));
    });
}
