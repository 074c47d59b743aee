/** Types of rhash-vectors.mjs, for the tests that import it. */
export declare function rhashOf(inputs: Uint8Array[]): { TIGER: string; WHIRLPOOL: string }[];
