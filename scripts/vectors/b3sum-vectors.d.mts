/** Types of b3sum-vectors.mjs, for the tests that import it. */
export declare function b3sumOf(
  inputs: Uint8Array[],
  outputLength: number,
  mode: { key?: Uint8Array; context?: string },
): string[];
