// BLAKE3's TypeScript rounds written out (the BLAKE3 paper §2.2), for gen-cores.mjs: the shape for engines with no
// JIT and for V8, written in ../blake3-core.mjs.
import { blake3Ts } from '../blake3-core.mjs';
import { generatedFile } from '../core-helpers.mjs';

/** The generated files, by name under algorithms/generated/. */
export const files = () => blake3Ts({ generatedFile });
