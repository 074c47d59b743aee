// The WebAssembly module `classic` (SM3, Whirlpool, Tiger), for scripts/gen/gen-wasm.mjs, which imports this and
// passes in its expression builders. Its own memory, not the core module's: Whirlpool's and Tiger's tables live in
// it (the core module's memory past the input area is the batch's, src/wasm/module.ts), and it is compiled only
// when one of the three is first used. Layout (src/wasm/module.ts, CLASSIC_*): the chaining value at 0,
// Whirlpool's working buffers from 256, the tables from 1024 (copied in from the TypeScript tables at
// instantiation, so they are computed in one place), the input area from 32768. Functions take (state, data,
// blocks) pointers into this memory, as the core module's do.
//
// The round logic is written from the standards: GB/T 32905-2016 §5.3 (SM3), Barreto–Rijmen 2003 (Whirlpool,
// the reference implementation's tables), Anderson–Biham 1996 (Tiger).

/** Where the tables lie in the module's memory (module.ts copies them there): byte addresses. */
export const CLASSIC_LAYOUT = {
  /** Whirlpool's C_0..C_7, 256 little-endian i64 each (2048 bytes a table). */
  whirlpoolC: 1024,
  /** Whirlpool's ten round constants (row 0 of each), i64. */
  whirlpoolRc: 1024 + 8 * 2048,
  /** Whirlpool's key, state and message as the compression works on them: 5 buffers of 64 bytes. */
  whirlpoolWork: 256,
  /** Tiger's t1..t4, 256 i64 each. */
  tigerT: 1024 + 8 * 2048 + 128,
  input: 32768,
};

/** gen-wasm.mjs's expression builders, set by {@link classicModule} before it generates. */
let get;
let set;
let S32;
let S64;
let bswap32;
let bswap64;

/** The module's text; `builders` are gen-wasm.mjs's (get, set, S32, S64, bswap32, bswap64). */
export function classicModule({ note, ...builders }) {
  ({ get, set, S32, S64, bswap32, bswap64 } = builders);
  return [`;; ${note}`, '(module', '  (memory (export "memory") 2)', sm3(), whirlpool(), tiger(), ')', ''].join('\n');
}

const frame = (name, doc, locals, type, load, body, store) =>
  [
    `;; ${doc}`,
    `(func $${name} (export "${name}") (param $s i32) (param $p i32) (param $n i32)`,
    `  ${locals.map((l) => `(local $${l} ${type})`).join(' ')}`,
    ...load.map((l) => `  ${l}`),
    '  (block $done',
    '    (loop $block',
    '      (br_if $done (i32.eqz (local.get $n)))',
    ...body.map((l) => `      ${l}`),
    '      (local.set $p (i32.add (local.get $p) (i32.const 64)))',
    '      (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
    '      (br $block)))',
    ...store.map((l) => `  ${l}`),
    ')',
  ].join('\n');

// ---- SM3: the chaining value in locals, the message in a 16-word window (W[j + 4] is made in round j) ----
function sm3() {
  const v = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const w = (j) => get(`x${j & 15}`);
  const body = [];
  for (let j = 0; j < 16; j++)
    body.push(set(`x${j}`, `(i32.load offset=${4 * j} (local.get $p))`), set(`x${j}`, bswap32(`x${j}`)));
  const p1 = (x) => S32.xor(get(x), S32.rotl(x, 15), S32.rotl(x, 23));
  for (let j = 0; j < 64; j++) {
    const k = j + 4;
    if (k >= 16 && k < 68) {
      body.push(set('t', S32.xor(w(k - 16), w(k - 9), `(i32.rotl ${w(k - 3)} (i32.const 15))`)));
      body.push(set(`x${k & 15}`, S32.xor(p1('t'), `(i32.rotl ${w(k - 13)} (i32.const 7))`, w(k - 6))));
    }
    const r = j & 3;
    const role = (i) => v[(i - r + 4) & 3];
    const role2 = (i) => v[4 + ((i - r + 4) & 3)];
    const [A, B, C, D] = [0, 1, 2, 3].map(role);
    const [E, F, G, H] = [0, 1, 2, 3].map(role2);
    const t = j < 16 ? 0x79cc4519 : 0x7a879d8a;
    const tj = j % 32 === 0 ? t : ((t << (j % 32)) | (t >>> (32 - (j % 32)))) >>> 0;
    const ff =
      j < 16
        ? S32.xor(get(A), get(B), get(C))
        : S32.or(S32.and(get(A), get(B)), S32.and(get(C), S32.or(get(A), get(B))));
    const gg = j < 16 ? S32.xor(get(E), get(F), get(G)) : S32.choose(get(E), get(F), get(G));
    body.push(
      set('a12', S32.rotl(A, 12)),
      set('ss1', `(i32.rotl ${S32.add(get('a12'), get(E), S32.const(tj))} (i32.const 7))`),
      set('t', S32.add(ff, get(D), S32.xor(get('ss1'), get('a12')), S32.xor(w(j), w(j + 4)))),
      set(H, S32.add(gg, get(H), get('ss1'), w(j))),
      set(B, S32.rotl(B, 9)),
      set(F, S32.rotl(F, 19)),
      set(D, get('t')),
      set(H, S32.xor(get(H), S32.rotl(H, 9), S32.rotl(H, 17))),
    );
  }
  const at = (i) => `(i32.load offset=${4 * i} (local.get $s))`;
  body.push(
    ...v.map((x, i) => `(i32.store offset=${4 * i} (local.get $s) (local.tee $${x} (i32.xor ${get(x)} ${at(i)})))`),
  );
  const locals = [...v, ...Array.from({ length: 16 }, (_, j) => `x${j}`), 't', 'a12', 'ss1'];
  return frame(
    'sm3',
    'SM3 compression (GB/T 32905-2016 §5.3).',
    locals,
    'i32',
    v.map((x, i) => set(x, at(i))),
    body,
    [],
  );
}

