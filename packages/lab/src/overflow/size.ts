/**
 * The size grammar and its formatters moved to `lab/src/size.ts` (bench, overflow, sum and the page read one
 * grammar); overflow's modules and `@digestlab/lab/overflow` keep importing them from here.
 */
export * from '../size.js';
