/** Types of pseudo-random.mjs, for the tests that import it. */
export declare function pseudoRandomBytes(length: number, seed: number): Uint8Array<ArrayBuffer>;
