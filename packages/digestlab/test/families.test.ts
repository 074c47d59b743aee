/**
 * test/families/ holds what the tests know of each algorithm, one file a family; the suites that go over every
 * algorithm read it. Here: every registered algorithm has its known answers there (a new one without them fails), under
 * its own family, and none is known that the registry lacks.
 */
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/index.js';
import { FAMILIES, KNOWN, KNOWN_NAMES } from './families/index.js';

describe('test/families: the known answers', () => {
  const registered = algorithms();

  it('cover every registered algorithm, in the registry’s order, and no other', () => {
    const names = registered.map((a) => a.name);
    const missing = names.filter((n) => !KNOWN.has(n));
    expect(missing, "give each its known answers in its family's file in test/families/").toEqual([]);
    expect(KNOWN_NAMES).toEqual(names);
  });

  it('put each algorithm under its own family, one file a family', () => {
    for (const a of registered) expect(KNOWN.get(a.name)?.family.family, a.name).toBe(a.family);
    const families = FAMILIES.map((f) => f.family);
    expect(families).toEqual([...new Set(registered.map((a) => a.family))]);
  });

  it('say where each family’s answers come from, and give them as hex of the digest length', () => {
    for (const f of FAMILIES) expect(f.sources.length, f.family).toBeGreaterThan(10);
    for (const [name, k] of KNOWN) {
      for (const hex of [k.empty, k.millionA])
        expect(hex, name).toMatch(new RegExp(`^[0-9a-f]{${2 * k.digestLength}}$`));
    }
  });

  it('give a Merkle–Damgård hash its BigInt reference (boundaries.test.ts continues crafted states with it)', () => {
    const md = registered.filter((a) => a.construction === 'merkle-damgard').map((a) => a.name);
    expect(md.filter((n) => KNOWN.get(n)?.boundaryReference === undefined)).toEqual([]);
    expect(KNOWN_NAMES.filter((n) => KNOWN.get(n)?.boundaryReference !== undefined)).toEqual(md);
  });
});
