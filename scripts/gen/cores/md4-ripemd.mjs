// The TypeScript cores of MD4 (RFC 1320) and the RIPEMDs, for gen-cores.mjs: their plan and emitters are in
// ../md4-family.mjs, which gen-wasm.mjs also reads (the same steps as WebAssembly).
import { generatedFile, hex, le, rotl } from '../core-helpers.mjs';
import { md4FamilyTs } from '../md4-family.mjs';

/** The generated files, by name under algorithms/generated/: MD4 alone, and the four RIPEMDs together. */
export const files = () => md4FamilyTs({ generatedFile, hex, le, rotl });
