/**
 * Which generated shape of the SHA-2 compressions a runtime runs, chosen once at load (sha256.ts, sha512.ts): what
 * each engine's JIT runs fastest, and what an interpreter does (docs/decisions/ts-sha2-engine-shapes.md).
 *
 * - SHA-256: fully unrolled on V8 with its JIT (Node, Deno, workerd, edge-runtime, Blink), 1.5x the loop there;
 *   eight rounds a loop iteration elsewhere: JavaScriptCore (WebKit, Bun) never optimizes the unrolled one, and the
 *   loop is what SpiderMonkey and the interpreters run best.
 * - SHA-512: its 64-bit sums written out, one round a loop iteration, on V8 and where there is no JIT; through the
 *   two small functions `lo`/`hi`, two rounds a loop iteration, elsewhere: JavaScriptCore falls off the written-out
 *   sums.
 */
import { isV8, type RuntimeInfo } from '../shared/runtime.js';

export interface Sha2Shapes {
  sha256: 'unrolled' | 'loop';
  sha512: 'inline' | 'calls';
}

/** The shapes for runtime `r`; `interpreted` is whether its engine has no JIT (`interpreted()` of runtime.ts). */
export function sha2Shapes(r: Pick<RuntimeInfo, 'runtime' | 'browser'>, interpreted: boolean): Sha2Shapes {
  const v8 = isV8(r);
  return {
    sha256: v8 && !interpreted ? 'unrolled' : 'loop',
    sha512: v8 || interpreted ? 'inline' : 'calls',
  };
}
