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
import { DEBUG_FLAG, debugEnv, debugOption, unexpectedMessage } from './errors.js';
import { CliUsageError, EXIT, type Io, processIo } from './io.js';
import { DIGESTLAB_SUM, type Invocation, isTool, toolInvocation } from './tools.js';

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
  { name: 'cksum', load: async () => (await import('./commands/sum.js')).registerCksum },
  { name: 'xxhsum', load: async () => (await import('./commands/sum.js')).registerXxhsum },
  { name: 'board', load: async () => (await import('./commands/board.js')).registerBoard },
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

/**
 * `sum`'s part of the command line, if it is one: `sum ARGS`, a tool's name then its arguments (`sha256sum ARGS`,
 * busybox's way), or any arguments when the program itself is named after a tool (a link `sha256sum`).
 */
function sumCall(args: string[], invokedAs: string | undefined): { args: string[]; invocation: Invocation } | null {
  const asTool = toolInvocation(invokedAs, version);
  if (asTool) return { args, invocation: asTool };
  if (args[0] === 'sum') return { args: args.slice(1), invocation: { program: DIGESTLAB_SUM, version } };
  return isTool(args[0]) ? { args: args.slice(1), invocation: toolInvocation(args[0], version) as Invocation } : null;
}

/**
 * Runs the command line `argv` (without node and script); resolves to the exit code. `invokedAs`: the path the
 * program was run by (process.argv[1]): named after a tool (`sha256sum`), it is that tool (tools.ts). Every error
 * a command throws ends here: a usage mistake is its message and exit 2; anything else one line from ./errors.ts
 * and exit 1.
 */
export async function main(argv: string[], io: Io = processIo(), signals = true, invokedAs?: string): Promise<number> {
  // named after a tool, every argument is the tool's (`--debug` too, as a file name)
  const asTool = toolInvocation(invokedAs, version) !== undefined;
  const { debug, argv: args } = asTool ? { debug: debugEnv(io.env), argv } : debugOption(argv, io.env);
  try {
    // `sum` reads its own arguments, as coreutils does, so it needs nothing of commander, whose loading alone costs
    // more than hashing a small file: straight to it
    const call = sumCall(args, invokedAs);
    if (call) return await (await import('./commands/sum.js')).sum(call.args, io, signals, call.invocation);
    return await outputChecked(await runProgram(args, io, signals), io);
  } catch (e) {
    // the lab is loaded already when one of its commands threw its UsageError; importing it here costs nothing then
    const { UsageError } = await import('@digestlab/lab');
    if (e instanceof UsageError || e instanceof CliUsageError) {
      io.stderr(`digestlab: ${e.message}\n`);
      return EXIT.usage;
    }
    io.stderr(unexpectedMessage(e, debug));
    return EXIT.failure;
  }
}

/**
 * `code`, unless a write to stdout failed (a full disk under `> file`): then one line and exit 1, or, when stdout's
 * reader went away (`| head`), the shell's code for SIGPIPE, silently, as coreutils gets. (`sum` words its own.)
 */
async function outputChecked(code: number, io: Io): Promise<number> {
  const failed = await io.stdoutDone?.();
  if (failed === undefined) return code;
  if (failed.code === 'EPIPE') return EXIT.brokenPipe;
  // imported here, not at the top: paths.ts loads node:crypto (files.ts), which `sum -a blake3` never needs
  const { reason } = await import('./paths.js');
  io.stderr(`digestlab: cannot write to standard output: ${reason(failed)}\n`);
  return EXIT.failure;
}

/** The commander program of every command but `sum`, run on `argv`. */
async function runProgram(argv: string[], io: Io, signals: boolean): Promise<number> {
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
    // read by main before commander sees the line (errors.ts); declared so that --help lists it
    .option(DEBUG_FLAG, 'on an unexpected error, print its stack trace (also DIGESTLAB_DEBUG=1)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run digestlab --help for usage)');
  for (const register of await Promise.all(modules.map((m) => m.load()))) {
    register(program, {
      io,
      argv,
      signals,
      version,
      done: (c) => {
        code = c;
      },
    });
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    // help and --version exit 0; every other commander error is a usage mistake it has already printed
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw e;
  }
}

/**
 * For the bin script: an error that escaped every command (thrown in an event handler, a rejection nobody
 * awaited) is printed as main prints one, and the process ends with exit 1.
 */
export function fatal(e: unknown): never {
  const { debug } = debugOption(process.argv.slice(2), process.env);
  process.stderr.write(unexpectedMessage(e, debug));
  process.exit(EXIT.failure);
}
