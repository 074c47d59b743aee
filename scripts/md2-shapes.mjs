#!/usr/bin/env node
/**
 * MD2's compression in four shapes, each checked against RFC 1319's vectors, then timed on the seed string in CPU
 * time, interleaved rounds (9 × 20,000 digests): which runs its chain of 864 dependent lookups a block fastest?
 * A: packages/digestlab/src/algorithms/md2.ts's loop; B: the same, the state copied back by a loop, not `subarray`;
 * C: the 48 bytes in locals, one round unrolled; D: C with the S-box an Int32Array.
 * docs/decisions/ts-md2-core-shapes.md.
 *
 *   node scripts/md2-shapes.mjs        (or deno run / bun)
 */

const S = Uint8Array.from([
  41, 46, 67, 201, 162, 216, 124, 1, 61, 54, 84, 161, 236, 240, 6, 19, 98, 167, 5, 243, 192, 199, 115, 140, 152, 147,
  43, 217, 188, 76, 130, 202, 30, 155, 87, 60, 253, 212, 224, 22, 103, 66, 111, 24, 138, 23, 229, 18, 190, 78, 196, 214,
  218, 158, 222, 73, 160, 251, 245, 142, 187, 47, 238, 122, 169, 104, 121, 145, 21, 178, 7, 63, 148, 194, 16, 137, 11,
  34, 95, 33, 128, 127, 93, 154, 90, 144, 50, 39, 53, 62, 204, 231, 191, 247, 151, 3, 255, 25, 48, 179, 72, 165, 181,
  209, 215, 94, 146, 42, 172, 86, 170, 198, 79, 184, 56, 210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4, 241,
  69, 157, 112, 89, 100, 113, 135, 32, 134, 91, 207, 101, 230, 45, 168, 2, 27, 96, 37, 173, 174, 176, 185, 246, 28, 70,
  97, 105, 52, 64, 126, 15, 85, 71, 163, 35, 221, 81, 175, 58, 195, 92, 249, 206, 186, 197, 234, 38, 44, 83, 13, 110,
  133, 40, 132, 9, 211, 223, 205, 244, 65, 129, 77, 82, 106, 220, 55, 200, 108, 193, 171, 250, 36, 225, 123, 8, 12, 189,
  177, 74, 120, 136, 149, 139, 227, 99, 232, 109, 233, 203, 213, 254, 59, 0, 29, 57, 242, 239, 183, 14, 102, 88, 208,
  228, 166, 119, 114, 248, 235, 117, 75, 10, 49, 68, 80, 180, 143, 237, 31, 26, 219, 153, 141, 51, 159, 17, 131, 20,
]);
const X = new Uint8Array(48);
// A: the current shape
function compressA(st, d, offset, blocks) {
  for (let off = offset, end = offset + blocks * 16; off < end; off += 16) {
    let l = st[31];
    for (let j = 0; j < 16; j++) l = st[16 + j] ^= S[d[off + j] ^ l];
    for (let j = 0; j < 16; j++) {
      const m = d[off + j];
      X[j] = st[j];
      X[16 + j] = m;
      X[32 + j] = m ^ st[j];
    }
    let t = 0;
    for (let r = 0; r < 18; r++) {
      for (let k = 0; k < 48; k++) t = X[k] ^= S[t];
      t = (t + r) & 255;
    }
    st.set(X.subarray(0, 16));
  }
}
// B: as A without the subarray, the state copied back by a loop
function compressB(st, d, offset, blocks) {
  for (let off = offset, end = offset + blocks * 16; off < end; off += 16) {
    let l = st[31];
    for (let j = 0; j < 16; j++) l = st[16 + j] ^= S[d[off + j] ^ l];
    for (let j = 0; j < 16; j++) {
      const m = d[off + j];
      X[j] = st[j];
      X[16 + j] = m;
      X[32 + j] = m ^ st[j];
    }
    let t = 0;
    for (let r = 0; r < 18; r++) {
      for (let k = 0; k < 48; k++) t = X[k] ^= S[t];
      t = (t + r) & 255;
    }
    for (let j = 0; j < 16; j++) st[j] = X[j];
  }
}
// C: 48 locals, one round unrolled
let body = '';
body += 'for (let off = offset, end = offset + blocks * 16; off < end; off += 16) {\n';
body += 'let l = st[31];\nfor (let j = 0; j < 16; j++) l = st[16 + j] ^= S[d[off + j] ^ l];\n';
for (let j = 0; j < 16; j++)
  body += `let x${j} = st[${j}], x${16 + j} = d[off + ${j}], x${32 + j} = x${16 + j} ^ x${j};\n`;
body += 'let t = 0;\nfor (let r = 0; r < 18; r++) {\n';
for (let k = 0; k < 48; k++) body += `t = x${k} ^= S[t];\n`;
body += 't = (t + r) & 255;\n}\n';
for (let j = 0; j < 16; j++) body += `st[${j}] = x${j};\n`;
body += '}\n';
const compressC = new Function('S', `return function compressC(st, d, offset, blocks) {\n${body}}`)(S);
// D: C with an Int32Array S (no zero-extension of bytes)
const S32 = Int32Array.from(S);
const compressD = new Function('S', `return function compressD(st, d, offset, blocks) {\n${body}}`)(S32);

const shapes = { A: compressA, B: compressB, C: compressC, D: compressD };
function md2(compress, msg) {
  const st = new Uint8Array(32);
  const n = msg.length,
    full = n & ~15;
  compress(st, msg, 0, full >> 4);
  const last = new Uint8Array(16);
  last.set(msg.subarray(full));
  last.fill(16 - (n - full), n - full);
  compress(st, last, 0, 1);
  compress(st, st.slice(16), 0, 1);
  return Buffer.from(st.subarray(0, 16)).toString('hex');
}
const seed = new TextEncoder().encode(
  'The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog 1234',
);
for (const [k, f] of Object.entries(shapes)) {
  if (md2(f, new TextEncoder().encode('')) !== '8350e5a3e24c153df2275c9f80692773') throw new Error(`${k} wrong`);
  if (md2(f, new TextEncoder().encode('abc')) !== 'da853b0d3f88d99b30283a69e6ded6bb') throw new Error(`${k} wrong abc`);
}
const ROUNDS = 9,
  CALLS = 20000;
const res = Object.fromEntries(Object.keys(shapes).map((k) => [k, []]));
for (let w = 0; w < 3000; w++) for (const f of Object.values(shapes)) md2(f, seed);
for (let r = 0; r < ROUNDS; r++) {
  const keys = Object.keys(shapes);
  const rot = keys.slice(r % keys.length).concat(keys.slice(0, r % keys.length));
  for (const k of rot) {
    const f = shapes[k];
    const c0 = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) md2(f, seed);
    const c = process.cpuUsage(c0);
    res[k].push((c.user + c.system) / CALLS);
  }
}
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const k of Object.keys(shapes))
  console.log(
    k,
    med(res[k]).toFixed(2),
    'µs/call',
    (1e6 / med(res[k]) / 1000).toFixed(1),
    'k ops/s',
    'ratio to A',
    (med(res.A) / med(res[k])).toFixed(2),
  );
