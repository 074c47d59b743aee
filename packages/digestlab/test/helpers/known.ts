/**
 * Known answers written in the tests rather than read from a file: RFC 1319's MD2 suite, NIST's FIPS 180 examples,
 * the seed string and Java's digests of it (vectors/seed-java.txt). Shared by kat.test.ts and the browser tests
 * (packages/web/test), which run the same answers in Chromium.
 */
import type { AlgorithmName } from '../../src/index.js';
import { readVector } from './common.js';

export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
export const RFC1319: [string, string][] = [
  ['', '8350e5a3e24c153df2275c9f80692773'],
  ['a', '32ec01ec4a6dac72c0ab96fb34c0b5d1'],
  ['abc', 'da853b0d3f88d99b30283a69e6ded6bb'],
  ['message digest', 'ab4f496bfb2a530b219ff33031fe06b0'],
  ['abcdefghijklmnopqrstuvwxyz', '4e8ddff3650292ab5a4108c3aa47940b'],
  ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'da33def2a42df13975352846c30338cd'],
  ['1234567890'.repeat(8), 'd5976f79d83d3a0dc9806c3c66f3efd8'],
];

export const ABC = 'abc';
export const TWO_BLOCK_256 = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
export const TWO_BLOCK_512 =
  'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu';

/** [message, digest] pairs from NIST's example documents, for the message each algorithm's document uses. */
export const FIPS: Partial<Record<AlgorithmName, [string, string][]>> = {
  'SHA-1': [
    [ABC, 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    [TWO_BLOCK_256, '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
  ],
  'SHA-224': [
    [ABC, '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
    [TWO_BLOCK_256, '75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525'],
  ],
  'SHA-256': [
    [ABC, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [TWO_BLOCK_256, '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ],
  'SHA-384': [
    [ABC, 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7'],
    [TWO_BLOCK_512, '09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039'],
  ],
  'SHA-512': [
    [
      ABC,
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    ],
    [
      TWO_BLOCK_512,
      '8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909',
    ],
  ],
  'SHA-512/224': [
    [ABC, '4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa'],
    [TWO_BLOCK_512, '23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9'],
  ],
  'SHA-512/256': [
    [ABC, '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23'],
    [TWO_BLOCK_512, '3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a'],
  ],
};

export const SEED_STRING = `!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']`;

/** vectors/seed-java.txt: algorithm name → Java's digest of the seed string. */
export function seedJava(): Map<string, string> {
  return new Map(
    readVector('seed-java.txt')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split(' ') as [string, string]),
  );
}
