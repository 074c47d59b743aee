/**
 * The public types as a user's project sees them: a small consumer project in a temp directory imports the built
 * package (dist, through its package.json `exports`, as `npm run build` wrote it) and the repository's TypeScript
 * checks it, declaration files included (`skipLibCheck: false`). Without the DOM's or Node's types
 * (`"lib": ["ES2022"]`, `"types": []`) the declarations must still compile; with them, a ReadableStream, a Node
 * stream and a Blob must still be sources of `digestStream`. The algorithm parameters list the registry's names for
 * an editor (its completions are asked for here) and take any other string.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nameLists } from '../../../scripts/gen/gen-names.mjs';
import { algorithms, createDigest, createHmac } from '../src/index.js';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const repoTypes = fileURLToPath(new URL('../../../node_modules/@types', import.meta.url));
const lists = nameLists(algorithms());

describe('the algorithm names', () => {
  test('every name listed resolves to its own algorithm, in the digest calls and the HMAC calls', () => {
    const canonicalOf = new Map<string, string>();
    for (const a of algorithms()) {
      for (const n of [a.name, ...a.aliases, a.nodeName]) canonicalOf.set(n, a.name);
      for (const n of [a.name, ...a.aliases]) canonicalOf.set(`Hmac${n}`, a.name);
    }
    expect(lists.canonical).toHaveLength(algorithms().length);
    for (const name of [...lists.canonical, ...lists.aliases]) {
      expect(createDigest(name, { provider: 'ts' }).algorithm, name).toBe(canonicalOf.get(name));
    }
    for (const name of lists.hmac) {
      expect(createHmac(name, 'key', { provider: 'ts' }).algorithm, name).toBe(canonicalOf.get(name));
    }
  });
});

/** The README's calls, in a project that has ES2022 and nothing else. */
const README_CALLS = `
import {
  algorithms,
  createDigest,
  createHmac,
  type DigestAlgorithm,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestMany,
  digestStream,
  hmacHex,
  hmacVerify,
  importState,
  ready,
  UnknownAlgorithmError,
} from 'digestlab';
import { createBlake2b, blake2bHex } from 'digestlab/blake2';
import { blake3Hex } from 'digestlab/blake3';
import { md2Hex } from 'digestlab/md2';
import { md4Hex } from 'digestlab/md4';
import { md5Hex } from 'digestlab/md5';
import { ripemd160Hex } from 'digestlab/ripemd';
import { sha1Hex } from 'digestlab/sha1';
import { createSha256, sha256Hex } from 'digestlab/sha256';
import { keccak_256Hex, sha3_256Hex, shake128Hex } from 'digestlab/sha3';
import { sha512Hex } from 'digestlab/sha512';
import { sm3Hex } from 'digestlab/sm3';
import { tigerHex } from 'digestlab/tiger';
import { whirlpoolHex } from 'digestlab/whirlpool';

// Java's getMessageDigestString(input, alg): a name chosen at run time
export function getMessageDigestString(input: string, alg: string): string {
  return digestHex(alg, input);
}

const key = new Uint8Array(32);
const data = new Uint8Array([104, 105]);
const chosen: DigestAlgorithm = algorithms()[0]?.name ?? 'SHA-256';

export const hexes: string[] = [
  digestHex('SHA-256', 'abc'),
  createDigest('md5').update(data).update('more').digestHex(),
  hmacHex('HmacSHA256', key, 'message'),
  hmacHex('SHA-256', 'key', 'The quick brown fox jumps over the lazy dog'),
  digestHex('SHAKE128', data, { outputLength: 64 }),
  digestHex('keccak256', ''),
  digestHex('2.16.840.1.101.3.4.2.1', data.buffer),
  digestHex(chosen, new DataView(data.buffer)),
  sha256Hex('abc'),
  createSha256().update(data).digestHex(),
  sha3_256Hex('abc'),
  keccak_256Hex(''),
  shake128Hex(data, 64),
  md2Hex(data) + md4Hex(data) + md5Hex(data) + sha1Hex(data) + sha512Hex(data) + ripemd160Hex(data),
  blake2bHex(data) + createBlake2b().update(data).digestHex() + blake3Hex(data),
  sm3Hex(data) + tigerHex(data) + whirlpoolHex(data),
];

const d = createDigest('SHA-256', { provider: 'ts' });
d.update('hello ').update(new Uint8Array([119, 111, 114, 108, 100]));
const saved: Uint8Array = d.exportState();
importState(saved).update('!').digestHex();

const mac = createHmac('SHA-512', key);
mac.update('header').update(data).digest();
mac.reset().update('other').digestHex();
export const verified: boolean = hmacVerify('SHA-256', key, data, 'ab12');
export const many: Uint8Array[] = digestMany('SHA-256', [data, 'abc']);
export const bytes: Uint8Array = digest(chosen, data);

export async function later(): Promise<Uint8Array[]> {
  await ready();
  async function* chunks() {
    yield data;
    yield 'text';
  }
  const reader = {
    read: async () => ({ done: true as const, value: undefined }),
    cancel: async () => {},
    releaseLock() {},
  };
  try {
    digestHex('no such', data);
  } catch (e) {
    if (!(e instanceof UnknownAlgorithmError)) throw e;
  }
  return [
    await digestAsync('SHA-1', data, { provider: 'webcrypto' }),
    new Uint8Array((await digestHexAsync('sha256', data)).length),
    await digestStream('SHA-512', chunks()),
    await digestStream('SHA-512', [data, data.buffer]),
    await digestStream('SHA-256', { getReader: () => reader }),
  ];
}
`;

