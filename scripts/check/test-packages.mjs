#!/usr/bin/env node
/**
 * The published packages as a user gets them (`npm run test:packages`, after `npm ci`, which builds them; ~1 min):
 * `npm pack` of every workspace that is not private into a temporary folder, each tarball's files checked (LICENSE,
 * README, CHANGELOG, every file package.json names, source maps that resolve inside the package, no file twice, no
 * second copy of the library in the lab or the CLI), then the tarballs installed in an empty project (from the npm
 * cache first: the peers the lab depends on were cached by `npm ci`; the npm registry for anything missing), and:
 *
 * - `npm i digestlab` alone: nothing installed but the library;
 * - the library README's example, as the packed README has it, run as an ES module and as CommonJS (`require`), its
 *   output the README's; type-checked by TypeScript under `moduleResolution` `node16` and `bundler`, and as
 *   CommonJS under `module` `node20`, with the lab's and the CLI's declarations too (`skipLibCheck` off);
 * - an application that imports the library bundled by esbuild and by Vite: no warning, and the bundle runs;
 * - `npx @digestlab/cli sum`, `digestlab sum` (sha256sum's output; `-a blake3` equal to the library's BLAKE3),
 *   `digestlab bench -w seed -a SHA-256` (every SHA-256 peer loads and agrees), `digestlab web` (its page and
 *   assets served, then Ctrl-C);
 * - `npm publish --dry-run` of each package: public access, the files `npm pack` listed.
 *
 * The tarballs' sizes are printed beside @noble/hashes' and hash-wasm's (the README's table).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const rootPkg = readJson(join(ROOT, 'package.json'));
const fromRoot = createRequire(join(ROOT, 'package.json'));
/** The peers the size table sets beside ours. */
const COMPARED = ['@noble/hashes@2.4.0', 'hash-wasm@4.13.0'];
/** The base64 of a WebAssembly module's first bytes (`\0asm`, version 1): the library embeds its modules so. */
const WASM_BASE64 = 'AGFzbQEAAAA';

/** Every workspace that is published (not private), in the order npm builds them. */
const PUBLISHED = rootPkg.workspaces
  .filter((w) => !w.includes('*'))
  .map((dir) => ({ dir: join(ROOT, dir), pkg: readJson(join(ROOT, dir, 'package.json')) }))
  .filter(({ pkg }) => !pkg.private);

