// entry-worker.mjs with our WebAssembly handed over as modules, as the `workerd` entry does.

import blake2 from '../../../packages/digestlab/src/wasm/generated/blake2.wasm';
import blake2simd from '../../../packages/digestlab/src/wasm/generated/blake2simd.wasm';
import blake3 from '../../../packages/digestlab/src/wasm/generated/blake3.wasm';
import blake3simd from '../../../packages/digestlab/src/wasm/generated/blake3simd.wasm';
import classic from '../../../packages/digestlab/src/wasm/generated/classic.wasm';
import core from '../../../packages/digestlab/src/wasm/generated/core.wasm';
import crc from '../../../packages/digestlab/src/wasm/generated/crc.wasm';
import ripemd from '../../../packages/digestlab/src/wasm/generated/ripemd.wasm';
import shasimd from '../../../packages/digestlab/src/wasm/generated/shasimd.wasm';
import simd from '../../../packages/digestlab/src/wasm/generated/simd.wasm';
import xxhash from '../../../packages/digestlab/src/wasm/generated/xxhash.wasm';
import xxhashsimd from '../../../packages/digestlab/src/wasm/generated/xxhashsimd.wasm';
import { useModules } from '../../../packages/digestlab/src/wasm/module.ts';

useModules({ core, shasimd, simd, ripemd, classic, blake2, blake2simd, blake3, blake3simd, xxhash, xxhashsimd, crc });

export { default } from './entry-worker.mjs';
