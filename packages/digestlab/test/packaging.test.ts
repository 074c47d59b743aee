import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { measure } from '../../../scripts/measure/bundle-size.mjs';
import { WASM_MODULE_NAMES } from '../src/wasm/names.js';
import { embeddedBytes } from './helpers/embedded.js';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${pkgDir}/package.json`, 'utf8'));

describe('package', () => {
  test('has zero runtime dependencies', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.peerDependencies ?? {}).toEqual({});
    expect(pkg.optionalDependencies ?? {}).toEqual({});
  });

  test('is ESM with an exports map whose every entry has types and a source module', () => {
    expect(pkg.type).toBe('module');
    for (const [subpath, target] of Object.entries<{ types: string; default: string } | string>(pkg.exports)) {
      if (subpath === './package.json') continue;
      // the WebAssembly modules as files (for runtimes that import them compiled): their own test below
      if (subpath === './wasm/*.wasm') {
        expect(target).toBe('./dist/wasm/*.wasm');
        continue;
      }
      if (typeof target === 'string') throw new Error(`${subpath}: expected types and default conditions`);
      expect(target.types).toBe(target.default.replace(/\.js$/, '.d.ts'));
      const source = target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
      expect(existsSync(`${pkgDir}/${source}`), `${subpath} -> ${source}`).toBe(true);
    }
  });

  test('ships each WebAssembly module as a .wasm file of the bytes embedded as base64, which the workerd and edge-light entries import', () => {
    const built = (f: string) => `${pkgDir}/dist/${f}`;
    // workerd (wrangler) imports NAME.wasm, Vercel's bundler NAME.wasm?module
    for (const [entry, suffix] of [
      ['workerd.js', ''],
      ['edge-light.js', '\\?module'],
    ]) {
      const text = readFileSync(built(entry), 'utf8');
      const imports = new RegExp(`import (\\w+) from "\\./wasm/(\\w+)\\.wasm${suffix}";`, 'g');
      const imported = [...text.matchAll(imports)].map((m) => m[2]);
      expect(imported.sort(), entry).toEqual([...WASM_MODULE_NAMES].sort());
      expect(text, entry).toMatch(
        /useModules\(\{ core, shasimd, simd, ripemd, classic, blake2, blake2simd, blake3, blake3simd, xxhash, xxhashsimd, crc \}\)/,
      );
    }
    for (const name of WASM_MODULE_NAMES) {
      const embedded = Buffer.from(embeddedBytes(name));
      expect(readFileSync(built(`wasm/${name}.wasm`)).equals(embedded), `dist/wasm/${name}.wasm`).toBe(true);
      const generated = `${pkgDir}/src/wasm/generated/${name}.wasm`;
      expect(readFileSync(generated).equals(embedded), generated).toBe(true);
      expect(WebAssembly.validate(embedded), name).toBe(true);
    }
  });

  // BLAKE3's compression is BLAKE2s' G with BLAKE2s' IV: the one shared module (blake2s-g.ts), no BLAKE2 with it;
  // the SHA-2 entries share the choice of their cores' shapes (sha2-shapes.ts)
  const families: Record<string, string[]> = {
    md2: ['md2'],
    md5: ['md5'],
    sha1: ['sha1'],
    sha256: ['sha256', 'sha2-shapes'],
    sha512: ['sha512', 'sha2-shapes'],
    sha3: ['sha3'],
    blake3: ['blake3', 'blake2s-g'],
  };
  for (const [entry, algorithmFiles] of Object.entries(families)) {
    test(`a bundle of digestlab/${entry} carries only its own algorithm family`, async () => {
      const result = (await measure(`export * from './src/${entry}.ts';`)) as { inputs: string[] };
      const inputs = result.inputs.map((f) => f.slice(f.indexOf('src/')));
      // the family's file and its generated core, if it has one; no other family
      const families = inputs
        .filter((f) => f.startsWith('src/algorithms/'))
        .map((f) => f.replace(/^src\/algorithms\/(generated\/)?/, ''));
      expect(new Set(families)).toEqual(new Set(algorithmFiles.map((f) => `${f}.ts`)));
      // no registry of all names, no providers: those pull every algorithm and node:crypto glue
      expect(inputs.filter((f) => /registry|providers\//.test(f))).toEqual([]);
    });
  }
});

describe('the built package (dist, written by npm run build)', () => {
  const dist = (f: string) => new URL(`../dist/${f}`, import.meta.url).href;

  test('every entry point shares one Digest class and one set of error classes', async () => {
    const root = await import(dist('index.js'));
    const sha256 = await import(dist('sha256.js'));
    const md5 = await import(dist('md5.js'));
    expect(sha256.createSha256()).toBeInstanceOf(root.Digest);
    expect(md5.createMd5()).toBeInstanceOf(root.Digest);
    expect(() => sha256.createSha256().update(1)).toThrow(root.InvalidDataError);
    expect(sha256.sha256Hex('abc')).toBe(root.digestHex('SHA-256', 'abc'));
  });

  test('the root entry is a handful of files, not one per source module', () => {
    const files = (readFileSync(fileURLToPath(dist('index.js')), 'utf8').match(/from\s*"\.\/[^"]+"/g) ?? []).length;
    // at most one chunk per algorithm family (each family entry point shares its code with the root), one of what
    // they all share, one of what the Merkle–Damgård families share (merkle-damgard.ts, which digestlab/sha3
    // does not load) and one of what the XOF families share (options.ts, which digestlab/sha3 and digestlab/blake3
    // check their options with): 10 with seven families, against ~40 source modules; and two of what the root shares
    // with dist/blake3-split.js (BLAKE3's subtree engines, the entry `digestlab sum -a blake3` loads alone: one with
    // the root alone, one with digestlab/blake3 too)
    const families = Object.keys(pkg.exports).filter(
      (k) => k !== '.' && k !== './package.json' && !k.endsWith('.wasm'),
    ).length;
    expect(files).toBeLessThanOrEqual(families + 3 + 2);
  });
});
