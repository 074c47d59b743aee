/**
 * QuickJS (npm quickjs-emscripten: Bellard's interpreter compiled to WebAssembly, run inside Node) as a runtime for
 * tests and benchmarks: no JIT, no WebAssembly, no TextEncoder, no console; the engine closest to React Native's
 * Hermes that runs here. A script is evaluated, its promise jobs run to the end, and one global read back.
 */
import { getQuickJS } from 'quickjs-emscripten';

/** Runs `script` (a classic script, e.g. an esbuild IIFE bundle) and returns the string global `result` it set. */
export async function runInQuickJS(script: string, result: string): Promise<string> {
  const quickjs = await getQuickJS();
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(1024 * 1024 * 1024);
  runtime.setMaxStackSize(4 * 1024 * 1024);
  const vm = runtime.newContext();
  try {
    vm.unwrapResult(vm.evalCode(script, 'script.js')).dispose();
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const error = vm.dump(jobs.error);
        jobs.error.dispose();
        throw new Error(`QuickJS: ${JSON.stringify(error)}`);
      }
      if (jobs.value === 0) break;
    }
    const handle = vm.getProp(vm.global, result);
    const value = vm.dump(handle);
    handle.dispose();
    if (typeof value !== 'string') throw new Error(`QuickJS: ${result} is ${String(value)}, not a string`);
    return value;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
