/** A `.wasm` file imported as a module (workerd, wrangler, Vercel Edge): the runtime compiled it. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
