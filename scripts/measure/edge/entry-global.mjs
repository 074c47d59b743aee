// cases.mjs as globals, for a runtime driven by evaluating expressions (QuickJS, edge-runtime).
import { prepare, run } from './cases.mjs';

globalThis.__bench = { run, prepared: prepare().then((p) => JSON.stringify(p)) };
