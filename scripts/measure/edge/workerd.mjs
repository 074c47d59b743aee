// workerd for the measuring scripts (edge-runtimes.mjs, crossovers.mjs --workerd): a script bundled with its .wasm
// imports beside it as compiled modules, as wrangler deploys a Worker; run by npm's miniflare; timed from outside in
// the CPU its process spent, since a Worker's own clocks stand still while it computes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entry` (a path) into `dir`/`out` for a runtime with no node_modules of its own: every import inlined,
 * except .wasm files, copied beside it and left as imports (workerd's CompiledWasm modules).
 */
export async function bundleInto(dir, entry, out, format = 'esm') {
  const wasmBeside = {
    name: 'wasm-beside',
    setup(b) {
      b.onResolve({ filter: /\.wasm$/ }, (args) => {
        const name = args.path.split('/').pop();
        writeFileSync(join(dir, name), readFileSync(join(args.resolveDir, args.path)));
        return { path: `./${name}`, external: true };
      });
    },
  };
  await build({
    entryPoints: [entry],
    bundle: true,
    format,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    outfile: join(dir, out),
    plugins: [wasmBeside],
    logLevel: 'error',
  });
}

/** Nanoseconds a thread has run (/proc/…/schedstat's first field). */
export const ranNs = (file) => Number(readFileSync(file, 'utf8').split(' ')[0]);

/** Milliseconds of CPU all threads of a process have used. */
export function processCpu(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += ranNs(`/proc/${pid}/task/${t}/schedstat`);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** The workerd processes this process started (miniflare's children named workerd). */
function workerdChildren() {
  return readdirSync('/proc').filter((p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      return stat.includes('(workerd)') && Number(stat.split(') ')[1].split(' ')[1]) === process.pid;
    } catch {
      return false;
    }
  });
}

/**
 * The module Worker `dir`/`script` in workerd, with these compatibility flags (nodejs_compat brings node:crypto):
 * `get(query)` → the response's text, `clock()` → milliseconds of workerd's CPU (`cpu`) or of wall time, `close()`.
 */
export async function startWorkerd(dir, script, { flags = [], cpu = true } = {}) {
  const { Miniflare } = await import('miniflare');
  const before = new Set(workerdChildren());
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(dir, script),
    modulesRoot: dir,
    // as wrangler's default: a .wasm import is a compiled module
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
    compatibilityFlags: flags,
  });
  const get = async (query) => {
    const response = await mf.dispatchFetch(`http://localhost/?${query}`);
    const text = await response.text();
    if (!response.ok) throw new Error(`workerd: ${response.status} ${text.slice(0, 400)}`);
    return text;
  };
  await mf.ready;
  const started = workerdChildren().filter((p) => !before.has(p));
  if (cpu && started.length !== 1) throw new Error(`expected one new workerd process, found ${started.length}`);
  const pid = cpu ? started[0] : undefined;
  return {
    get,
    clock: pid ? () => processCpu(pid) : () => performance.now(),
    close: () => mf.dispose(),
  };
}
