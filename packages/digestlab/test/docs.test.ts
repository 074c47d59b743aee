/**
 * What the READMEs list that the code knows, checked against the code, so that a doc cannot drift from it
 * unnoticed (scripts/gen/gen-readme.mjs writes the lists and tables, `npm run gen`; this reads them independently): the algorithms (README.md's tables against `algorithms()`, both READMEs' opening lists against its
 * families), the bundle sizes (against what scripts/measure/bundle-size.mjs measures now), the per-family entry
 * points (packages/digestlab/README.md against package.json's `exports`; that `exports` matches src/ is
 * layout.test.ts's and packaging.test.ts's). Each failure says how to fix it.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  kB,
  measureAll,
  PACKAGE_README,
  packageReadmeSize,
  ROOT_README,
  readmeTable,
} from '../../../scripts/measure/bundle-size.mjs';
import { algorithms } from '../src/index.js';

const rootReadme = readFileSync(ROOT_README, 'utf8');
const pkgReadme = readFileSync(PACKAGE_README, 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const known = algorithms();

/** The lines of a Markdown section, from its heading (exactly this line) to the next heading of any level. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no "${heading}" heading`);
  const end = lines.findIndex((l, i) => i > start && /^#{1,6} /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Every table in these lines: its header cells and its rows' cells, trimmed. */
function tables(lines: readonly string[]): { header: string[]; rows: string[][] }[] {
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const found: { header: string[]; rows: string[][] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('|') || lines[i - 1]?.startsWith('|')) continue;
    let end = i;
    while (lines[end]?.startsWith('|')) end++;
    found.push({ header: cells(lines[i]), rows: lines.slice(i + 2, end).map(cells) });
  }
  return found;
}

