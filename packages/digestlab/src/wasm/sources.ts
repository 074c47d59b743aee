/**
 * Where each of digestlab's WebAssembly modules comes from: compiled from the bytes embedded as base64
 * (src/wasm/generated, the default everywhere compiling bytes is allowed), or handed over already compiled by the
 * application or its runtime, where compiling bytes is refused (Cloudflare Workers and Vercel Edge, which take
 * WebAssembly only as a module import; a page whose Content-Security-Policy lacks 'wasm-unsafe-eval' refuses both).
 * The package ships each module as a `.wasm` file of the same bytes (dist/wasm/NAME.wasm); the `workerd` export
 * condition's entry imports them and hands them here, and `ready({ modules })` takes them from anyone.
 */
import { InvalidOptionError } from '../shared/errors.js';
import { decode } from './base64.js';
import { WASM_MODULE_NAMES, type WasmModuleName, type WasmModules } from './names.js';

export { WASM_MODULE_NAMES, type WasmModuleName, type WasmModules };

const given: Partial<Record<WasmModuleName, WebAssembly.Module>> = {};

/** Takes compiled modules for later use; refuses a name it does not know or a value that is not a module. */
export function giveModules(modules: WasmModules): void {
  if (typeof modules !== 'object' || modules === null) {
    throw new InvalidOptionError('modules', 'expected an object of WebAssembly.Module by name');
  }
  for (const [name, module] of Object.entries(modules)) {
    if (!(WASM_MODULE_NAMES as readonly string[]).includes(name)) {
      throw new InvalidOptionError(`modules.${name}`, `no such module; expected ${WASM_MODULE_NAMES.join(', ')}`);
    }
    // by its tag, not instanceof: a module compiled in another realm (a vm context's host, an iframe) instantiates
    if (Object.prototype.toString.call(module) !== '[object WebAssembly.Module]') {
      throw new InvalidOptionError(`modules.${name}`, 'expected a WebAssembly.Module (compiled, not bytes)');
    }
  }
  Object.assign(given, modules as typeof given);
}

/** Whether the application handed over this module compiled. */
export function isGiven(name: WasmModuleName): boolean {
  return given[name] !== undefined;
}

/**
 * The embedded bytes of a module. The package's workerd and edge-light entries carry none (their `#embedded/NAME`
 * resolves to a module whose base64 is undefined: scripts/build/build-lib.mjs), as they hand every module over.
 */
function bytesOf(name: WasmModuleName, base64: string | undefined): Uint8Array<ArrayBuffer> {
  if (base64 === undefined) {
    throw new Error(`digestlab: this entry embeds no WebAssembly bytes; hand "${name}" over with ready({ modules })`);
  }
  return decode(base64);
}

/**
 * A module, compiled synchronously from its embedded bytes (`base64`, which each loader imports itself, so that a
 * program that hashes BLAKE3 alone carries no other module) unless it was given. Throws where compiling is refused.
 */
export function moduleSync(name: WasmModuleName, base64: string | undefined): WebAssembly.Module {
  return given[name] ?? new WebAssembly.Module(bytesOf(name, base64));
}

/** A module, compiled asynchronously from its embedded bytes unless it was given (rejects where refused). */
export async function moduleAsync(name: WasmModuleName, base64: string | undefined): Promise<WebAssembly.Module> {
  return given[name] ?? WebAssembly.compile(bytesOf(name, base64));
}

/**
 * A module only some runtimes compile (a SIMD one), compiled synchronously; undefined where this runtime cannot
 * (no SIMD), and the loader goes on with its scalar module.
 */
export function moduleIfSupported(name: WasmModuleName, base64: string | undefined): WebAssembly.Module | undefined {
  try {
    return moduleSync(name, base64);
  } catch {
    return undefined;
  }
}
