#!/usr/bin/env node
// Writes what the READMEs list of the registry's algorithms between their markers, `<!-- gen:NAME -->` and
// `<!-- /gen:NAME -->`, so that a new algorithm needs no hand edit of the docs: README.md's algorithm tables (the
// BLAKE2 names in their own), the families its opening paragraph names, and packages/digestlab/README.md's opening
// list and per-family entry points (from package.json's `exports`). What the code does not know (a family's wording,
// an alias's note) is this file's PHRASES and NOTES; a family without a phrase is named as the registry names it.
//
//   node scripts/gen/gen-readme.mjs           write the regions
//   node scripts/gen/gen-readme.mjs --check   exit 1 if a committed region differs from what this script writes
// generated.test.ts runs the check (generators.mjs lists this generator); docs.test.ts also holds the text to the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { registryEntries } from './gen-names.mjs';

const ROOT_README = new URL('../../README.md', import.meta.url);
const PACKAGE_README = new URL('../../packages/digestlab/README.md', import.meta.url);
const PACKAGE_JSON = new URL('../../packages/digestlab/package.json', import.meta.url);

/** How each README's opening paragraph words a family (the root's briefly, the package's by algorithm). */
const PHRASES = {
  root: {
    'SHA-2': 'the SHA-2 family',
    'SHA-3': 'SHA-3, SHAKE',
    RIPEMD: 'RIPEMD-128/160/256/320',
    BLAKE3: 'BLAKE3 (every mode)',
    BLAKE2: 'BLAKE2b and BLAKE2s',
    CRC: 'CRC-32, CRC-32C, CRC-64',
    xxHash: 'xxHash (XXH32, XXH64, XXH3)',
  },
  package: {
    'SHA-2': 'SHA-224/256/384/512, SHA-512/224 and /256',
    'SHA-3': 'SHA3-224/256/384/512, SHAKE128/256',
    Keccak: 'KECCAK-224/256/384/512',
    RIPEMD: 'RIPEMD-128/160/256/320',
    BLAKE3: 'BLAKE3 (every mode)',
    BLAKE2: 'BLAKE2b and BLAKE2s (every length, keyed, salted)',
    CRC: "CRC-32, CRC-32C, CRC-64/NVME, CRC-64/XZ, POSIX cksum's CRC",
    xxHash: 'xxHash (XXH32, XXH64, XXH3)',
  },
};

/** Notes the tables give beside an algorithm's aliases, or instead of its digest length. */
const NOTES = {
  'KECCAK-256': { aliases: "(Ethereum's keccak256)" },
  RIPEMD160: { aliases: "(node:crypto's ripemd160)" },
  WHIRLPOOL: { aliases: "(BouncyCastle's `Whirlpool`)" },
  TIGER: { aliases: "(BouncyCastle's `Tiger`: Tiger/192, pad 0x01)" },
  'BLAKE2B-512': { aliases: "(node:crypto's blake2b512)" },
  'BLAKE2S-256': { aliases: "(node:crypto's blake2s256)" },
  BLAKE2b: { aliases: "(length-free: b2sum's, hashlib's)", digest: '64 (1-64)' },
  BLAKE2s: { aliases: '(length-free)', digest: '32 (1-32)' },
};

/** What a family entry point's item in the list says after its path. */
const ENTRY_NOTES = { sha3: '(SHA-3, SHAKE, Keccak)' };

/** "a, b and c". */
const listed = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The families of the entries that pass `keep`, in the registry's order, as `style`'s README words them. */
function families(entries, keep, style) {
  const names = [...new Set(entries.filter(keep).map((e) => e.family))];
  return listed(names.map((f) => PHRASES[style][f] ?? f));
}

/** A Markdown table, its columns padded as the formatter leaves them; `right` says which columns align right. */
function table(header, rows, right) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const pad = (c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]));
  const line = (r) => `| ${r.map(pad).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** An algorithm's row: name, up to three aliases (and its note), OIDs, digest, block[, collision resistance]. */
function row(e, resistance) {
  const note = NOTES[e.spec.name] ?? {};
  const aliases = [e.aliases.slice(0, 3).join(', ') + (e.aliases.length > 3 ? ', ...' : ''), note.aliases ?? '']
    .filter((s) => s !== '')
    .join(' ');
  const oid = e.oids.length > 1 ? `${e.oids[0]} (and ${e.oids.slice(1).join(', ')})` : (e.oids[0] ?? '');
  const digest = note.digest ?? `${e.spec.digestLength}${e.output === 'xof' ? ' (any)' : ''}`;
  const cells = [`\`${e.spec.name}\``, aliases, oid, digest, String(e.spec.blockLength)];
  if (!resistance) return cells;
  return [...cells, !e.cryptographic ? 'not cryptographic' : e.broken ? '**broken**' : ''];
}

const COLUMNS = ['aliases (any case)', 'OID', 'digest', 'block'];

/** Every region's text, by README and region name. */
function regions(entries, exportsMap) {
  const blake2 = (e) => e.family === 'BLAKE2';
  const entryPoints = Object.keys(exportsMap)
    .filter((k) => k !== '.' && k !== './package.json' && !k.endsWith('.wasm'))
    .map(
      (k, i) =>
        `\`${i === 0 ? 'digestlab' : ''}${k.slice(1)}\`${ENTRY_NOTES[k.slice(2)] ? ` ${ENTRY_NOTES[k.slice(2)]}` : ''}`,
    );
  const rows = entries.filter((e) => !blake2(e)).map((e) => row(e, true));
  const blake2Rows = entries.filter(blake2).map((e) => row(e, false));
  return new Map([
    [
      ROOT_README,
      {
        'families-cryptographic': families(entries, (e) => e.cryptographic, 'root'),
        'families-checksums': families(entries, (e) => !e.cryptographic, 'root'),
        'algorithm-table': `\n${table(['name', ...COLUMNS, 'collision resistance'], rows, [0, 0, 0, 1, 1, 0])}\n`,
        'blake2-table': `\n${table(['BLAKE2 name', ...COLUMNS], blake2Rows, [0, 0, 0, 1, 1])}\n`,
      },
    ],
    [
      PACKAGE_README,
      {
        'families-cryptographic': families(entries, (e) => e.cryptographic, 'package'),
        'families-checksums': families(entries, (e) => !e.cryptographic, 'package'),
        'entry-points': entryPoints.join(', '),
      },
    ],
  ]);
}

/** `text` with each region's content replaced; throws when a region's markers are missing. */
export function withRegions(text, contents) {
  let out = text;
  for (const [name, content] of Object.entries(contents)) {
    const re = new RegExp(`(<!-- gen:${name} -->)[\\s\\S]*?(<!-- /gen:${name} -->)`);
    if (!re.test(out)) throw new Error(`no <!-- gen:${name} --> … <!-- /gen:${name} --> markers`);
    out = out.replace(re, (_, open, close) => `${open}${content}${close}`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { exports } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  const stale = [];
  for (const [file, contents] of regions(await registryEntries(), exports)) {
    const text = readFileSync(file, 'utf8');
    const written = withRegions(text, contents);
    if (written === text) continue;
    if (process.argv.includes('--check')) stale.push(file.pathname);
    else writeFileSync(file, written);
  }
  for (const f of stale) console.error(`stale: ${f} (npm run gen)`);
  process.exit(stale.length > 0 ? 1 : 0);
}
