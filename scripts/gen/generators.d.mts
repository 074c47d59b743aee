/** Types of generators.mjs, for the test that imports it. */
export interface Generator {
  script: string;
  writes: string;
}
export declare const GENERATORS: readonly Generator[];
export declare function scriptOf(generator: Generator): string;
