/** Node's and Bun's Buffer, where the runtime has one: its base64 decoder is native. */
type NativeBase64 = { from(text: string, encoding: 'base64'): Uint8Array };

/**
 * The bytes of a module embedded as base64 (src/wasm/generated): every module loader's decoding, written once.
 * Through Buffer where the runtime has it (Node, Bun): Node 20's `atob` is JavaScript, and with the copy loop below
 * it took ~8 ms of a fresh process for BLAKE3's two modules (49 KB) against ~0.3 ms through Buffer
 * (docs/decisions/sum-start.md). Elsewhere (browsers, Deno) `atob`, which is native there.
 */
export function decode(base64: string): Uint8Array<ArrayBuffer> {
  const native = (globalThis as { Buffer?: NativeBase64 }).Buffer;
  if (native !== undefined) {
    const b = native.from(base64, 'base64');
    // a copy of exactly these bytes (a short one may be a view of Buffer's shared pool)
    return new Uint8Array(b);
  }
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
