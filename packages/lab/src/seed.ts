/**
 * The seed experiment (../shared/seeds/000_7bb5a408a1134703.txt): Java's `getMessageDigestString(input, alg)` timed
 * N times per algorithm with `System.currentTimeMillis()`, once, on a PC and on a phone.
 */
import type { AlgorithmName } from 'digestlab';

/**
 * The seed's input exactly as the Java source defines it, backslash escapes resolved: `\"` is `"` and `\'` is `'`.
 * 93 ASCII characters, so UTF-8 (what every row hashes) and Java's default `getBytes()` agree.
 */
export const SEED_INPUT =
  "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']";

/**
 * The hmac workload's key: 32 bytes (HMAC-SHA-256's usual key length), fixed so every run and runtime MACs the same.
 * Every call passes it, and every row keys anew per call.
 */
export const HMAC_KEY: Uint8Array = Uint8Array.from({ length: 32 }, (_, i) => (i * 151 + 7) & 255);

/** The algorithms the seed times, in its order: the default of every workload. */
export const SEED_ALGORITHMS: readonly AlgorithmName[] = ['MD2', 'MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];

/** The seed's PC count (its phone ran 1000): the "seconds for N" column is for this N. */
export const SEED_COUNT = 100_000;

/**
 * The digests Java's MessageDigest (provider SUN) gives for {@link SEED_INPUT}: vectors/seed-java.txt, made by
 * vectors/tools/Md2Vectors.java. An independent known answer for the seed input, MD2 included (node:crypto on
 * OpenSSL 3 has no MD2).
 */
export const SEED_JAVA_HEX: Readonly<Record<string, string>> = {
  MD2: '51395dace08284d5b0b31fc7b844ffea',
  MD5: '907a95ad43550b05d863d105e4311daf',
  'SHA-1': '6032ae411e505eb786d137a77311f3f80f97ced3',
  'SHA-256': '82fdbb68917f781f0f04900260c6ae49bd05e99cc34a6a98eb049dfeeab924de',
  'SHA-384': '5cfdb312196c2aa3ffee5cde7bdcfd1393e51aaa3b5ef0cc4b53c187f1b138a8c243be0f6eb798429639fdda5d76e762',
  'SHA-512':
    '8e639896d1d7ffa64fce54d341ae56d46d449ba9c78e13e0dbbeba9c408359d4298736d9c048a2cf99171a0d1d952e6ac0a1bd113ec3b8caf71aa10c4d5a8ab0',
};

/** The seed's own figures, seconds for its N, so tables can show them beside ours. */
export const SEED_FIGURES = {
  pc: {
    label: 'seed PC (Java, i7 notebook)',
    count: 100_000,
    seconds: { MD2: 1.56, MD5: 0.286, 'SHA-1': 0.32, 'SHA-256': 0.475, 'SHA-384': 0.591, 'SHA-512': 0.75 },
  },
  phone: {
    label: 'seed phone (Android, MSM8974)',
    count: 1000,
    seconds: { MD2: 0.131, MD5: 0.188, 'SHA-1': 0.283, 'SHA-256': 0.586, 'SHA-384': 0.717, 'SHA-512': 0.873 },
  },
} as const satisfies Record<string, { label: string; count: number; seconds: Record<string, number> }>;

/** `openssl speed`'s sizes, then 1 MiB (the seed's MiB/s comparison with OpenSSL used 1 MiB buffers). */
export const OPENSSL_SIZES: readonly number[] = [16, 64, 256, 1024, 8192, 16384];
export const MIB = 1 << 20;
export const ALL_SIZES: readonly number[] = [...OPENSSL_SIZES, MIB];
