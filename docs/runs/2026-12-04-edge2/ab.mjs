// A/B of the TypeScript cores in V8 with its JIT: main's bundle ('before') against this branch's ('after'),
// interleaved rounds, CPU time; prints the median ratio after/before per case.
const [A, B] = [await import('/tmp/edgeprof/before.mjs'), await import('/tmp/edgeprof/after.mjs')];
await A.prepare(); await B.prepare();
const cases = process.argv[2].split(',');
const inputs = process.argv[3].split(',').map((x) => (x === 'seed' ? x : Number(x)));
const rounds = Number(process.argv[4] ?? 7);
const rate = (m, key, input) => {
  let n = 1;
  for (;;) {
    const t0 = process.cpuUsage(); m.run(key, input, n); const t = process.cpuUsage(t0);
    const s = (t.user + t.system) / 1e6;
    if (s > 0.08) return n / s;
    n *= 2;
  }
};
const ratios = {}; const rates = {};
for (let r = 0; r < rounds; r++) for (const c of cases) for (const i of inputs) {
  const k = `${c}|${i}`;
  const order = r % 2 ? [A, B] : [B, A];
  const got = order.map((m) => rate(m, c, i));
  const [b, a] = r % 2 ? got : [got[1], got[0]];
  (ratios[k] ??= []).push(a / b); (rates[k] ??= []).push([b, a]);
}
const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const k of Object.keys(ratios)) console.log(k.padEnd(28), 'after/before', med(ratios[k]).toFixed(3), 'min', Math.min(...ratios[k]).toFixed(3), 'max', Math.max(...ratios[k]).toFixed(3));
