// Run by the CLI's `npm run build`: the repository's vectors/zeros.json (OpenSSL's and b3sum's digests of zeros at
// every counter boundary) copied into the CLI package as vectors/zeros.json, where `digestlab overflow` reads it by
// default (packages/cli/src/overflow/vectors.ts), in a clone and once installed from npm alike.
import { cpSync } from 'node:fs';

cpSync(
  new URL('../../vectors/zeros.json', import.meta.url),
  new URL('../../packages/cli/vectors/zeros.json', import.meta.url),
);
