/**
 * SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202), and Keccak with the padding of its submission (KECCAK-224 to
 * KECCAK-512, as BouncyCastle names them; Ethereum's keccak256 is KECCAK-256): the same permutation and sponge,
 * other rates, padding bytes and output lengths. The permutation is generated (generated/sha3.ts).
 */
import type { AlgorithmSpec } from '../block.js';
import { type KeccakCore, SpongeHash } from '../sponge.js';
import { keccakP } from './generated/sha3.js';

/** Absorbing in TypeScript: each block's little-endian 32-bit words XORed into the state, then the permutation. */
export const TS_KECCAK: KeccakCore = {
  absorb(s, d, offset, blocks, rate) {
    const words = rate >> 2;
    for (let p = offset, end = offset + blocks * rate; p < end; p += rate) {
      for (let i = 0, q = p; i < words; i++, q += 4)
        s[i] ^= d[q] | (d[q + 1] << 8) | (d[q + 2] << 16) | (d[q + 3] << 24);
      keccakP(s);
    }
  },
  permute: keccakP,
};

/**
 * A sponge of capacity 2 × `bits` (rate 200 − bits / 4 bytes): SHA3-n and KECCAK-n with `bits` n and an n-bit
 * digest; SHAKE128/256 with a default output of 128 or 256 bits, as node:crypto has it.
 */
function spec(name: AlgorithmSpec['name'], code: number, bits: number, suffix: number, xof = false): AlgorithmSpec {
  const self: AlgorithmSpec = {
    name,
    code,
    digestLength: bits / 8,
    blockLength: 200 - bits / 4,
    create: (outputLength = bits / 8) => new SpongeHash(self, outputLength, TS_KECCAK),
    sponge: { suffix, xof, core: TS_KECCAK },
  };
  return self;
}

const SHA3 = 0x06;
const SHAKE = 0x1f;
const KECCAK = 0x01;

export const SHA3_224 = spec('SHA3-224', 10, 224, SHA3);
export const SHA3_256 = spec('SHA3-256', 11, 256, SHA3);
export const SHA3_384 = spec('SHA3-384', 12, 384, SHA3);
export const SHA3_512 = spec('SHA3-512', 13, 512, SHA3);
export const SHAKE128 = spec('SHAKE128', 14, 128, SHAKE, true);
export const SHAKE256 = spec('SHAKE256', 15, 256, SHAKE, true);
export const KECCAK_224 = spec('KECCAK-224', 16, 224, KECCAK);
export const KECCAK_256 = spec('KECCAK-256', 17, 256, KECCAK);
export const KECCAK_384 = spec('KECCAK-384', 18, 384, KECCAK);
export const KECCAK_512 = spec('KECCAK-512', 19, 512, KECCAK);