let tmp = '';
/** Per package name: the tarball's path, its unpacked folder, and `npm pack`'s JSON for it. */
const packed = new Map();
let app = '';

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Runs a command to its end; throws with its output unless it exits 0. */
function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`.trim());
  }
  return r;
}

/** The same, without waiting: resolves with the result, so that independent commands share the cores. */
function runAsync(command, args, options = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, options);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(out) : fail(new Error(`${command} ${args.join(' ')}: ${out}`))));
  });
}

/** Every file under `dir`, as paths relative to it with `/`. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Every `./path` a package.json value names (main, types, bin, exports, typesVersions), as `path`. */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function namedFiles(pkg) {
  const out = new Set();
  const walk = (v) => {
    if (typeof v === 'string') {
      if (v.startsWith('./')) out.add(v.slice(2));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const key of ['main', 'types', 'bin', 'exports', 'typesVersions']) walk(pkg[key]);
  out.delete('package.json');
  return [...out];
}

/** The fenced block after `marker` in a README. */
function blockAfter(readme, marker) {
  const at = readme.indexOf(marker);
  assert.ok(at >= 0, `the README has no ${marker}`);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(readme.slice(at));
  assert.ok(m, `no fenced block after ${marker}`);
  return m[1];
}

const kB = (n) => `${(n / 1000).toFixed(0)} kB`;
const MB = (n) => `${(n / 1e6).toFixed(2)} MB`;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'digestlab-packages-'));
});
after(() => {
  if (tmp && !process.env.DIGESTLAB_KEEP_PACKAGES) rmSync(tmp, { recursive: true, force: true });
  else if (tmp) console.log(`kept ${tmp}`);
});

test('the published packages: the library, the lab, the CLI; the page ships inside the CLI', () => {
  assert.deepEqual(
    PUBLISHED.map((p) => p.pkg.name),
    ['digestlab', '@digestlab/lab', '@digestlab/cli'],
  );
  assert.equal(readJson(join(ROOT, 'packages/web/package.json')).private, true);
  const cli = PUBLISHED[2].pkg;
  // the CLI and the library are released together: b3sum's mode imports a file of the library's that is not in its
  // exports map (scripts/build/bundle-sum.mjs), so the dependency is on this exact version
  assert.equal(cli.dependencies.digestlab, PUBLISHED[0].pkg.version);
  assert.equal(cli.dependencies['@digestlab/lab'], PUBLISHED[1].pkg.version);
});

/** package.json's fields, and the files every tarball has and package.json names. */
function checkMetadata({ info, root, files }) {
  const pkg = readJson(join(root, 'package.json'));
  for (const f of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
    assert.ok(files.includes(f), `${info.name}: no ${f}`);
  }
  assert.match(readFileSync(join(root, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.equal(pkg.license, 'MIT');
  for (const key of ['repository', 'homepage', 'bugs', 'keywords', 'engines', 'description']) {
    assert.ok(pkg[key], `${info.name}: no ${key}`);
  }
  assert.equal(pkg.publishConfig?.access, 'public', `${info.name}: publishConfig.access`);
  for (const f of namedFiles(pkg)) {
    // a subpath pattern (dist/wasm/*.wasm) names at least one packed file
    const packed = f.includes('*')
      ? files.some((x) => new RegExp(`^${f.split('*').map(escapeRe).join('[^/]+')}$`).test(x))
      : files.includes(f);
    assert.ok(packed, `${info.name}: package.json names ${f}, not packed`);
  }
  // every export of JavaScript has its declarations (not the package.json, nor the .wasm files: binaries)
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath !== './package.json' && !subpath.endsWith('.wasm')) {
      assert.ok(target.types, `${info.name} ${subpath}: no types`);
    }
  }
}

/** `path`, relative to the folder of the package's file `from`, is a file or folder of the package. */
function assertInside({ info, root }, from, path, what) {
  const at = resolve(dirname(join(root, from)), path);
  assert.ok(at.startsWith(root + sep) && existsSync(at), `${info.name}: ${from} ${what} ${path}, not in the package`);
}

/**
 * What the code reads beside itself (`new URL('../../java/DigestlabJvm.java', import.meta.url)`: the page, the
 * workers, the JVM's program, the overflow vectors), and each source of a source map not carried in the map itself,
 * is a file of the package.
 */
function checkReferences(p) {
  for (const f of p.files.filter((x) => /\.m?js$/.test(x))) {
    const text = readFileSync(join(p.root, f), 'utf8');
    for (const [, , target] of text.matchAll(/new URL\(\s*(['"`])([^'"`$]+)\1\s*,\s*import\.meta\.url\s*\)/g)) {
      assertInside(p, f, target, 'reads');
    }
  }
  for (const f of p.files.filter((x) => x.endsWith('.map'))) {
    const map = readJson(join(p.root, f));
    map.sources.forEach((source, i) => {
      if (map.sourcesContent?.[i] == null) assertInside(p, f, source, 'maps to');
    });
  }
}

/** No file of 1 KiB or more twice in the tarballs (`seen`: content hash → file); the library's code in it alone. */
function checkOnce({ info, root, files }, seen) {
  for (const f of files) {
    const bytes = readFileSync(join(root, f));
    if (bytes.length < 1024 || f === 'LICENSE') continue;
    const sha = createHash('sha256').update(bytes).digest('hex');
    assert.ok(!seen.has(sha), `${info.name}/${f} is the same file as ${seen.get(sha)}`);
    seen.set(sha, `${info.name}/${f}`);
    // the library's code (its WebAssembly, embedded as base64) only in the library, and in the CLI's page
    if (info.name !== 'digestlab' && !f.startsWith('web/')) {
      assert.ok(!bytes.includes(WASM_BASE64), `${info.name}/${f} carries a copy of the library`);
    }
  }
}

