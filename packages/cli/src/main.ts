/**
 * The `digestlab` command. Each subcommand is a module that registers itself on the program; `bench` is the
 * default. A further command adds a module and a line to COMMANDS.
 *
 * Modules are loaded only when they may run: `digestlab sum FILE` loads commander and sum, not the bench engine
 * and its peers (importing every command costs ~200 ms, several times Node's own start). `--help` and the default
 * command load them all.
 */
import { readFileSync } from 'node:fs';
import type { Register } from './command.js';
import { CliUsageError, EXIT, type Io, processIo } from './io.js';

/** A command: its name, and its module's `register` function, loaded on demand. */
export interface CommandModule {
  name: string;
  load(): Promise<Register>;
}

export const COMMANDS: readonly CommandModule[] = [
  { name: 'bench', load: async () => (await import('./commands/bench.js')).registerBench },
  { name: 'compare', load: async () => (await import('./commands/compare.js')).registerCompare },
  { name: 'overflow', load: async () => (await import('./overflow/command.js')).registerOverflow },
  { name: 'web', load: async () => (await import('./commands/web.js')).registerWeb },
  { name: 'sum', load: async () => (await import('./commands/sum.js')).registerSum },
];

/**
 * The commands `argv` may run: the one it names, else all (the default command, `--help`, `--version`).
 * A first word that names no command is refused here: otherwise the default command would take it as an
 * argument and answer "too many arguments for 'bench'".
 */
function commandsFor(argv: readonly string[]): readonly CommandModule[] {
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) return COMMANDS;
  const named = COMMANDS.find((c) => c.name === first);
  if (named) return [named];
  if (first === 'help') return COMMANDS;
  throw new CliUsageError(`unknown command '${first}'; commands: ${COMMANDS.map((c) => c.name).join(', ')}`);
}

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
  // `sum` reads its own arguments, as coreutils does, so it needs nothing of commander, whose loading alone costs
  // more than hashing a small file: straight to it
  if (argv[0] === 'sum') return (await import('./commands/sum.js')).sum(argv.slice(1), io, signals);
  const { Command, CommanderError } = await import('commander');
  let code: number = EXIT.ok;
  let modules: readonly CommandModule[];
  try {
    modules = commandsFor(argv);
  } catch (e) {
    io.stderr(`digestlab: ${(e as Error).message}\n(run digestlab --help for usage)\n`);
    return EXIT.usage;
  }
  const program = new Command('digestlab')
    .description("digestlab: message digests measured and proven, ours and everyone else's, side by side")
    .version(version())
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run digestlab --help for usage)');
  for (const register of await Promise.all(modules.map((m) => m.load()))) {
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
    // the lab is loaded already when one of its commands threw its UsageError; importing it here costs nothing then
    const { UsageError } = await import('@digestlab/lab');
    if (e instanceof UsageError || e instanceof CliUsageError) {
      io.stderr(`digestlab: ${e.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`digestlab: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT.failure;
  }
}
