/**
 * `digestlab board`: a results board's store from the command line.
 *
 *   digestlab board import FILES… [--store LOC]   run files into the store; a run already there is a duplicate
 *   digestlab board copy --to URL [--store LOC]   every run of one store into another (the embedded store into
 *                                                 PostgreSQL when a board outgrows one machine)
 *
 * LOC is a folder (the embedded store; default digestlab-results/board, where `digestlab web` keeps its runs) or a
 * postgres:// URL. Exit 0 when every file was taken or already there, 1 when any was refused.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DEFAULT_STORE, openStore } from '../board/open.js';
import { RunRejected, type RunStore } from '../board/store.js';
import type { CommandContext } from '../command.js';
import { CliUsageError, EXIT, type Io } from '../io.js';
import { reason } from '../paths.js';

interface BoardFlags {
  store?: string;
  to?: string;
}

/** One file into the store: what happened, as a line; false when it was refused. */
async function importOne(store: RunStore, file: string, io: Io): Promise<boolean> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    io.stderr(`digestlab board: ${file}: ${reason(e as NodeJS.ErrnoException)}\n`);
    return false;
  }
  try {
    const { id, added } = await store.add(text);
    io.stdout(`${added ? 'added' : 'already there'} ${id} ${file}\n`);
    return true;
  } catch (e) {
    if (!(e instanceof RunRejected)) throw e;
    io.stderr(`digestlab board: refused ${file}: ${e.message}\n`);
    return false;
  }
}

export async function boardImport(files: string[], flags: BoardFlags, io: Io): Promise<number> {
  const store = await openStore(flags.store ?? DEFAULT_STORE);
  let refused = 0;
  try {
    for (const file of files) if (!(await importOne(store, file, io))) refused++;
    io.stdout(`${store.location}: ${await store.count()} runs\n`);
  } finally {
    await store.close();
  }
  return refused === 0 ? EXIT.ok : EXIT.failure;
}

export async function boardCopy(flags: BoardFlags, io: Io): Promise<number> {
  if (flags.to === undefined) throw new CliUsageError('board copy needs --to LOCATION (a postgres:// URL or a folder)');
  const from = await openStore(flags.store ?? DEFAULT_STORE);
  try {
    const to = await openStore(flags.to);
    let added = 0;
    let there = 0;
    try {
      await from.each(200, async (texts) => {
        for (const text of texts) (await to.add(text)).added ? added++ : there++;
      });
      io.stdout(`copied ${from.location} to ${to.location}: ${added} added, ${there} already there\n`);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
  return EXIT.ok;
}

export function registerBoard(program: Command, { io, done }: CommandContext): void {
  const board = program.command('board').description("a results board's store: import run files, copy a store");
  const store = `where runs are kept: a folder or a postgres:// URL (default ${DEFAULT_STORE})`;
  board
    .command('import')
    .description('add run files (digestlab bench --json, overflow --json, web) to the store; duplicates are skipped')
    .argument('<files...>', 'run files')
    .option('--store <location>', store)
    .action(async (files: string[], flags: BoardFlags) => {
      done(await boardImport(files, flags, io));
    });
  board
    .command('copy')
    .description('copy every run of the store into another store (e.g. the embedded one into PostgreSQL)')
    .requiredOption('--to <location>', 'the store to copy into: a postgres:// URL or a folder')
    .option('--store <location>', store)
    .action(async (flags: BoardFlags) => {
      done(await boardCopy(flags, io));
    });
}
