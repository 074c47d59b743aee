/** The bytes of a module embedded as base64 (src/wasm/generated): every module loader's decoding, written once. */
export function decode(base64: string): Uint8Array<ArrayBuffer> {
  const s = atob(base64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/**
 * A module that only some runtimes compile (a SIMD one), compiled synchronously; undefined where this runtime
 * cannot (no SIMD), and the loader goes on with its scalar module.
 */
export function compileIfSupported(base64: string): WebAssembly.Module | undefined {
  try {
    return new WebAssembly.Module(decode(base64));
  } catch {
    return undefined;
  }
}