/** What must not compile: each line is an error, or its directive is (TS2578, unused '@ts-expect-error'). */
const REFUSED = `
import { createHmac, digestHex, digestStream } from 'digestlab';
import { sha256Hex } from 'digestlab/sha256';

// @ts-expect-error: an algorithm is a string
digestHex(42, 'x');
// @ts-expect-error: data is bytes or a string
digestHex('SHA-256', 42);
// @ts-expect-error: data is bytes or a string
sha256Hex([1, 2, 3]);
// @ts-expect-error: an HMAC needs its key
createHmac('SHA-256');
// @ts-expect-error: a string is data, not a stream of it
digestStream('SHA-256', 'abc');
// @ts-expect-error: a stream of numbers is not one of chunks
digestStream('SHA-256', [1, 2, 3]);
// @ts-expect-error: a reader without cancel() and releaseLock(), which digestStream calls
digestStream('SHA-256', { getReader: () => ({ read: async () => ({ done: true as const }) }) });
`;

/**
 * Type-level assertions on the parameters: each lists the names for completion (a literal survives \`Extract\`,
 * which of a plain \`string\` gives never) and still takes any string.
 */
const PARAMETERS = `
import type {
  createDigest,
  createHmac,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestMany,
  digestStream,
  hmac,
  hmacAsync,
  hmacHex,
  hmacHexAsync,
  hmacVerify,
  hmacVerifyAsync,
} from 'digestlab';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Name<F extends (...args: never[]) => unknown> = Parameters<F>[0];
export type Check<T extends true> = T;

type Listed = 'SHA-256' | 'sha256' | 'SHA256' | 'SHA3-256' | 'KECCAK256' | 'SHAKE128' | 'BLAKE3' | 'blake2b512' | 'MD5';
type Digests =
  | typeof createDigest
  | typeof digest
  | typeof digestAsync
  | typeof digestHex
  | typeof digestHexAsync
  | typeof digestMany
  | typeof digestStream;
/** True when the parameter lists the names and takes any string. */
type Digest<F extends Digests> = [
  Equal<Extract<Name<F>, Listed>, Listed>,
  Equal<Extract<Name<F>, 'HmacSHA256'>, never>,
  string extends Name<F> ? true : false,
] extends [true, true, true]
  ? true
  : false;
export type Digested = [
  Check<Digest<typeof createDigest>>,
  Check<Digest<typeof digest>>,
  Check<Digest<typeof digestAsync>>,
  Check<Digest<typeof digestHex>>,
  Check<Digest<typeof digestHexAsync>>,
  Check<Digest<typeof digestMany>>,
  Check<Digest<typeof digestStream>>,
];

type Mac = 'HmacSHA256' | 'HmacSHA3-256' | 'HmacSHA512/256' | 'HmacMD5' | 'SHA-256' | 'sha256' | 'BLAKE2B-256';
type Macs =
  | typeof createHmac
  | typeof hmac
  | typeof hmacAsync
  | typeof hmacHex
  | typeof hmacHexAsync
  | typeof hmacVerify
  | typeof hmacVerifyAsync;
/** True when the parameter lists the HMAC names (not an XOF's: HMAC is not defined over one) and takes any string. */
type Hmac<F extends Macs> = [
  Equal<Extract<Name<F>, Mac>, Mac>,
  Equal<Extract<Name<F>, 'SHAKE128' | 'HmacSHAKE128' | 'BLAKE3'>, never>,
  string extends Name<F> ? true : false,
] extends [true, true, true]
  ? true
  : false;
export type Maced = [
  Check<Hmac<typeof createHmac>>,
  Check<Hmac<typeof hmac>>,
  Check<Hmac<typeof hmacAsync>>,
  Check<Hmac<typeof hmacHex>>,
  Check<Hmac<typeof hmacHexAsync>>,
  Check<Hmac<typeof hmacVerify>>,
  Check<Hmac<typeof hmacVerifyAsync>>,
];
`;

