/** Every WebAssembly module's embedded bytes (src/wasm/generated), by the name of its .wasm file. */
import { decode } from '../../src/wasm/base64.js';
import { BLAKE2_WASM, BLAKE2SIMD_WASM } from '../../src/wasm/generated/blake2.js';
import { BLAKE3_WASM, BLAKE3SIMD_WASM } from '../../src/wasm/generated/blake3.js';
import { CLASSIC_WASM } from '../../src/wasm/generated/classic.js';
import { CORE_WASM } from '../../src/wasm/generated/core.js';
import { CRC_WASM } from '../../src/wasm/generated/crc.js';
import { RIPEMD_WASM } from '../../src/wasm/generated/ripemd.js';
import { SHASIMD_WASM } from '../../src/wasm/generated/shasimd.js';
import { SIMD_WASM } from '../../src/wasm/generated/simd.js';
import { XXHASH_WASM, XXHASHSIMD_WASM } from '../../src/wasm/generated/xxhash.js';
import type { WasmModuleName } from '../../src/wasm/names.js';

const EMBEDDED: Readonly<Record<WasmModuleName, string>> = {
  core: CORE_WASM,
  shasimd: SHASIMD_WASM,
  simd: SIMD_WASM,
  ripemd: RIPEMD_WASM,
  classic: CLASSIC_WASM,
  blake2: BLAKE2_WASM,
  blake2simd: BLAKE2SIMD_WASM,
  blake3: BLAKE3_WASM,
  blake3simd: BLAKE3SIMD_WASM,
  xxhash: XXHASH_WASM,
  xxhashsimd: XXHASHSIMD_WASM,
  crc: CRC_WASM,
};

export function embeddedBytes(name: WasmModuleName): Uint8Array<ArrayBuffer> {
  return decode(EMBEDDED[name]);
}

/** Eighty characters from the middle of a module's base64: found in a bundle that embeds the module. */
export function embeddedExcerpt(name: WasmModuleName): string {
  const text = EMBEDDED[name];
  const middle = Math.floor(text.length / 2);
  return text.slice(middle, middle + 80);
}