/** A README's opening paragraph: its first paragraph of prose (no heading, code block or comment). */
function openingParagraph(text: string): string {
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  const paragraph = prose.split(/\n\s*\n/).find((p) => p.trim() !== '' && !/^\s*(#|<!--)/.test(p));
  if (!paragraph) throw new Error('no opening paragraph');
  return paragraph.replace(/\s+/g, ' ');
}

/**
 * Whether `text` has `word` as a whole word (case-insensitive): `SHA-2` is not in `SHA-256`, nor SHA-1's alias `SHA`
 * (a hyphen and a letter or digit go on with a name), but `SHA-224` is in `SHA-224/256` (a slash starts the next).
 */
function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9]|[A-Za-z0-9]-)${escaped}(?![A-Za-z0-9]|-[A-Za-z0-9])`, 'i').test(text);
}

/**
 * The families an opening paragraph leaves out. A family is named when the paragraph has its `family` (`SHA-2`,
 * `BLAKE2`, as `algorithms()` gives it) or one of its algorithms' names or aliases (`SHA-224`, `BLAKE2b`), in any
 * case: a reader scanning for the family finds it either way, and the list stays free to abbreviate
 * (`SHA-224/256/384/512`).
 */
function familiesMissing(paragraph: string): string[] {
  const families = [...new Set(known.map((a) => a.family))];
  return families.filter(
    (family) =>
      !mentions(paragraph, family) &&
      !known.filter((a) => a.family === family).some((a) => [a.name, ...a.aliases].some((n) => mentions(paragraph, n))),
  );
}

describe("README.md's Algorithms tables", () => {
  const inSection = tables(section(rootReadme, '### Algorithms')).filter((t) => /\bname$/.test(t.header[0]));
  const rows = inSection.flatMap((t) =>
    t.rows.map((cells) => ({
      name: cells[0].replace(/^`|`$/g, ''),
      digest: cells[t.header.indexOf('digest')],
      block: cells[t.header.indexOf('block')],
    })),
  );
  const fix = 'npm run gen writes the rows again (scripts/gen/gen-readme.mjs, from algorithms())';

  test('are found: the table of names and the BLAKE2 one', () => {
    expect(inSection.map((t) => t.header[0])).toEqual(['name', 'BLAKE2 name']);
  });

  test('have a row for every algorithm, and none for a name the registry lacks', () => {
    const listed = rows.map((r) => r.name);
    const names: string[] = known.map((a) => a.name);
    const missing = names.filter((n) => !listed.includes(n));
    const unknown = listed.filter((n) => !names.includes(n));
    const twice = listed.filter((n, i) => listed.indexOf(n) !== i);
    expect(
      { missing, unknown, twice },
      'npm run gen writes the tables of README.md, section "### Algorithms", from the registry ' +
        '(scripts/gen/gen-readme.mjs)',
    ).toEqual({ missing: [], unknown: [], twice: [] });
  });

  test("give each algorithm's digest and block length", () => {
    const wrong = rows.flatMap((r) => {
      const a = known.find((k) => k.name === r.name);
      if (!a) return [];
      const digest = Number.parseInt(r.digest, 10);
      const block = Number.parseInt(r.block, 10);
      return digest === a.digestLength && block === a.blockLength
        ? []
        : [`${r.name}: README ${digest}/${block}, algorithms() ${a.digestLength}/${a.blockLength}`];
    });
    expect(wrong, fix).toEqual([]);
  });
});

describe('the opening list of algorithms', () => {
  for (const [readme, text] of [
    ['packages/digestlab/README.md', pkgReadme],
    ['README.md', rootReadme],
  ] as const) {
    test(`of ${readme} names every family of algorithms()`, () => {
      expect(
        familiesMissing(openingParagraph(text)),
        `npm run gen names every family in the first paragraph of ${readme} (scripts/gen/gen-readme.mjs: its PHRASES)`,
      ).toEqual([]);
    });
  }

  test('is read as meant: a family left out is found', () => {
    expect(familiesMissing('MD5, SHA-256 and SHA3-256')).toEqual(
      [...new Set(known.map((a) => a.family))].filter((f) => !['MD5', 'SHA-2', 'SHA-3'].includes(f)),
    );
    expect(mentions('SHA-256', 'SHA-2')).toBe(false);
    expect(mentions('SHA-256', 'SHA')).toBe(false);
    expect(mentions('SHA-224/256', 'SHA-224')).toBe(true);
    expect(mentions('BLAKE2b and BLAKE2s', 'blake2b')).toBe(true);
  });
});

describe('the bundle sizes', () => {
  // measured once (~0.5 s), for both READMEs
  let measured: ReturnType<typeof measureAll> | undefined;
  const measuredNow = () => {
    measured ??= measureAll();
    return measured;
  };
  const fix = 'the bundles changed: `node scripts/measure/bundle-size.mjs --write-readme` writes the figures again';

  test("in README.md's Packaging table are what scripts/measure/bundle-size.mjs measures now", async () => {
    expect(section(rootReadme, '### Packaging').some((l) => l.startsWith('Bundled size ('))).toBe(true);
    // exact bytes: esbuild's output is deterministic for the locked esbuild, gzip's for Node's zlib
    expect(readmeTable(rootReadme).rows, fix).toEqual(await measuredNow());
  });

  test("in packages/digestlab/README.md (digestlab/sha256's sha256Hex, in kB) are the measured ones", async () => {
    const sha256 = (await measuredNow()).find((r) => r.name === 'digestlab/sha256 (sha256Hex)');
    expect(packageReadmeSize(pkgReadme), fix).toEqual({ bytes: kB(sha256?.bytes ?? 0), gzip: kB(sha256?.gzip ?? 0) });
  });
});

describe("packages/digestlab/README.md's per-family entry points", () => {
  const entries = Object.keys(pkg.exports)
    // the family entry points: not the root, the package.json, nor the WebAssembly files (dist/wasm/*.wasm)
    .filter((k) => k !== '.' && k !== './package.json' && !k.endsWith('.wasm'))
    .map((k) => k.slice(2));

  test("are package.json's exports", () => {
    const paragraph = pkgReadme.split(/\n\s*\n/).find((p) => p.startsWith('One entry point per family'));
    // a set: the paragraph names `digestlab/sha256` again for its size
    const listed = new Set([...(paragraph ?? '').matchAll(/`(?:digestlab)?\/([a-z0-9-]+)`/g)].map((m) => m[1]));
    expect(
      [...listed].sort(),
      'npm run gen lists every subpath of package.json\'s "exports" in packages/digestlab/README.md\'s ' +
        '"One entry point per family" paragraph (scripts/gen/gen-readme.mjs)',
    ).toEqual([...entries].sort());
  });

  test("are package.json's typesVersions, which TypeScript's node10 resolution reads instead of exports", () => {
    expect(
      Object.keys(pkg.typesVersions['*']).sort(),
      'give each subpath of "exports" its entry in packages/digestlab/package.json\'s "typesVersions"',
    ).toEqual([...entries].sort());
  });
});
