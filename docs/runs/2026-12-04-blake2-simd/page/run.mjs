// The kernels' page (page.html) in each engine: DIR=OUT VARS='v-final …' [SIZE=bytes] [ENGINES=chromium,…] node run.mjs
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { BROWSERS } from '../../../../scripts/measure/browsers.mjs';
const ROOT = new URL('../../../../', import.meta.url).pathname;
const DIR = process.env.DIR ?? '/tmp/wb2';
const VARS = process.env.VARS ?? 'v-acd,swz';
const files = { '/page.html': [new URL('page.html', import.meta.url).pathname, 'text/html'], '/hw-b.js': [`${ROOT}node_modules/hash-wasm/dist/blake2b.umd.min.js`, 'text/javascript'], '/hw-s.js': [`${ROOT}node_modules/hash-wasm/dist/blake2s.umd.min.js`, 'text/javascript'], '/scalar.wasm': [`${DIR}/scalar.wasm`, 'application/wasm'] };
for (const v of VARS.split(' ')) files[`/${v}/simd.wasm`] = [`${DIR}/${v}/simd.wasm`, 'application/wasm'];
let done;
const srv = createServer((req, res) => {
  const path = decodeURIComponent(req.url.split('?')[0]);
  if (req.method === 'POST') { let b = ''; req.on('data', (d) => (b += d)); req.on('end', () => { res.end('ok'); done(JSON.parse(b)); }); return; }
  const f = files[path]; if (!f) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': f[1] }); res.end(readFileSync(f[0]));
}).listen(0, '127.0.0.1');
await new Promise((r) => srv.once('listening', r));
const url = `http://127.0.0.1:${srv.address().port}/page.html?vars=${encodeURIComponent(VARS)}&size=${process.env.SIZE ?? 1048576}`;
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const engine of (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',')) {
  const p = new Promise((r) => (done = r));
  const stop = await BROWSERS[engine](url, { logDir: DIR });
  const out = await Promise.race([p, new Promise((r) => setTimeout(() => r(null), 240000))]);
  await stop();
  if (!out) { console.log(engine, 'timeout'); continue; }
  writeFileSync(`${DIR}/${engine}.json`, JSON.stringify(out));
  console.log(engine, out.ua.slice(0, 90), JSON.stringify(out.ok));
  for (const [k, a] of Object.entries(out.res)) { const hw = out.res[k.endsWith('b') ? 'hw-b' : 'hw-s']; const r = a.map((x, i) => x / hw[i]);
    console.log(' ', k.padEnd(20), med(a).toFixed(0).padStart(5), 'MiB/s x hw', med(r).toFixed(2), `(${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)})`); }
}
srv.close();