/** Ours and the compared libraries' tarball sizes, as `npm pack` reports them. */
function printSizes() {
  const rows = [...packed.values()].map(({ info }) => [`${info.name}@${info.version}`, info]);
  for (const spec of COMPARED) {
    const args = ['pack', spec, '--dry-run', '--json', '--prefer-offline'];
    rows.push([spec, JSON.parse(run('npm', args, { cwd: tmp }).stdout)[0]]);
  }
  const line = ([name, { size, unpackedSize, entryCount }]) =>
    `${name.padEnd(24)} ${kB(size).padStart(8)} ${MB(unpackedSize).padStart(9)} ${String(entryCount).padStart(5)} files`;
  console.log(rows.map(line).join('\n'));
}

test('npm pack: each tarball carries what it needs, once', () => {
  const dest = join(tmp, 'tarballs');
  mkdirSync(dest);
  const args = ['pack', '--json', '--pack-destination', dest, ...PUBLISHED.flatMap((p) => ['-w', p.dir])];
  const seen = new Map();
  for (const info of JSON.parse(run('npm', args, { cwd: ROOT }).stdout)) {
    const tarball = join(dest, info.filename);
    const unpacked = join(tmp, 'unpacked', info.filename.replace(/\.tgz$/, ''));
    mkdirSync(unpacked, { recursive: true });
    run('tar', ['-xzf', tarball, '-C', unpacked]);
    const root = join(unpacked, 'package');
    const p = { tarball, root, info, files: filesUnder(root) };
    packed.set(info.name, p);
    checkMetadata(p);
    checkReferences(p);
    checkOnce(p, seen);
  }

  // the library's source maps carry the sources: no src/ beside them
  assert.deepEqual(
    packed.get('digestlab').files.filter((f) => f.startsWith('src/')),
    [],
  );
  const cli = packed.get('@digestlab/cli');
  assert.ok(cli.files.includes('web/index.html'), 'the CLI ships no page');
  assert.ok(cli.files.includes('web/board.html'), 'the CLI ships no board page');
  assert.ok(!cli.files.includes('web/selftest.html'), 'the CLI ships the browser tests’ self-test page');
  printSizes();
});

