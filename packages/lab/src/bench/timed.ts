/**
 * The call a workload times for one cell, and the check of its last result once timing is over. Every call's result
 * goes to a sink and the last one is checked again after timing: the work is consumed, so it cannot be optimised
 * away, and a row that goes wrong once warm is caught.
 */
import { type Output, outputHex } from '../rows.js';
import type { Call } from '../timing.js';

export interface TimedCall {
  call: Call;
  isAsync: boolean;
  /** After the last timed call: what is wrong with its result (the cell is then wrong), or undefined. */
  lastWrong(): string | undefined;
}

let readChars = 0;
/**
 * Reads a hex result as whoever asked for it would (compares, prints, sends it): a string built by concatenation
 * is a rope in V8 until a character is read, and flattening it then costs as much as building it; node:crypto and
 * TextDecoder return flat strings. Reading one character makes every row pay for a usable string.
 */
function read(hex: string): string {
  readChars += hex.charCodeAt(hex.length - 1);
  return hex;
}
/** (So that `read` cannot be optimised away.) */
export const readCharsForTests = (): number => readChars;

/** What is wrong with a cell's last timed output (exported for rows timed elsewhere: the CLI's JVM), or undefined. */
export function lastOutputWrong(out: Output, expected: string | undefined): string | undefined {
  const hex = outputHex(out);
  return hex === expected ? undefined : `its last timed output ${hex.slice(0, 40)}… differs from the check`;
}

/** A timed call of a string-in, hex-out function (the seed and hmac workloads). */
export function hexCall(
  f: (input: string) => string | Promise<string>,
  input: string,
  isAsync: boolean,
  expected: string | undefined,
): TimedCall {
  let sink = '';
  const call: Call = isAsync
    ? async () => {
        sink = read(await f(input));
      }
    : () => {
        sink = read(f(input) as string);
      };
  return { call, isAsync, lastWrong: () => lastOutputWrong(sink, expected) };
}

/** A timed call of a bytes-in function (the sizes workload). */
export function outputCall(
  f: (input: Uint8Array) => Output | Promise<Output>,
  input: Uint8Array,
  isAsync: boolean,
  expected: string | undefined,
): TimedCall {
  let sink: Output = '';
  const call: Call = isAsync
    ? async () => {
        sink = await f(input);
      }
    : () => {
        sink = f(input) as Output;
      };
  return { call, isAsync, lastWrong: () => lastOutputWrong(sink, expected) };
}
