/**
 * The names of digestlab's WebAssembly modules (the files dist/wasm/NAME.wasm) and the shape of compiled ones handed
 * to the library: the public types of `ready({ modules })`, apart from sources.ts so that the package's declarations
 * need no WebAssembly types (a project without the DOM library or @types/node has none).
 */

export const WASM_MODULE_NAMES = [
  'core',
  'shasimd',
  'simd',
  'ripemd',
  'classic',
  'blake2',
  'blake2simd',
  'blake3',
  'blake3simd',
  'xxhash',
  'xxhashsimd',
  'crc',
] as const;

export type WasmModuleName = (typeof WASM_MODULE_NAMES)[number];

/**
 * Compiled modules by name: any of them (one not given is compiled from the embedded bytes, where allowed). Each a
 * `WebAssembly.Module`, checked when given; typed as an object for the reason above.
 */
export type WasmModules = Partial<Record<WasmModuleName, object>>;
