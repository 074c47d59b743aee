#!/usr/bin/env node
// Computes the reference digests of all-zero inputs at the counter boundaries, with node:crypto (OpenSSL),
// in one pass per algorithm: the hash is copied (`hash.copy()`) at each boundary and the copy finalized.
// The library's large tier and `digestlab overflow` read the result, vectors/zeros.json.
//
//   node scripts/vectors/zero-vectors.mjs [--max BYTES] [--algorithms MD5,SHA-1,...]
//
// SHAKE at another output length than its default is named with the length in bytes: SHAKE128/32B, SHAKE256/16B
// (the key `digestlab overflow --output-length` reads them under).
//
// MD4 is in OpenSSL 3's legacy provider only, which node:crypto loads when asked:
//   node --openssl-legacy-provider scripts/vectors/zero-vectors.mjs --algorithms MD4 --max 4294967301
// Whirlpool and Tiger, which node:crypto lacks (OpenSSL 3's legacy provider; none), are RHash's instead
// (`head -c N /dev/zero | rhash --whirlpool -`): one run per size, not one pass. BLAKE3 (BLAKE3-256, 32 bytes out),
// which OpenSSL lacks, is Debian's b3sum's (`head -c N /dev/zero | b3sum --no-names`), one run per size too:
//   node scripts/vectors/zero-vectors.mjs --algorithms BLAKE3-256 --max 4294967301
// RIPEMD-128, -256 and -320, which only BouncyCastle has here, are its (`vectors/tools/BcVectors.java --zeros`, on
// Debian's libbcprov-java): one pass, a clone at each size:
//   node scripts/vectors/zero-vectors.mjs --algorithms RIPEMD128,RIPEMD256,RIPEMD320 --max 4294967301
//
// BLAKE2b-512 and BLAKE2s-256 are node:crypto's (OpenSSL's blake2b512, blake2s256; it has no other BLAKE2 length):
//   node scripts/vectors/zero-vectors.mjs --algorithms BLAKE2B-512,BLAKE2S-256 --max 4294967301
//
// --max limits the sizes computed (the full list goes to 2^39+1 bytes: about 70 minutes on one core here);
// entries already in the file for other sizes are kept, so a partial run can be completed later.
import { execFileSync, execSync } from 'node:child_process';
import { createHash, getHashes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { algorithms as digestlabAlgorithms } from '../../packages/digestlab/dist/index.js';
// the sizes: every counter boundary of digestlab's registry, and the seed's 257 GiB (2^28±1 … 2^39±1, 19 of them)
import { BOUNDARY_SIZES } from '../../packages/lab/dist/overflow/index.js';

const OUT = fileURLToPath(new URL('../../vectors/zeros.json', import.meta.url));
/** node:crypto's names, from digestlab's registry (built: npm run build); OpenSSL 3 has no MD2, which is refused below. */
const NODE_NAMES = Object.fromEntries(digestlabAlgorithms().map((a) => [a.name, a.nodeName]));
/** The default list: the Merkle–Damgård hashes, MD5 to SHA-512/256 (the 2^38 and 2^39 sizes are their counters'). */
const MERKLE_DAMGARD = digestlabAlgorithms().flatMap((a) => (a.construction === 'merkle-damgard' ? [a.name] : []));
/** An XOF (SHAKE) at its default output length (node:crypto's, digestlab's), given explicitly: copy() forgets it otherwise. */
const OPTIONS = Object.fromEntries(
  digestlabAlgorithms().flatMap((a) => (a.xof ? [[a.name, { outputLength: a.digestLength }]] : [])),
);

function arg(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}
const max = Number(arg('--max') ?? Number.MAX_SAFE_INTEGER);
// by default the Merkle–Damgård hashes; name SHA-3 or SHAKE to add them (with --max 2^32+5: a sponge's boundaries
// stop there)
const algorithms = arg('--algorithms')?.split(',') ?? MERKLE_DAMGARD;

let data;
try {
  data = JSON.parse(readFileSync(OUT, 'utf8'));
} catch {
  data = {};
}
data.note =
  'Digests of all-zero inputs of the given byte lengths, computed with node:crypto (OpenSSL) by ' +
  'scripts/vectors/zero-vectors.mjs: one streaming pass per algorithm, hash.copy() at each size; WHIRLPOOL and TIGER ' +
  'with RHash, BLAKE3-256 with b3sum (one run per size); RIPEMD128, RIPEMD256 and RIPEMD320 with BouncyCastle ' +
  '(vectors/tools/BcVectors.java --zeros: one pass, a clone at each size).';
data.generatedBy = { ...data.generatedBy, node: process.version, openssl: process.versions.openssl };
data.digests ??= {};

const CHUNK = 16 * 2 ** 20;
const zeros = new Uint8Array(CHUNK);
const hashes = new Set(getHashes());
/**
 * The command line that hashes standard input for the algorithms node:crypto lacks, with the program's name: RHash's
 * (its tiger is Tiger/192, BouncyCastle's), Debian's b3sum for BLAKE3 (32 bytes out, its default and BLAKE3-256's).
 */
const TOOLS = {
  WHIRLPOOL: ['rhash --whirlpool -', 'RHash'],
  TIGER: ['rhash --tiger -', 'RHash'],
  'BLAKE3-256': ['b3sum --no-names', 'b3sum'],
};

/** The tool's digest of `size` zero bytes, one run per size. */
function toolZeros(alg, size) {
  return execSync(`head -c ${size} /dev/zero | ${TOOLS[alg][0]}`, { encoding: 'utf8' }).split(/\s/)[0];
}

/** The algorithms only BouncyCastle has here; its digests of zeros at each size, in one JVM and one pass. */
const BC = new Set(['RIPEMD128', 'RIPEMD256', 'RIPEMD320']);
const BC_VECTORS = fileURLToPath(new URL('../../vectors/tools/BcVectors.java', import.meta.url));
function bcZeros(alg, sizes) {
  const args = ['-cp', '/usr/share/java/bcprov.jar', BC_VECTORS, '--zeros', alg, sizes.join(',')];
  return execFileSync('java', args, { encoding: 'utf8' }).trim().split('\n');
}

for (const alg of algorithms) {
  if (BC.has(alg)) {
    const sizes = BOUNDARY_SIZES.filter((s) => s <= max);
    const digests = bcZeros(alg, sizes);
    data.digests[alg] = { ...data.digests[alg], ...Object.fromEntries(sizes.map((s, i) => [String(s), digests[i]])) };
    process.stderr.write(`${alg}: ${sizes.length} sizes (BouncyCastle)\n`);
    writeFileSync(`${OUT}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
    renameSync(`${OUT}.tmp`, OUT);
    continue;
  }
  if (TOOLS[alg]) {
    data.digests[alg] ??= {};
    // the program's version beside node's (b3sum: "b3sum 1.2.0")
    data.generatedBy[TOOLS[alg][1]] = execSync(`${TOOLS[alg][0].split(' ')[0]} --version`, { encoding: 'utf8' }).trim();
    for (const size of BOUNDARY_SIZES.filter((s) => s <= max)) {
      data.digests[alg][String(size)] = toolZeros(alg, size);
      process.stderr.write(`${alg} ${size} ${data.digests[alg][String(size)]} (${TOOLS[alg][1]})\n`);
    }
    writeFileSync(`${OUT}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
    renameSync(`${OUT}.tmp`, OUT);
    continue;
  }
  // SHAKE128/32B: SHAKE128 with 32 bytes out (an XOF only)
  const [, base, bytes] = /^(.+)\/([1-9]\d*)B$/.exec(alg) ?? ['', alg];
  const name = NODE_NAMES[base];
  if (!name || !hashes.has(name) || (bytes && !OPTIONS[base])) throw new Error(`node:crypto has no ${alg}`);
  const options = bytes ? { outputLength: Number(bytes) } : OPTIONS[alg];
  const sizes = BOUNDARY_SIZES.filter((s) => s <= max);
  const h = createHash(name, options);
  data.digests[alg] ??= {};
  const entry = data.digests[alg];
  let done = 0;
  const t0 = Date.now();
  for (const size of sizes) {
    while (done < size) {
      const n = Math.min(CHUNK, size - done);
      h.update(n === CHUNK ? zeros : zeros.subarray(0, n));
      done += n;
    }
    entry[String(size)] = h.copy(options).digest('hex');
    process.stderr.write(`${alg} ${size} ${entry[String(size)]} (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
  }
  // keep sizes sorted numerically for readable diffs
  data.digests[alg] = Object.fromEntries(Object.entries(entry).sort((a, b) => Number(a[0]) - Number(b[0])));
  writeFileSync(`${OUT}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(`${OUT}.tmp`, OUT);
}
