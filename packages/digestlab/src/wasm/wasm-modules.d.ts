/** A `.wasm` file imported as a module (workerd, wrangler): the runtime compiled it. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

/** The same, as Vercel's bundler takes it (Vercel Edge, Next.js's edge runtime): `NAME.wasm?module`. */
declare module '*.wasm?module' {
  const module: WebAssembly.Module;
  export default module;
}
