/**
 * The one place where an error no command expected becomes what a user reads: one line saying what went wrong and
 * what to do, never a stack trace, unless the stack is asked for (`DIGESTLAB_DEBUG=1`, or `--debug`). `main` calls
 * it for what a command throws, the bin script for what escapes every command (an error in an event handler).
 */
import type { Io } from './io.js';
import { isTool } from './tools.js';

/** The option that asks for stacks. */
export const DEBUG_FLAG = '--debug';

/** Whether stacks are wanted: `DIGESTLAB_DEBUG` set to anything but empty or `0`. */
export function debugEnv(env: Io['env']): boolean {
  const v = env.DIGESTLAB_DEBUG;
  return v !== undefined && v !== '' && v !== '0';
}

/**
 * `argv` without `--debug`, and whether stacks are wanted. `--debug` is taken before the command's name, and
 * anywhere before `--` in every command but `sum`, which reads its own arguments as coreutils does (there
 * `--debug` is an unknown option, as it is to sha256sum).
 */
export function debugOption(argv: readonly string[], env: Io['env']): { debug: boolean; argv: string[] } {
  let lead = 0;
  while (argv[lead] === DEBUG_FLAG) lead++;
  const rest = argv.slice(lead);
  const asked = debugEnv(env) || lead > 0;
  // sum's arguments are its own, `--debug` a file name there as for coreutils
  if (rest[0] === 'sum' || isTool(rest[0])) return { debug: asked, argv: rest };
  const end = rest.indexOf('--');
  const options = end < 0 ? rest : rest.slice(0, end);
  const kept = options.filter((a) => a !== DEBUG_FLAG);
  return { debug: asked || kept.length < options.length, argv: [...kept, ...(end < 0 ? [] : rest.slice(end))] };
}

/** The first line of an error's message, so a user's terminal gets one line whatever the error holds. */
function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n', 1)[0]?.trim() || (e instanceof Error ? e.name : 'unknown error');
}

/**
 * What to print for an error no command expected: a system error (a file or the disk: it has an errno code) is
 * the user's to fix; anything else is a fault of ours, to report. With `debug`, the stack follows.
 */
export function unexpectedMessage(e: unknown, debug: boolean): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const line =
    typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)
      ? `digestlab: ${firstLine(e)}; check the path, its permissions and the free space, then run it again`
      : `digestlab: internal error: ${firstLine(e)}; please report it with the output of the same command run with ${DEBUG_FLAG}`;
  if (!debug) return `${line}\n`;
  return `${line}\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`;
}
