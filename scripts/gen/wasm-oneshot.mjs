// One-shot digests to hex in one call: the padding, the compression function and the lowercase hex digits (as
// ASCII) of a short message already in memory, with no crossing between JavaScript and WebAssembly in between
// (the seed's call: packages/digestlab/src/providers/wasm-md.ts). Emitted into the core module beside its
// compression functions, and into shasimd beside its own SHA-1 and SHA-256, so that each calls the compression
// function of its own module.
//
//   (func $CORE_hex (param $s i32) (param $p i32) (param $len i32) (param $out i32) (param $dl i32))
//     the `len` bytes at `p` padded in place (Merkle–Damgård: 0x80, zeros, the bit length in the block's last 8
//     bytes, little-endian for MD5, big-endian for SHA; SHA-512's 16-byte field has its high half zero), compressed
//     into the chaining value at `s` (which holds the initial value), and the first `dl` bytes of the digest written
//     as 2 * dl ASCII digits at `out`. `dl` is a multiple of 4.

/** Each core's block length, and the byte order of its length field and of its words in the digest. */
const CORES = {
  md5: { block: 64, order: 'le' },
  sha1: { block: 64, order: 'be' },
  sha256: { block: 64, order: 'be' },
  sha512: { block: 128, order: 'be' },
};

/**
 * $NAME (param $p $len) (result i32), by default $oneshot_pad_ORDER_BLOCK: pads in place as padInPlace in
 * merkle-damgard.ts does, and returns the block count. The length field is 8 bytes for 64-byte blocks, 16 for 128 (its
 * high 8 bytes zero: the message is in memory, far below 2^61 bytes). gen-wasm.mjs's batches pad with it too.
 */
export function padFunc(order, block, bswap64, name = `oneshot_pad_${order}_${block}`) {
  const field = block === 128 ? 16 : 8;
  return [
    `(func $${name} (param $p i32) (param $len i32) (result i32)`,
    '  (local $end i32) (local $bits i64)',
    `  (local.set $end (i32.and (i32.add (local.get $len) (i32.const ${field + block})) (i32.const ${-block})))`,
    '  (i32.store8 (i32.add (local.get $p) (local.get $len)) (i32.const 0x80))',
    '  (memory.fill (i32.add (i32.add (local.get $p) (local.get $len)) (i32.const 1)) (i32.const 0)',
    '    (i32.sub (i32.sub (local.get $end) (local.get $len)) (i32.const 9)))',
    '  (local.set $bits (i64.shl (i64.extend_i32_u (local.get $len)) (i64.const 3)))',
    ...(order === 'be' ? bswap64('bits') : []).map((l) => `  ${l}`),
    '  (i64.store (i32.sub (i32.add (local.get $p) (local.get $end)) (i32.const 8)) (local.get $bits))',
    `  (i32.shr_u (local.get $end) (i32.const ${Math.log2(block)})))`,
  ].join('\n');
}

/**
 * $oneshot_hex_ORDER (param $s $out $dl): the digest's `dl` bytes as hex digits, a 32-bit word of the chaining value
 * at a time: its four bytes in digest order (a byte swap for SHA's big-endian words; SHA-512's 64-bit words lie as a
 * high then a low 32-bit word, so the same), spread to one per 16-bit lane of an i64, split into nibbles (the high
 * one first in memory), and each nibble n made '0' + n, or 'a' + n - 10 where n + 6 carries into bit 4: eight
 * digits by one store.
 */
function hexFunc(order, bswap32) {
  const c = (n) => `(i64.const 0x${n.toString(16).padStart(16, '0')})`;
  const t = '(local.get $t)';
  return [
    `(func $oneshot_hex_${order} (param $s i32) (param $out i32) (param $dl i32)`,
    '  (local $k i32) (local $w i32) (local $t i64)',
    '  (loop $word',
    '    (local.set $w (i32.load (i32.add (local.get $s) (local.get $k))))',
    ...(order === 'be' ? [`    (local.set $w ${bswap32('w')})`] : []),
    '    (local.set $t (i64.extend_i32_u (local.get $w)))',
    `    (local.set $t (i64.and (i64.or ${t} (i64.shl ${t} (i64.const 16))) ${c(0x0000ffff0000ffffn)}))`,
    `    (local.set $t (i64.and (i64.or ${t} (i64.shl ${t} (i64.const 8))) ${c(0x00ff00ff00ff00ffn)}))`,
    `    (local.set $t (i64.or (i64.and (i64.shr_u ${t} (i64.const 4)) ${c(0x000f000f000f000fn)}) (i64.shl (i64.and ${t} ${c(0x000f000f000f000fn)}) (i64.const 8))))`,
    '    (i64.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 1)))',
    `      (i64.add (i64.add ${t} ${c(0x3030303030303030n)})`,
    `        (i64.mul (i64.and (i64.shr_u (i64.add ${t} ${c(0x0606060606060606n)}) (i64.const 4)) ${c(0x0101010101010101n)}) (i64.const 39))))`,
    '    (local.set $k (i32.add (local.get $k) (i32.const 4)))',
    '    (br_if $word (i32.lt_u (local.get $k) (local.get $dl)))))',
  ].join('\n');
}

/** The one-shot functions of `cores` (names of compression functions in the same module), with their helpers. */
export function oneShotFuncs(cores, { bswap32, bswap64 }) {
  const used = cores.map((name) => ({ name, ...CORES[name] }));
  const pads = [...new Set(used.map((u) => `${u.order}_${u.block}`))];
  const orders = [...new Set(used.map((u) => u.order))];
  return [
    ...pads.map((k) => padFunc(k.split('_')[0], Number(k.split('_')[1]), bswap64)),
    ...orders.map((o) => hexFunc(o, bswap32)),
    ...used.map(({ name, order, block }) =>
      [
        `;; ${name}: pad the message at $p, compress it into $s, its digest's hex to $out (wasm-oneshot.mjs).`,
        `(func $${name}_hex (export "${name}_hex") (param $s i32) (param $p i32) (param $len i32) (param $out i32) (param $dl i32)`,
        `  (call $${name} (local.get $s) (local.get $p) (call $oneshot_pad_${order}_${block} (local.get $p) (local.get $len)))`,
        `  (call $oneshot_hex_${order} (local.get $s) (local.get $out) (local.get $dl)))`,
      ].join('\n'),
    ),
  ].join('\n');
}
