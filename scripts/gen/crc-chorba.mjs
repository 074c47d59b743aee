// Chorba's step for the reflected 32-bit CRCs in WebAssembly, for scripts/gen/gen-wasm-crc.mjs (Russell 2024,
// arXiv 2412.16398: CRCs without tables or carry-less multiplication over most of the input).
//
// If the CRC's polynomial P divides a sparse polynomial x^D + x^(D-d1) + … + 1, a bit of the message may be
// cleared and xored instead into the bits d1, …, D later (the message's remainder mod P is unchanged). Reading the
// input 8 bytes at a time (a reflected CRC's bit i of the i64 as loaded is the word's i-th bit of the stream), each
// word, once its carries are xored in, is pushed forward whole by shifts and xors into carry words held in locals;
// the last few words, their carries xored in, go to the tables, and the register starts as zero with its value
// xored into the first word. The distances are the multiples found by `node scripts/gen/crc-chorba.mjs` (the least
// D whose distances are all at least 128 bits, so a word never feeds the word after it): CRC-32's is zlib-ng's,
// CRC-32C has no such multiple of five terms below D = 1400 and takes one of six.

const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;
const xor = (...xs) => xs.reduce((a, b) => `(i64.xor ${a} ${b})`);

/** The distances, in bits, a word's bits are pushed forward by: D minus each lower term of the multiple. */
export const CHORBA_DISTANCES = {
  'CRC-32': [145, 183, 211, 300],
  'CRC-32C': [154, 177, 183, 258, 290],
};

/** Bytes from which a call takes Chorba's step first (below it, the tables alone). */
export const CHORBA_FROM = 256;
/** Words a pass of the loop pushes forward. */
const UNROLL = 4;
/** Where the last words, their carries xored in, are put for the tables (below the tables, above the register). */
export const CHORBA_SCRATCH = 64;

/** Carry words a CRC with these distances needs: the farthest word a bit reaches, counted from the next. */
export const carryWords = (distances) => Math.ceil((Math.max(...distances) + 63) / 64);

/**
 * One word's push: $x = the word at byte `at` of $p xor the first carry; the carries move down one word and take
 * $x's shifted copies (a bit of $x at i goes to word ⌊(i + d)/64⌋ from $x's, for each distance d).
 */
function pushWord(distances, at) {
  const k = carryWords(distances);
  const into = Array.from({ length: k + 1 }, () => []);
  for (const d of distances) {
    const q = d >> 6;
    const r = d & 63;
    into[q].push(r === 0 ? get('x') : `(i64.shl ${get('x')} (i64.const ${r}))`);
    if (r !== 0) into[q + 1].push(`(i64.shr_u ${get('x')} (i64.const ${64 - r}))`);
  }
  const lines = [set('x', xor(`(i64.load offset=${at} ${get('p')})`, get('k0')))];
  for (let t = 1; t <= k; t++) {
    const parts = t < k ? [get(`k${t}`), ...into[t]] : into[t];
    lines.push(set(`k${t - 1}`, parts.length === 0 ? '(i64.const 0)' : xor(...parts)));
  }
  return lines;
}

/** The locals Chorba's step needs. */
export function chorbaLocals(distances) {
  return ['(local $x i64)', ...Array.from({ length: carryWords(distances) }, (_, t) => `(local $k${t} i64)`)].join(' ');
}

/**
 * Chorba's step at the start of a 32-bit CRC function `self` (c, p, n) -> c: from CHORBA_FROM bytes, every word but
 * the last few is pushed forward; those, their carries xored in, are copied to the scratch words and run through
 * `self` (below CHORBA_FROM, so through the tables) from a zero register; $p and $n then go past them.
 */
export function chorbaStep(self, distances) {
  const k = carryWords(distances);
  const pass = [];
  for (let u = 0; u < UNROLL; u++) pass.push(...pushWord(distances, 8 * u));
  const tail = [];
  for (let t = 0; t < k; t++) {
    const word = xor(`(i64.load offset=${8 * t} ${get('p')})`, get(`k${t}`));
    tail.push(`(i64.store offset=${CHORBA_SCRATCH + 8 * t} (i32.const 0) ${word})`);
  }
  return [
    `(if (i32.ge_u ${get('n')} (i32.const ${CHORBA_FROM})) (then`,
    `  ${set('k0', `(i64.extend_i32_u ${get('c')})`)}`,
    '  (block $chorba_done (loop $chorba',
    `    (br_if $chorba_done (i32.lt_u ${get('n')} (i32.const ${8 * (UNROLL + k)})))`,
    ...pass.map((l) => `    ${l}`),
    `    ${set('p', `(i32.add ${get('p')} (i32.const ${8 * UNROLL}))`)}`,
    `    ${set('n', `(i32.sub ${get('n')} (i32.const ${8 * UNROLL}))`)}`,
    '    (br $chorba)))',
    ...tail.map((l) => `  ${l}`),
    `  ${set('c', `(call $${self} (i32.const 0) (i32.const ${CHORBA_SCRATCH}) (i32.const ${8 * k}))`)}`,
    `  ${set('p', `(i32.add ${get('p')} (i32.const ${8 * k}))`)}`,
    `  ${set('n', `(i32.sub ${get('n')} (i32.const ${8 * k}))`)}))`,
  ];
}

/** x^i mod P for i up to `n` (P's normal form, without its x^32 term). */
function powers(poly, n) {
  const r = new Uint32Array(n + 1);
  let v = 1;
  for (let i = 0; i <= n; i++) {
    r[i] = v;
    v = ((v << 1) ^ (v & 0x80000000 ? poly : 0)) >>> 0;
  }
  return r;
}

/**
 * The least D with x^D + x^a + x^b + x^c (+ x^e) + 1 ≡ 0 mod P, every term but x^D at most D - 128: its distances
 * (D minus each lower term). Pairs' remainders in a map, so a search is a pass over D and the other terms.
 */
export function findDistances(poly, terms, limit = 1400, gap = 128) {
  const r = powers(poly, limit);
  const pairs = new Map();
  for (let b = 2; b <= limit; b++)
    for (let a = 1; a < b; a++) if (!pairs.has(r[a] ^ r[b])) pairs.set(r[a] ^ r[b], [a, b]);
  for (let D = gap; D <= limit; D++) {
    const top = D - gap;
    const others = [];
    for (let e = 1; e <= top; e++) {
      if (terms === 5) others.push([e]);
      else for (let c = 1; c < e; c++) others.push([c, e]);
    }
    for (const other of others) {
      const ab = pairs.get(other.reduce((v, t) => v ^ r[t], r[D] ^ 1) >>> 0);
      const all = [...other, ...(ab ?? [])];
      if (ab && ab[1] <= top && new Set(all).size === all.length)
        return [...all.map((t) => D - t), D].sort((x, y) => x - y);
    }
  }
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('CRC-32, five terms:', findDistances(0x04c11db7, 5)?.join(', '));
  console.log('CRC-32C, five terms:', findDistances(0x1edc6f41, 5)?.join(', ') ?? 'none below 1400');
  console.log('CRC-32C, six terms:', findDistances(0x1edc6f41, 6, 400)?.join(', '));
}
