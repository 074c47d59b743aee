// The kernels alone over 1 MiB (64 KiB a call, as the provider calls them): the scalar module, SIMD shapes (VARS,
// folders of build-variants.mjs's OUT) and hash-wasm, interleaved rounds in CPU time, with a 1-cycle add chain
// ('clock') timed alongside to turn MiB/s into cycles a round. DIR=/tmp/wb2 VARS='v-final' node kernels.mjs
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const hw = require('hash-wasm');
const scalarMod = new WebAssembly.Module(readFileSync(process.env.SCALAR ?? `${process.env.DIR ?? '/tmp/wb2'}/scalar.wasm`));
const s = new WebAssembly.Instance(scalarMod).exports;
const VARS = (process.env.VARS ?? 'v-base').split(' ');
const vs = VARS.map((d) => new WebAssembly.Instance(new WebAssembly.Module(readFileSync(`${process.env.DIR ?? '/tmp/wb2'}/${d}/simd.wasm`)), { blake2: { memory: s.memory } }).exports);
const mem = new Uint8Array(s.memory.buffer);
const IVB = Buffer.from('08c9bcf367e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b', 'hex');
const IVS = Buffer.from('67e6096a85ae67bb72f36e3c3af54fa57f520e518c68059babd9831f19cde05b', 'hex');
function hash(fn, b, data) {
  const bl = b ? 128 : 64, iv = b ? IVB : IVS;
  mem.set(iv, 0);
  // param block: digest length 64/32, fanout 1, depth 1
  mem[0] ^= b ? 64 : 32; mem[2] ^= 1; mem[3] ^= 1;
  const n = data.length; // assume multiple of bl and >= bl
  let off = 0, ctr = 0;
  while (off < n) {
    const k = Math.min(65536, n - off);
    mem.set(data.subarray(off, off + k), 256);
    const blocks = k / bl;
    const last = off + k === n;
    if (last) {
      if (blocks > 1) fn(0, 256, blocks - 1, ctr + bl, 0, 0);
      fn(0, 256 + (blocks - 1) * bl, 1, ctr + k, 0, 1);
    } else fn(0, 256, blocks, ctr + bl, 0, 0);
    off += k; ctr += k;
  }
  return Buffer.from(mem.slice(0, b ? 64 : 32)).toString('hex');
}
const data = new Uint8Array(1 << 20); for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 8)) & 255;
const refB = createHash('blake2b512').update(data).digest('hex');
const refS = createHash('blake2s256').update(data).digest('hex');
for (const [name, fn, b] of [['scalar b', s.blake2b, 1], ['scalar s', s.blake2s, 0], ...vs.flatMap((v, i) => [[VARS[i] + ' b', v.blake2b, 1], [VARS[i] + ' s', v.blake2s, 0]])]) {
  const got = hash(fn, b, data);
  console.log(name, got === (b ? refB : refS) ? 'OK' : `MISMATCH ${got}`);
}
const hb = await hw.createBLAKE2b(512), hs = await hw.createBLAKE2s(256);
console.log('hw b', hb.init().update(data).digest('hex') === refB, 'hw s', hs.init().update(data).digest('hex') === refS);
const cands = {
  'hw-b': () => hb.init().update(data).digest('hex'), 'scalar-b': () => hash(s.blake2b, 1, data),
  'hw-s': () => hs.init().update(data).digest('hex'), 'scalar-s': () => hash(s.blake2s, 0, data),
};
vs.forEach((v, i) => { cands[VARS[i] + '-b'] = () => hash(v.blake2b, 1, data); cands[VARS[i] + '-s'] = () => hash(v.blake2s, 0, data); });
import wabtInit from 'wabt';
const wabt = await wabtInit();
{
  const body = Array.from({ length: 32 }, () => '(local.set $x (i64.add (local.get $x) (local.get $y)))').join('\n');
  const wat = `(module (func (export "f") (param $n i32) (param $y i64) (result i64) (local $x i64)
   (loop $l ${body} (local.set $n (i32.sub (local.get $n) (i32.const 1))) (br_if $l (local.get $n))) (local.get $x)))`;
  const f = new WebAssembly.Instance(new WebAssembly.Module(wabt.parseWat('c', wat).toBinary({}).buffer)).exports.f;
  // 'clock': "MiB/s" here is 32e6 adds per call: cycles/s = value * 32e6 (1 MiB = one call)
  cands.clock = () => f(1e6, 3n);
}
const rounds = Number(process.env.ROUNDS ?? 7);
const res = Object.fromEntries(Object.keys(cands).map((k) => [k, []]));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const f of Object.values(cands)) for (let i = 0; i < 30; i++) f();
for (let r = 0; r < rounds; r++) for (const [k, f] of Object.entries(cands)) {
  const t0 = cpu(); let n = 0; while (cpu() - t0 < Number(process.env.MS ?? 100)) { f(); n++; }
  res[k].push(n / ((cpu() - t0) / 1000));
}
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const ghz = med(res.clock) * 32e6 / 1e9; console.log('clock', ghz.toFixed(2), 'GHz');
for (const [k, a] of Object.entries(res)) if (k !== 'clock') console.log(k.padEnd(22), 'cycles/round', (ghz * 1e9 / med(a) / (1 << 20) * (k.endsWith('b') ? 128 : 64) / (k.endsWith('b') ? 12 : 10)).toFixed(1));
// ratio per round against hash-wasm of the same round, median
for (const [k, a] of Object.entries(res)) {
  const hw = res[k.endsWith('b') ? 'hw-b' : 'hw-s'];
  const r = a.map((x, i) => x / hw[i]);
  console.log(k.padEnd(22), med(a).toFixed(0).padStart(5), 'MiB/s', 'x hw', med(r).toFixed(2), `(${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)})`);
}
