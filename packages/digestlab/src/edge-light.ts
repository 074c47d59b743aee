/**
 * digestlab for Vercel's Edge runtime (the `edge-light` export condition, which Next.js and Vercel's bundler
 * resolve): the same API as `digestlab`, with our WebAssembly imported as modules the way that bundler takes them
 * (`NAME.wasm?module`: Vercel Edge refuses to compile bytes), handed to the library before any call.
 */
import blake2 from './wasm/generated/blake2.wasm?module';
import blake2simd from './wasm/generated/blake2simd.wasm?module';
import blake3 from './wasm/generated/blake3.wasm?module';
import blake3simd from './wasm/generated/blake3simd.wasm?module';
import classic from './wasm/generated/classic.wasm?module';
import core from './wasm/generated/core.wasm?module';
import crc from './wasm/generated/crc.wasm?module';
import ripemd from './wasm/generated/ripemd.wasm?module';
import shasimd from './wasm/generated/shasimd.wasm?module';
import simd from './wasm/generated/simd.wasm?module';
import xxhash from './wasm/generated/xxhash.wasm?module';
import xxhashsimd from './wasm/generated/xxhashsimd.wasm?module';
import { useModules } from './wasm/module.js';

useModules({ core, shasimd, simd, ripemd, classic, blake2, blake2simd, blake3, blake3simd, xxhash, xxhashsimd, crc });

export * from './index.js';
