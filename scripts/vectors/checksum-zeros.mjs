#!/usr/bin/env node
// The checksums whose length is a counter, over all-zero inputs at the large tier's sizes (2^28 − 1 … 2^32 + 5),
// merged into vectors/zeros.json's `digests` (zeros-checksums.large.test.ts and `digestlab overflow` read them):
// XXH32 (which adds the length mod 2^32), XXH64, XXH3-64 and XXH3-128 from Debian's python3-xxhash, CRC-32 and
// Adler-32 (no length term: for the overflow lab's verdict) from its zlib (one pass of 1 MiB zero chunks, a
// copy() digested at each size), POSIX cksum's CRC (its length appended: 5 bytes past 2^32) from coreutils' cksum,
// one run per size on `head -c SIZE /dev/zero`. Nothing here is computed by digestlab.
//
//   node scripts/vectors/checksum-zeros.mjs
import { execFileSync, execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const SIZES = [2 ** 28 - 1, 2 ** 28, 2 ** 28 + 1, 2 ** 29 - 1, 2 ** 29, 2 ** 29 + 1];
SIZES.push(2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 5);

const PYTHON = `
import json, sys, zlib, xxhash
sizes = [int(a) for a in sys.argv[1:]]
hs = {'XXH32': xxhash.xxh32(), 'XXH64': xxhash.xxh64(), 'XXH3-64': xxhash.xxh3_64(), 'XXH3-128': xxhash.xxh3_128()}
out = {k: {} for k in hs}
out['CRC-32'] = {}
out['ADLER32'] = {}
crc, adler = 0, 1
chunk = bytes(1 << 20)
done = 0
for size in sizes:
    while done < size:
        n = min(len(chunk), size - done)
        part = chunk if n == len(chunk) else chunk[:n]
        for h in hs.values(): h.update(part)
        crc = zlib.crc32(part, crc)
        adler = zlib.adler32(part, adler)
        done += n
    for k, h in hs.items(): out[k][str(size)] = h.copy().hexdigest()
    out['CRC-32'][str(size)] = '%08x' % crc
    out['ADLER32'][str(size)] = '%08x' % adler
print(json.dumps(out))
`;

const url = new URL('../../vectors/zeros.json', import.meta.url);
const zeros = JSON.parse(readFileSync(url, 'utf8'));
const xxh = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON, ...SIZES.map(String)], { encoding: 'utf8' }));
const cksum = Object.fromEntries(
  SIZES.map((n) => {
    const crc = execSync(`head -c ${n} /dev/zero | cksum`, { encoding: 'utf8' }).split(' ')[0];
    return [String(n), Number(crc).toString(16).padStart(8, '0')];
  }),
);
Object.assign(zeros.digests, xxh, { CKSUM: cksum });
const python = execFileSync('/usr/bin/python3', ['-c', 'import xxhash; print(xxhash.VERSION, xxhash.XXHASH_VERSION)']);
zeros.generatedBy['python3-xxhash'] = python.toString().trim();
zeros.generatedBy.cksum = execFileSync('cksum', ['--version'], { encoding: 'utf8' }).split('\n')[0];
writeFileSync(url, `${JSON.stringify(zeros, null, 2)}\n`);