// ---- Whirlpool: the key and the state in memory, each new word alone from eight byte loads ------------------
// Each of a layer's eight new words is the XOR of eight table entries, C_t[byte t of word i - t], computed alone as
// one i64 value and stored: its bytes are read from memory (i32.load8_u), not shifted out of words held in locals,
// so a layer keeps one word live and the compiler spills nothing. The key and the state alternate between two
// buffers each (two rounds a loop iteration). Words are held as little-endian i64 values, so byte t (most
// significant first) of word j lies at 8 j + 7 - t. The former shape (the words in 40 i64 locals, split into i32
// halves once a layer, each lookup a shift and a mask) ran at 0.65x of this
// (docs/decisions/wasm-whirlpool-core.md).
const { whirlpoolC, whirlpoolRc, whirlpoolWork, tigerT } = CLASSIC_LAYOUT;
/** Byte addresses of the scratch buffers (64 bytes each): the two keys, the two states, the message. */
const [WK0, WS0, WK1, WS1, WM] = [0, 1, 2, 3, 4].map((i) => whirlpoolWork + 64 * i);
const wpAt = (buffer, i) => `(i64.load offset=${buffer + 8 * i} (i32.const 0))`;
const wpStore = (buffer, i, e) => `(i64.store offset=${buffer + 8 * i} (i32.const 0) ${e})`;
/** C_t[byte t (most significant first) of word j of `buffer`]. */
const wpLookup = (t, buffer, j) =>
  `(i64.load offset=${whirlpoolC + 2048 * t} (i32.shl (i32.load8_u offset=${buffer + 8 * j + 7 - t} (i32.const 0)) (i32.const 3)))`;
/** One half-round: the words of `to` from the words of `from` through the tables, XOR `add(i)` if any. */
const wpLayer = (from, to, add) =>
  [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
    const terms = [0, 1, 2, 3, 4, 5, 6, 7].map((t) => wpLookup(t, from, (i - t + 8) & 7));
    const extra = add(i);
    return wpStore(to, i, S64.xor(...terms, ...(extra === null ? [] : [extra])));
  });
function whirlpool() {
  const rc = (o) => `(i64.load offset=${whirlpoolRc + o} (local.get $r))`;
  const round = (k0, s0, k1, s1, o) => [
    ...wpLayer(k0, k1, (i) => (i === 0 ? rc(o) : null)),
    ...wpLayer(s0, s1, (i) => wpAt(k1, i)),
  ];
  // the chaining value's words are (hi, lo) pairs of i32 in memory: an i64 load gives them swapped
  const chain = (i) => `(i64.rotl (i64.load offset=${8 * i} (local.get $s)) (i64.const 32))`;
  const body = [
    ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [
      set('m', `(i64.load offset=${8 * i} (local.get $p))`),
      ...bswap64('m'),
      set('k', chain(i)),
      wpStore(WM, i, get('m')),
      wpStore(WK0, i, get('k')),
      wpStore(WS0, i, S64.xor(get('m'), get('k'))),
    ]),
    '(local.set $r (i32.const 0))',
    '(loop $round',
    ...[...round(WK0, WS0, WK1, WS1, 0), ...round(WK1, WS1, WK0, WS0, 8)].map((l) => `  ${l}`),
    '  (local.set $r (i32.add (local.get $r) (i32.const 16)))',
    '  (br_if $round (i32.lt_u (local.get $r) (i32.const 80))))',
    // Miyaguchi–Preneel: H ^= state ^ message
    ...[0, 1, 2, 3, 4, 5, 6, 7].map(
      (i) =>
        `(i64.store offset=${8 * i} (local.get $s) (i64.rotl ${S64.xor(chain(i), wpAt(WS0, i), wpAt(WM, i))} (i64.const 32)))`,
    ),
  ];
  return frame(
    'whirlpool',
    'Whirlpool compression (Barreto–Rijmen 2003, Miyaguchi–Preneel).',
    ['m', 'k'],
    'i64',
    [],
    body,
    [],
  ).replace('(local $k i64)', '(local $k i64) (local $r i32)');
}

