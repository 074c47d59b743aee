// Assembles the scalar module (scripts/gen/gen-wasm-blake2.mjs) and the SIMD shapes tried (gen-variants.mjs, its
// B2X switches) into OUT/scalar.wasm and OUT/v-NAME/simd.wasm, and the kept one (scripts/gen/gen-wasm-blake2-simd.mjs)
// into OUT/v-final/simd.wasm. Run from the repository's root: node docs/runs/2026-12-04-blake2-simd/build-variants.mjs OUT
import { mkdirSync, writeFileSync } from 'node:fs';
import wabtInit from 'wabt';
const out = process.argv[2] ?? '/tmp/wb2';
const wabt = await wabtInit();
const asm = (t) => { const m = wabt.parseWat('m', t, { simd: true }); m.validate(); const b = Buffer.from(m.toBinary({}).buffer); m.destroy(); return b; };
const { blake2Module } = await import('../../../scripts/gen/gen-wasm-blake2.mjs');
const { blake2SimdModule } = await import('../../../scripts/gen/gen-wasm-blake2-simd.mjs');
writeFileSync(`${out}/scalar.wasm`, asm(blake2Module('x')));
mkdirSync(`${out}/v-final`, { recursive: true });
writeFileSync(`${out}/v-final/simd.wasm`, asm(blake2SimdModule('x')));
for (const v of ['base', 'acd', 'acd,swz', 'acd,swz,rl', 'acd,swz,hm', 'acd,swz,sh']) {
  process.env.B2X = v;
  const { blake2SimdModule: gen } = await import(`./gen-variants.mjs?${v}`);
  mkdirSync(`${out}/v-${v}`, { recursive: true });
  writeFileSync(`${out}/v-${v}/simd.wasm`, asm(gen('x')));
}
console.log('written to', out);
