/**
 * Which generated shape of the SHA-2 compressions a runtime runs, chosen once at load (sha256.ts, sha512.ts): what
 * each engine's JIT runs fastest, and what an interpreter does (docs/decisions/ts-sha2-engine-shapes.md).
 *
 * - SHA-256: fully unrolled on V8 with its JIT (Node, Deno, workerd, edge-runtime, Blink), 1.5x the loop there;
 *   a call a block with the schedule written out and int32 sums on JavaScriptCore with its JIT (WebKit, Bun), which
 *   never optimizes the unrolled one and sums the loop's in 52-bit integers (1.4x the loop in WebKit, 1.6x in Bun;
 *   docs/decisions/ts-sha256-jsc-shape.md); eight rounds a loop iteration elsewhere: what SpiderMonkey and the
 *   interpreters run best.
 * - SHA-512: its 64-bit sums written out, one round a loop iteration, on V8 and where there is no JIT; through the
 *   two small functions `lo`/`hi`, two rounds a loop iteration, elsewhere: JavaScriptCore falls off the written-out
 *   sums.
 */
import { isJavaScriptCore, isV8, type RuntimeInfo } from '../shared/runtime.js';

export interface Sha2Shapes {
  sha256: 'unrolled' | 'loop' | 'jsc';
  sha512: 'inline' | 'calls';
}

/** The shapes for runtime `r`; `interpreted` is whether its engine has no JIT (`interpreted()` of runtime.ts). */
export function sha2Shapes(r: Pick<RuntimeInfo, 'runtime' | 'browser'>, interpreted: boolean): Sha2Shapes {
  const v8 = isV8(r);
  let sha256: Sha2Shapes['sha256'] = 'loop';
  if (!interpreted && v8) sha256 = 'unrolled';
  if (!interpreted && isJavaScriptCore(r)) sha256 = 'jsc';
  return { sha256, sha512: v8 || interpreted ? 'inline' : 'calls' };
}
