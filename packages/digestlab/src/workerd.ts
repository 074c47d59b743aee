/**
 * digestlab for Cloudflare Workers (the `workerd` export condition, which wrangler and workerd's own bundling
 * resolve): the same API as `digestlab`, with our WebAssembly imported as modules (workerd refuses to compile
 * bytes, and compiles a `.wasm` import when it deploys the Worker), handed to the library before any call.
 */
import blake2 from './wasm/generated/blake2.wasm';
import blake2simd from './wasm/generated/blake2simd.wasm';
import blake3 from './wasm/generated/blake3.wasm';
import blake3simd from './wasm/generated/blake3simd.wasm';
import classic from './wasm/generated/classic.wasm';
import core from './wasm/generated/core.wasm';
import crc from './wasm/generated/crc.wasm';
import ripemd from './wasm/generated/ripemd.wasm';
import shasimd from './wasm/generated/shasimd.wasm';
import simd from './wasm/generated/simd.wasm';
import xxhash from './wasm/generated/xxhash.wasm';
import xxhashsimd from './wasm/generated/xxhashsimd.wasm';
import { useModules } from './wasm/module.js';

useModules({ core, shasimd, simd, ripemd, classic, blake2, blake2simd, blake3, blake3simd, xxhash, xxhashsimd, crc });

export * from './index.js';
