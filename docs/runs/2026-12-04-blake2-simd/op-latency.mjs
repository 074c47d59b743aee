// Latency of WebAssembly SIMD ops as V8 compiles them here, in cycles, against a 1-cycle i64.add chain
import wabtInit from 'wabt';
const wabt = await wabtInit();
const R = (n) => Array.from({ length: 16 }, (_, i) => (i - (i % 8)) + ((i % 8) + n / 8) % 8).join(' ');
const ops = {
  'i64.add (ref)': null,
  'i64x2.add': '(i64x2.add (local.get $x) (local.get $y))',
  'v128.xor': '(v128.xor (local.get $x) (local.get $y))',
  'pshufd (rot32)': '(i8x16.shuffle 4 5 6 7 0 1 2 3 12 13 14 15 8 9 10 11 (local.get $x) (local.get $x))',
  'swizzle (rot24)': '(i8x16.swizzle (local.get $x) (local.get $m))',
  'shuffle (rot24)': `(i8x16.shuffle ${R(24)} (local.get $x) (local.get $x))`,
  'rot63 add|shr': '(v128.or (i64x2.add (local.get $x) (local.get $x)) (i64x2.shr_u (local.get $x) (i32.const 63)))',
  'palignr': `(i8x16.shuffle 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 (local.get $x) (local.get $y))`,
  'i32x4 rot12 shl|shr': '(v128.or (i32x4.shl (local.get $x) (i32.const 20)) (i32x4.shr_u (local.get $x) (i32.const 12)))',
  'i32x4 rot16 shuffle': '(i8x16.shuffle 2 3 0 1 6 7 4 5 10 11 8 9 14 15 12 13 (local.get $x) (local.get $x))',
  'add+xor+swz': '(i8x16.swizzle (v128.xor (i64x2.add (local.get $x) (local.get $y)) (local.get $y)) (local.get $m))',
};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
function make(op) {
  const body = Array.from({ length: 32 }, () => op === null ? '(local.set $a (i64.add (local.get $a) (local.get $b)))' : `(local.set $x ${op})`).join('\n');
  const wat = `(module (func (export "f") (param $n i32) (param $b i64) (result i64) (local $a i64) (local $x v128) (local $y v128) (local $m v128)
   (local.set $y (i64x2.splat (local.get $b))) (local.set $m (v128.const i8x16 ${R(24)}))
   (loop $l ${body} (local.set $n (i32.sub (local.get $n) (i32.const 1))) (br_if $l (local.get $n)))
   (i64.add (local.get $a) (i64x2.extract_lane 0 (local.get $x)))))`;
  const m = wabt.parseWat('c', wat, { simd: true });
  return new WebAssembly.Instance(new WebAssembly.Module(m.toBinary({}).buffer)).exports.f;
}
const fs = Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, make(o)]));
for (const f of Object.values(fs)) for (let i = 0; i < 5; i++) f(1e5, 3n);
const res = Object.fromEntries(Object.keys(fs).map((k) => [k, []]));
for (let r = 0; r < 7; r++) for (const [k, f] of Object.entries(fs)) { const t = cpu(); f(5e6, 3n); res[k].push((cpu() - t) / 1.6e8); }
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const ref = med(res['i64.add (ref)']);
for (const [k, a] of Object.entries(res)) console.log(k.padEnd(22), (med(a) / ref).toFixed(2), 'cycles');
console.log('clock', (1 / ref / 1e9).toFixed(2), 'GHz');
