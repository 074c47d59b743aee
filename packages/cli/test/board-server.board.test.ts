/** `digestlab web` as a board on the embedded store (a folder per test): `npm run test:board`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { boardServerSuite } from './board-server-suite.js';

const base = mkdtempSync(join(tmpdir(), 'digestlab-boards-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

boardServerSuite('embedded', async (label) => join(base, `${label}.store`));