// ---- Tiger: i64 words (little-endian), three passes of eight rounds, fully unrolled ------------------------
const byteAt = (x, k) =>
  `(i32.shl (i32.and (i32.wrap_i64 (i64.shr_u ${get(x)} (i64.const ${8 * k}))) (i32.const 255)) (i32.const 3))`;
const tLookup = (box, x, k) => `(i64.load offset=${tigerT + 2048 * box} ${byteAt(x, k)})`;
function tigerRound(a, b, c, x, mul) {
  return [
    set(c, S64.xor(get(c), get(x))),
    set(a, `(i64.sub ${get(a)} ${S64.xor(tLookup(0, c, 0), tLookup(1, c, 2), tLookup(2, c, 4), tLookup(3, c, 6))})`),
    set(b, S64.add(get(b), S64.xor(tLookup(3, c, 1), tLookup(2, c, 3), tLookup(1, c, 5), tLookup(0, c, 7)))),
    set(b, `(i64.mul ${get(b)} (i64.const ${mul}))`),
  ];
}
const tigerPass = (a, b, c, mul) =>
  Array.from({ length: 8 }, (_, i) =>
    tigerRound(
      ...[
        [a, b, c],
        [b, c, a],
        [c, a, b],
      ][i % 3],
      `x${i}`,
      mul,
    ),
  ).flat();
function tigerSchedule() {
  const x = (i) => get(`x${i}`);
  const not = (i) => `(i64.xor ${x(i)} (i64.const -1))`;
  const sub = (i, e) => set(`x${i}`, `(i64.sub ${x(i)} ${e})`);
  const add = (i, e) => set(`x${i}`, S64.add(x(i), e));
  const xor = (i, e) => set(`x${i}`, S64.xor(x(i), e));
  const shl = (i) => `(i64.shl ${not(i)} (i64.const 19))`;
  const shr = (i) => `(i64.shr_u ${not(i)} (i64.const 23))`;
  return [
    sub(0, S64.xor(x(7), '(i64.const 0xa5a5a5a5a5a5a5a5)')),
    xor(1, x(0)),
    add(2, x(1)),
    sub(3, S64.xor(x(2), shl(1))),
    xor(4, x(3)),
    add(5, x(4)),
    sub(6, S64.xor(x(5), shr(4))),
    xor(7, x(6)),
    add(0, x(7)),
    sub(1, S64.xor(x(0), shl(7))),
    xor(2, x(1)),
    add(3, x(2)),
    sub(4, S64.xor(x(3), shr(2))),
    xor(5, x(4)),
    add(6, x(5)),
    sub(7, S64.xor(x(6), '(i64.const 0x0123456789abcdef)')),
  ];
}
function tiger() {
  const st = (i) => `(i64.load offset=${8 * i} (local.get $s))`;
  const body = [
    ...Array.from({ length: 8 }, (_, i) => set(`x${i}`, `(i64.load offset=${8 * i} (local.get $p))`)),
    ...tigerPass('a', 'b', 'c', 5),
    ...tigerSchedule(),
    ...tigerPass('c', 'a', 'b', 7),
    ...tigerSchedule(),
    ...tigerPass('b', 'c', 'a', 9),
    `(i64.store offset=0 (local.get $s) (local.tee $a ${S64.xor(get('a'), st(0))}))`,
    `(i64.store offset=8 (local.get $s) (local.tee $b (i64.sub ${get('b')} ${st(1)})))`,
    `(i64.store offset=16 (local.get $s) (local.tee $c ${S64.add(get('c'), st(2))}))`,
  ];
  const locals = ['a', 'b', 'c', ...Array.from({ length: 8 }, (_, i) => `x${i}`)];
  return frame(
    'tiger',
    'Tiger compression (Anderson–Biham 1996, three passes).',
    locals,
    'i64',
    ['a', 'b', 'c'].map((v, i) => set(v, st(i))),
    body,
    [],
  );
}
