// The TypeScript cores of BLAKE2b and BLAKE2s (RFC 7693 §3.2), for gen-cores.mjs: their rounds are written in
// ../blake2-cores.mjs.
import { blake2Ts } from '../blake2-cores.mjs';
import { generatedFile, le } from '../core-helpers.mjs';

/** The generated files, by name under algorithms/generated/. */
export const files = () => blake2Ts({ generatedFile, le });
