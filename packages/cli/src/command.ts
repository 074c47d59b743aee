/**
 * The contract between `main` and each command module: what a command's `register` function gets. A module that
 * registers a command imports this, not main.ts, so main.ts imports the commands and no command imports it back.
 */
import type { Command } from 'commander';
import type { Io } from './io.js';

/** What a command module gets: where to write, the command line as given, and how to report its exit code. */
export interface CommandContext {
  io: Io;
  argv: readonly string[];
  done(code: number): void;
  /** Whether a command may install SIGINT/SIGTERM handlers (not when tests call `main` in-process). */
  signals: boolean;
  /** digestlab's version, read from package.json when asked. */
  version: () => string;
}

/** A command module's `register`: declares its command on `program`, and reports its exit code to `ctx.done`. */
export type Register = (program: Command, ctx: CommandContext) => void;
