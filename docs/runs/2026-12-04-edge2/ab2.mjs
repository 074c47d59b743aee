// A/B of WebAssembly digests in Node 20: main's library ('before') against this branch's ('after'), bundled from src,
// interleaved rounds (order alternating), CPU time; median ratio after/before per algorithm and size.
const [A, B] = [await import('/tmp/edgeprof/libbefore.mjs'), await import('/tmp/edgeprof/libafter.mjs')];
await A.ready(); await B.ready();
const algs = process.argv[2].split(','); const sizes = process.argv[3].split(',').map(Number);
const rounds = Number(process.argv[4] ?? 7);
const inputs = new Map(sizes.map((n) => [n, new Uint8Array(n).map((_, i) => (i * 7) & 255)]));
const rate = (m, a, x) => { let n = 1; for (;;) { const t0 = process.cpuUsage(); for (let i = 0; i < n; i++) m.digestHex(a, x, { provider: 'wasm' }); const t = process.cpuUsage(t0); const s = (t.user + t.system) / 1e6; if (s > Number(process.env.AB_S ?? 0.06)) return n / s; n *= 2; } };
for (const a of algs) for (const x of inputs.values()) if (A.digestHex(a, x, { provider: 'wasm' }) !== B.digestHex(a, x, { provider: 'wasm' })) throw new Error(`differs ${a}`);
const r = {};
for (let k = 0; k < rounds; k++) for (const a of algs) for (const [n, x] of inputs) {
  const [p, q] = k % 2 ? [rate(A, a, x), rate(B, a, x)] : [0, 0];
  const [q2, p2] = k % 2 ? [q, p] : [rate(B, a, x), rate(A, a, x)];
  (r[`${a} ${n}`] ??= []).push(q2 / p2);
}
const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const [k, v] of Object.entries(r)) console.log(k.padEnd(22), 'after/before', med(v).toFixed(3), 'min', Math.min(...v).toFixed(3), 'max', Math.max(...v).toFixed(3));
