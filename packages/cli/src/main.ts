/**
 * The `digestlab` command. Each subcommand is a module that registers itself on the program; `bench` is the
 * default. A further command (`sum`) adds a module and a line to COMMANDS.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '@digestlab/lab';
import { Command, CommanderError } from 'commander';
import { registerBench } from './commands/bench.js';
import { registerCompare } from './commands/compare.js';
import { registerWeb } from './commands/web.js';
import { CliUsageError, EXIT, type Io, processIo } from './io.js';
import { registerOverflow } from './overflow/command.js';

/** What a command module gets: where to write, the command line as given, and how to report its exit code. */
export interface CommandContext {
  io: Io;
  argv: readonly string[];
  done(code: number): void;
  /** Whether a command may install SIGINT/SIGTERM handlers (not when tests call `main` in-process). */
  signals: boolean;
}

export type Register = (program: Command, ctx: CommandContext) => void;

export const COMMANDS: Register[] = [registerBench, registerCompare, registerOverflow, registerWeb];

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'unknown';
  }
}

/** Runs the command line `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo(), signals = true): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command('digestlab')
    .description("digestlab: message digests measured and proven, ours and everyone else's, side by side")
    .version(version())
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run digestlab --help for usage)');
  for (const register of COMMANDS) {
    register(program, {
      io,
      argv,
      signals,
      done: (c) => {
        code = c;
      },
    });
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and --version exit 0; every other commander error is a usage mistake it has already printed
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof UsageError || e instanceof CliUsageError) {
      io.stderr(`digestlab: ${e.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`digestlab: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT.failure;
  }
}