/** Where an editor asks for completions: inside each call's first string. */
const COMPLETE = `
import { digestHex, hmacHex } from 'digestlab';
digestHex('', 'abc');
hmacHex('', 'key', 'abc');
`;

/** The sources a project with the DOM's types passes: a web ReadableStream, a fetch body, a Blob, a File. */
const DOM_SOURCES = `
import { digestStream } from 'digestlab';

export async function sources(response: Response, input: HTMLInputElement): Promise<Uint8Array[]> {
  const stream = new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const text = new Blob(['abc']).stream().pipeThrough(new TextDecoderStream());
  const file = input.files?.[0];
  return [
    await digestStream('SHA-256', stream),
    await digestStream('SHA-256', text),
    await digestStream('SHA-256', response.body ?? []),
    await digestStream('SHA-256', new Blob(['abc'])),
    await digestStream('SHA-256', new File(['abc'], 'abc.txt')),
    await digestStream('SHA-256', file ?? []),
  ];
}
`;

/** The sources a project with Node's types passes: Node streams, Node's web streams and Blobs, its globals. */
const NODE_SOURCES = `
import { Blob as BufferBlob } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ReadableStream as WebReadableStream } from 'node:stream/web';
import { digestStream } from 'digestlab';

export async function sources(path: string): Promise<Uint8Array[]> {
  return [
    await digestStream('SHA-512', createReadStream(path)),
    await digestStream('SHA-512', Readable.from([Buffer.from('abc')])),
    await digestStream('SHA-512', new WebReadableStream<Uint8Array>({ start: (c) => c.close() })),
    await digestStream('SHA-512', new ReadableStream<Buffer>({ start: (c) => c.close() })),
    await digestStream('SHA-512', new BufferBlob(['abc'])),
    await digestStream('SHA-512', new Blob([Buffer.from('abc')])),
  ];
}
`;

