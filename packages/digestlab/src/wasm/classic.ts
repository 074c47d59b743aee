/**
 * The `classic` module (SM3, Whirlpool, Tiger): its own memory, its tables copied in from the TypeScript ones, and
 * its compilation, on first use or ahead of it (module.ts's `ready`).
 */
import { tigerBlocks } from '../algorithms/generated/tiger.js';
import { makeTables, T as TIGER_T } from '../algorithms/tiger-tables.js';
import { C as WHIRLPOOL_C, RC as WHIRLPOOL_RC } from '../algorithms/whirlpool-tables.js';
import { CLASSIC_LAYOUT, CLASSIC_WASM } from './generated/classic.js';
import type { Blocks, ClassicName } from './layout.js';
import { moduleAsync, moduleSync } from './sources.js';

/** 32-bit words of each classic core's chaining value (Whirlpool's and Tiger's 64-bit words as two). */
export const CLASSIC_CHAIN: Readonly<Record<ClassicName, number>> = { sm3: 8, whirlpool: 16, tiger: 6 };

/**
 * The `classic` module: SM3, Whirlpool and Tiger, on a memory of its own (the core memory past the input area is
 * the batch's, so tables cannot live there). Layout (CLASSIC_LAYOUT, written by scripts/gen/wasm-classic.mjs): the
 * chaining value at 0, Whirlpool's working buffers (its key, state and message) from 256, its eight tables
 * C_0..C_7 and round constants and Tiger's four S-boxes from 1024 (copied in from the TypeScript tables at
 * instantiation, so that they are computed in one place), the input area from 32768 to the end of its two pages.
 */
export class Classic {
  readonly bytes: Uint8Array;
  readonly words: Int32Array;
  readonly blocks: Readonly<Record<ClassicName, Blocks>>;
  /** Blocks the input area holds. */
  readonly room: number;

  constructor(instance: WebAssembly.Instance) {
    const e = instance.exports as Record<ClassicName, Blocks> & { memory: WebAssembly.Memory };
    this.bytes = new Uint8Array(e.memory.buffer);
    this.words = new Int32Array(e.memory.buffer);
    this.blocks = { sm3: e.sm3, whirlpool: e.whirlpool, tiger: e.tiger };
    this.room = Math.floor((this.bytes.length - CLASSIC_LAYOUT.input) / 64);
    // Whirlpool's tables are (hi, lo) pairs; an i64 in memory is (lo, hi). Tiger's S-boxes are (lo, hi) already.
    const w = this.words;
    for (const [table, at] of [
      [WHIRLPOOL_C, CLASSIC_LAYOUT.whirlpoolC],
      [WHIRLPOOL_RC, CLASSIC_LAYOUT.whirlpoolRc],
    ] as const) {
      for (let i = 0; i < table.length; i += 2) {
        w[(at >> 2) + i] = table[i + 1];
        w[(at >> 2) + i + 1] = table[i];
      }
    }
    makeTables(tigerBlocks);
    w.set(TIGER_T, CLASSIC_LAYOUT.tigerT >> 2);
  }
}

let classicModule: WebAssembly.Module | undefined;

/** A fresh instance of the classic module, compiled synchronously if `compileClassic` has not compiled it. */
export function instantiateClassic(): Classic {
  classicModule ??= moduleSync('classic', CLASSIC_WASM);
  return new Classic(new WebAssembly.Instance(classicModule));
}

/** Compiles the classic module asynchronously (a browser's main thread); never rejects. */
export async function compileClassic(): Promise<void> {
  classicModule ??= await moduleAsync('classic', CLASSIC_WASM).catch(() => undefined);
}
