/**
 * Why digestlab's WebAssembly cannot run here, in words a user can act on: no WebAssembly at all, or a runtime that
 * refuses to compile bytes.
 */

/** Where the runtime has no `WebAssembly` global (QuickJS, Hermes, `node --jitless`), why. */
export function noWebAssembly(): string | undefined {
  return typeof WebAssembly === 'object' ? undefined : 'this runtime has no WebAssembly';
}

/**
 * Why compiling failed, in words: where the runtime refuses to compile bytes (workerd and Vercel Edge: "Wasm code
 * generation disallowed by embedder"; a page's Content-Security-Policy without 'wasm-unsafe-eval'), what to do.
 */
export function compileFailure(e: unknown): string {
  const refused = /disallowed|refused|content.security.policy|unsafe-eval/i.test(String(e));
  return refused
    ? `this runtime refuses to compile WebAssembly from bytes (${String(e)}); hand digestlab its compiled modules: ` +
        "`ready({ modules })`, or import 'digestlab' with the `workerd` or `edge-light` condition (README: Where it runs)"
    : `WebAssembly compilation failed: ${String(e)}`;
}
