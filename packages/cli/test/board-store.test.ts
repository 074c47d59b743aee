/** The store suite against the embedded store (PGlite in a temporary folder), and what only it has: the folder. */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/board/open.js';
import { MIGRATIONS } from '../src/board/schema.js';
import { storeSuite, variant } from './board-suite.js';

const base = mkdtempSync(join(tmpdir(), 'digestlab-store-'));
// many PGlite folders: removing them takes seconds on a loaded machine
afterAll(() => rmSync(base, { recursive: true, force: true }), 60_000);
let n = 0;
const template = join(base, 'template');

// one new store made (initdb and migrations: seconds), then copied for each test: a closed store is its folder
beforeAll(async () => {
  await (await openStore(template)).close();
}, 120_000);

storeSuite('embedded (PGlite)', () => {
  const dir = join(base, `s${++n}`);
  cpSync(template, dir, { recursive: true });
  return openStore(dir);
});

describe('the embedded store in its folder', () => {
  it('keeps its runs across a close and reopen, migrated once', async () => {
    const dir = join(base, 'reopen');
    cpSync(template, dir, { recursive: true });
    const s = await openStore(dir);
    expect(s.kind).toBe('embedded');
    const { id } = await s.add(variant(7));
    await s.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openStore(dir);
    try {
      expect(await again.count()).toBe(1);
      expect(await again.body(id)).toBe(variant(7));
      expect((await again.add(variant(7))).added).toBe(false);
    } finally {
      await again.close();
    }
    expect(MIGRATIONS.length).toBe(1);
  });

  it('is opened by one process at a time: a second open is refused while the first holds it', async () => {
    const dir = join(base, 'locked');
    cpSync(template, dir, { recursive: true });
    const s = await openStore(dir);
    try {
      const { writeFileSync } = await import('node:fs');
      // the lock names this process's parent (alive), as another digestlab would
      writeFileSync(`${dir}.lock`, String(process.ppid));
      await expect(openStore(dir)).rejects.toThrow(/is open in process/);
      // a lock left by a process that is gone (killed) is taken over
      writeFileSync(`${dir}.lock`, '2147483646');
    } finally {
      await s.close();
    }
    const again = await openStore(dir);
    await again.close();
  });
});