const STRICT = {
  target: 'ES2022',
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: false,
  types: [] as string[],
};
const NODE16 = { ...STRICT, module: 'node16', moduleResolution: 'node16', lib: ['ES2022'] };
const BUNDLER = { ...STRICT, module: 'esnext', moduleResolution: 'bundler', lib: ['ES2022'] };

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'digestlab-types-'));
  // an ES module project (node16 reads the package's `import` condition), with digestlab installed as a link
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(pkgDir, join(dir, 'node_modules', 'digestlab'), 'dir');
  const files = { README_CALLS, REFUSED, PARAMETERS, COMPLETE, DOM_SOURCES, NODE_SOURCES };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, `${name.toLowerCase()}.ts`), text);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A language service over `files` of the consumer project, with these compiler options (as tsconfig.json has them). */
function project(files: string[], json: Record<string, unknown>): ts.LanguageService {
  const { options, errors } = ts.convertCompilerOptionsFromJson(json, dir);
  expect(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n'))).toEqual([]);
  const rootNames = files.map((f) => join(dir, f));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => rootNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const text = ts.sys.readFile(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** Every diagnostic of the program, as `file(line,col): TSnnnn message` (the file relative to its project). */
function diagnostics(service: ts.LanguageService): string[] {
  const program = service.getProgram();
  if (!program) throw new Error('no program');
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return `TS${d.code} ${text}`;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    const file = d.file.fileName.replace(pkgDir, 'digestlab/').replace(`${dir}/`, '');
    return `${file}(${line + 1},${character + 1}): TS${d.code} ${text}`;
  });
}

/** The declaration files of digestlab the program read: the built ones, not src. */
function digestlabFiles(service: ts.LanguageService): string[] {
  const files = service.getProgram()?.getSourceFiles() ?? [];
  return files.map((f) => f.fileName).filter((f) => f.startsWith(pkgDir));
}

describe.each([
  ['node16', NODE16],
  ['bundler', BUNDLER],
])('a project with ES2022 alone ("types": [], moduleResolution %s)', (_, options) => {
  let service: ts.LanguageService;
  beforeAll(() => {
    service = project(['readme_calls.ts', 'refused.ts', 'parameters.ts', 'complete.ts'], options);
  });

  test("compiles the README's calls against the built declarations; what must not compile does not", () => {
    // dist as `npm run build` wrote it: rebuild after changing src
    expect(diagnostics(service), 'the built declarations, from `npm run build -w packages/digestlab`').toEqual([]);
    const read = digestlabFiles(service);
    expect(read).toContain(`${pkgDir}dist/index.d.ts`);
    expect(read).toContain(`${pkgDir}dist/api/stream.d.ts`);
    expect(read.filter((f) => !f.startsWith(`${pkgDir}dist/`))).toEqual([]);
  });

  test('completes the names digestlab knows in the algorithm argument', () => {
    const file = join(dir, 'complete.ts');
    const text = readFileSync(file, 'utf8');
    const at = (call: string) => {
      const position = text.indexOf(`${call}('`) + call.length + 2;
      return service.getCompletionsAtPosition(file, position, {})?.entries.map((e) => e.name) ?? [];
    };
    const digestNames = at('digestHex');
    expect(digestNames).toEqual(expect.arrayContaining(['SHA-256', 'sha256', 'SHA256', 'SHA3-256', 'BLAKE3']));
    expect(new Set(digestNames)).toEqual(new Set([...lists.canonical, ...lists.aliases]));
    const macNames = at('hmacHex');
    expect(macNames).toEqual(expect.arrayContaining(['HmacSHA256', 'HmacSHA3-256', 'SHA-256', 'sha256']));
    expect(new Set(macNames)).toEqual(new Set(lists.hmac));
  });
});

test("a project with the DOM's types passes a ReadableStream, a fetch body, a Blob and a File to digestStream", () => {
  const dom = { ...BUNDLER, lib: ['ES2022', 'DOM', 'DOM.Iterable'] };
  expect(diagnostics(project(['dom_sources.ts'], dom))).toEqual([]);
});

test("a project with Node's types passes Node streams, its web ReadableStream and its Blobs to digestStream", () => {
  const node = { ...NODE16, types: ['node'], typeRoots: [repoTypes] };
  expect(diagnostics(project(['node_sources.ts'], node))).toEqual([]);
});
