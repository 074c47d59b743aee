/**
 * Which of digestlab's WebAssembly modules can be had on this runtime, module by module: one handed over compiled
 * (`ready({ modules })`, the `workerd` and `edge-light` entries) always; one not handed over only where the runtime
 * compiles bytes. Where no module was handed over, or the core was not, every module comes from bytes like the core,
 * whose loading answers for all of them (module.ts); after a hand-over that left some out, an eight-byte empty module
 * is compiled once to ask whether bytes compile here (workerd, Vercel Edge and a strict page refuse).
 */
import { isGiven, type WasmModuleName } from './sources.js';

/** The smallest valid module: the magic number and the version. */
const EMPTY = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
/** Why bytes do not compile here; undefined when they do; null until asked. */
let refused: string | undefined | null = null;

function bytesRefused(): string | undefined {
  if (refused === null) {
    try {
      new WebAssembly.Module(EMPTY);
      refused = undefined;
    } catch (e) {
      refused = String(e);
    }
  }
  return refused;
}

/**
 * Why module `name` cannot be had here while the core can, or undefined when it can (or when the core's own
 * availability decides: the `wasm` provider's reason).
 */
export function moduleUnavailableReason(name: WasmModuleName): string | undefined {
  if (isGiven(name) || !isGiven('core')) return undefined;
  const why = bytesRefused();
  return why === undefined
    ? undefined
    : `its WebAssembly module "${name}" was not among the modules handed over (ready({ modules })), and this ` +
        `runtime refuses to compile WebAssembly from bytes (${why})`;
}