test('npm install of the tarballs in an empty project, from the npm cache', () => {
  const { version: typesNode } = readJson(join(ROOT, 'node_modules/@types/node/package.json'));
  const install = (dir, specs) => {
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'app', version: '1.0.0', private: true })}\n`);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], { cwd: dir });
  };
  // `npm i digestlab`: the library alone, nothing else
  const alone = join(tmp, 'library-alone');
  install(alone, [packed.get('digestlab').tarball]);
  assert.deepEqual(
    readdirSync(join(alone, 'node_modules')).filter((f) => !f.startsWith('.')),
    ['digestlab'],
  );

  app = join(tmp, 'app');
  install(app, [...[...packed.values()].map((p) => p.tarball), `@types/node@${typesNode}`]);
  for (const name of packed.keys()) assert.ok(existsSync(join(app, 'node_modules', name, 'package.json')), name);
});

test("the library README's example, as an ES module and through require()", () => {
  const readme = readFileSync(join(app, 'node_modules/digestlab/README.md'), 'utf8');
  writeFileSync(join(app, 'example.mjs'), blockAfter(readme, '<!-- example: esm'));
  writeFileSync(join(app, 'example.cjs'), blockAfter(readme, '<!-- example: cjs'));
  const expected = blockAfter(readme, '<!-- output');
  assert.equal(run(process.execPath, ['example.mjs'], { cwd: app }).stdout, expected);
  assert.equal(
    run(process.execPath, ['example.cjs'], { cwd: app }).stdout,
    `${expected.split('\n').slice(0, 2).join('\n')}\n`,
  );
});

test('TypeScript: the example type-checks under node16 and bundler (and as CommonJS under node20)', async () => {
  const readme = readFileSync(join(app, 'node_modules/digestlab/README.md'), 'utf8');
  const example = blockAfter(readme, '<!-- example: esm');
  // the lab's and the CLI's declarations too: a user's compiler reads them, with skipLibCheck off
  const others = "import type { BenchReport } from '@digestlab/lab';\nimport { main } from '@digestlab/cli';\n";
  const use = 'export const used: [BenchReport | undefined, typeof main] = [undefined, main];\n';
  writeFileSync(join(app, 'example.mts'), `${others}${example}${use}`);
  writeFileSync(join(app, 'example.cts'), `${others}${example}${use}`);
  const configs = {
    node16: { module: 'node16', moduleResolution: 'node16', file: 'example.mts' },
    bundler: { module: 'esnext', moduleResolution: 'bundler', file: 'example.mts' },
    'node20-commonjs': { module: 'node20', moduleResolution: 'node16', file: 'example.cts' },
  };
  const tsc = fromRoot.resolve('typescript/bin/tsc');
  await Promise.all(
    Object.entries(configs).map(([name, { module, moduleResolution, file }]) => {
      const config = join(app, `tsconfig.${name}.json`);
      const compilerOptions = {
        module,
        moduleResolution,
        target: 'es2022',
        lib: ['es2022'],
        types: ['node'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      };
      writeFileSync(config, JSON.stringify({ compilerOptions, files: [file] }));
      return runAsync(process.execPath, [tsc, '-p', config], { cwd: app });
    }),
  );
});

test('an application bundling the library: esbuild and Vite say nothing, and the bundle runs', async () => {
  const entry = [
    "import { digestHex } from 'digestlab';",
    "import { sha256Hex } from 'digestlab/sha256';",
    "import { blake3Hex } from 'digestlab/blake3';",
    "console.log(digestHex('SHA-256', 'abc'), sha256Hex('abc'), blake3Hex('abc'));",
    '',
  ].join('\n');
  // installed; and linked, as `npm link`, a workspace or Yarn's Plug'n'Play place it: outside any node_modules
  // folder once its symbolic link is followed, where esbuild reports what it keeps quiet about in node_modules
  const installed = join(app, 'bundled');
  const linked = join(tmp, 'linked');
  mkdirSync(join(linked, 'node_modules'), { recursive: true });
  symlinkSync(packed.get('digestlab').root, join(linked, 'node_modules/digestlab'), 'dir');
  const esbuild = await import('esbuild');
  const vite = await import('vite');
  for (const dir of [installed, linked]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'entry.mjs'), entry);
    const expected = run(process.execPath, ['entry.mjs'], { cwd: dir }).stdout;
    assert.match(expected, /^ba7816bf\w+ ba7816bf\w+ 6437b3ac\w+\n$/);

    for (const platform of ['browser', 'node', 'neutral']) {
      const out = join(dir, `esbuild-${platform}.mjs`);
      const r = await esbuild.build({
        absWorkingDir: dir,
        entryPoints: ['entry.mjs'],
        bundle: true,
        format: 'esm',
        platform,
        outfile: out,
        logLevel: 'silent',
      });
      const what = `esbuild, platform ${platform}, ${dir}`;
      assert.deepEqual(
        r.warnings.map((w) => `${w.location?.file}: ${w.text}`),
        [],
        what,
      );
      assert.equal(run(process.execPath, [out]).stdout, expected, what);
    }

    const said = [];
    const logger = vite.createLogger('warn');
    for (const level of ['warn', 'warnOnce', 'error']) logger[level] = (msg) => said.push(`${level}: ${msg}`);
    await vite.build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      customLogger: logger,
      build: {
        lib: { entry: 'entry.mjs', formats: ['es'], fileName: () => 'vite.mjs' },
        outDir: 'vite-dist',
        minify: false,
        emptyOutDir: true,
        reportCompressedSize: false,
      },
    });
    assert.deepEqual(said, [], `vite build, ${dir}`);
    assert.equal(run(process.execPath, [join(dir, 'vite-dist/vite.mjs')]).stdout, expected, `vite build, ${dir}`);
  }
});

test('digestlab sum: sha256sum and the library, byte for byte; npx @digestlab/cli runs it', () => {
  const data = Buffer.concat([randomBytes(1 << 20), Buffer.from('tail')]);
  writeFileSync(join(app, 'data.bin'), data);
  const bin = join(app, 'node_modules/.bin/digestlab');
  const line = (hex) => `${hex}  data.bin\n`;
  const sha256 = line(createHash('sha256').update(data).digest('hex'));
  if (spawnSync('sha256sum', ['--version']).status === 0)
    assert.equal(run('sha256sum', ['data.bin'], { cwd: app }).stdout, sha256);
  assert.equal(run(bin, ['sum', 'data.bin'], { cwd: app }).stdout, sha256);
  assert.equal(run('npx', ['--offline', '@digestlab/cli', 'sum', 'data.bin'], { cwd: app }).stdout, sha256);

  // b3sum's mode takes BLAKE3's part of the installed library by its file (scripts/build/bundle-sum.mjs)
  const script =
    "import { digestHex } from 'digestlab'; import { readFileSync } from 'node:fs'; console.log(digestHex('BLAKE3', readFileSync('data.bin')));";
  const blake3 = run(process.execPath, ['--input-type=module', '-e', script], { cwd: app }).stdout.trim();
  assert.equal(run(bin, ['sum', '-a', 'blake3', 'data.bin'], { cwd: app }).stdout, line(blake3));
});

test('digestlab bench -w seed -a SHA-256: every SHA-256 peer the lab depends on loads and agrees', () => {
  const bin = join(app, 'node_modules/.bin/digestlab');
  const args = ['bench', '-w', 'seed', '-a', 'SHA-256', '-t', '5', '--warmup', '5', '--json'];
  const report = JSON.parse(run(bin, args, { cwd: app }).stdout);
  assert.equal(report.schema, 'digestlab-bench/1');
  const status = Object.fromEntries(report.results.map((r) => [r.provider, r.status]));
  assert.deepEqual(
    Object.entries(status).filter(([, s]) => s !== 'ok' && s !== 'unavailable'),
    [],
  );
  const lab = readJson(join(app, 'node_modules/@digestlab/lab/package.json'));
  for (const row of [
    'ts',
    'wasm',
    'node',
    'auto',
    'node:crypto',
    '@noble/hashes',
    'hash-wasm',
    'js-sha256',
    'crypto-js',
    'node-forge',
    'jssha',
    'sha.js',
  ]) {
    assert.equal(status[row], 'ok', row);
  }
  for (const r of report.results.filter((x) => x.library in lab.dependencies)) {
    assert.equal(r.version, readJson(join(app, 'node_modules', r.library, 'package.json')).version, r.library);
  }
});

test('digestlab web serves its page, then stops on Ctrl-C', async () => {
  const bin = join(app, 'node_modules/.bin/digestlab');
  const child = spawn(bin, ['web', '--port', '0', '--results', join(tmp, 'results')], { cwd: app });
  const ended = new Promise((done) => child.on('exit', (code) => done(code)));
  try {
    const first = await new Promise((done, fail) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d) => {
        out += d;
        if (out.includes('\n')) done(out.slice(0, out.indexOf('\n')));
      });
      child.on('exit', (code) => fail(new Error(`digestlab web exited ${code}`)));
    });
    const url = new URL(first);
    const page = await fetch(new URL('/', url));
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<title>digestlab lab<\/title>/);
    const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    assert.ok(assets.length > 0, 'the page names no script or stylesheet');
    for (const asset of assets) assert.equal((await fetch(new URL(asset, url))).status, 200, asset);
  } finally {
    child.kill('SIGINT');
  }
  assert.equal(await ended, 0);
});

test('npm publish --dry-run: public access, the files npm pack listed', async () => {
  await Promise.all(
    PUBLISHED.map(async ({ dir, pkg }) => {
      const r = await new Promise((done) => {
        const child = spawn('npm', ['publish', '--dry-run', '--json'], { cwd: dir });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => {
          stdout += d;
        });
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.on('close', (status) => done({ status, stdout, stderr }));
      });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, /with tag latest and public access \(dry-run\)/, pkg.name);
      const json = JSON.parse(r.stdout);
      const published = (json[pkg.name] ?? json).files.map((f) => f.path).sort();
      assert.deepEqual(
        published,
        packed
          .get(pkg.name)
          .info.files.map((f) => f.path)
          .sort(),
        pkg.name,
      );
    }),
  );
});
