/** The bytes of a module embedded as base64 (src/wasm/generated): every module loader's decoding, written once. */
export function decode(base64: string): Uint8Array<ArrayBuffer> {
  const s = atob(base64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
