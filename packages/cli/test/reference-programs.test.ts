/**
 * scripts/check/reference-programs.mjs: the PATH that .ci/run gives `npm test` lacks every reference program and keeps
 * everything else, so a default-tier test that spawns one fails in CI rather than on a user's machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  pathWithout,
  REFERENCE_PROGRAMS,
  REFERENCES,
  requireFile,
  requireProgram,
  which,
} from '../../../scripts/check/reference-programs.mjs';

const root = mkdtempSync(join(tmpdir(), 'digestlab-refs-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder of executables named `names`. */
function bin(name: string, names: string[]): string {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const n of names) writeFileSync(join(dir, n), '#!/bin/sh\n', { mode: 0o755 });
  return dir;
}

test('pathWithout hides every listed program, in every folder, and keeps the rest', () => {
  const programs = Object.keys(REFERENCE_PROGRAMS);
  const a = bin('a', ['node', 'b3sum', 'sha256sum']);
  const b = bin('b', ['rhash', 'openssl', ...programs]);
  const clean = bin('c', ['python3']);
  const { path, cleanup } = pathWithout([a, b, clean].join(delimiter));
  try {
    for (const p of programs) expect(which(p, path), p).toBeUndefined();
    for (const p of ['node', 'sha256sum', 'openssl', 'python3']) expect(which(p, path), p).toBeDefined();
    // a folder without any of them is kept as it is
    expect(path.split(delimiter)[2]).toBe(clean);
    expect(which('b3sum', [a, b].join(delimiter))).toBe(join(a, 'b3sum'));
  } finally {
    cleanup();
  }
});

test('requireProgram names the Debian package of a missing program in one line', () => {
  const saved = process.env.PATH;
  process.env.PATH = bin('empty', []);
  try {
    expect(() => requireProgram('b3sum')).toThrow(/^b3sum is not installed: sudo apt-get install b3sum \(/);
    expect(() => requireProgram('sha256sum')).toThrow(/not a listed reference program/);
  } finally {
    process.env.PATH = saved;
  }
});

test('a listed file (BouncyCastle’s jar) is required by path, and is no program to hide from PATH', () => {
  expect(REFERENCES['/usr/share/java/bcprov.jar']).toBe('libbcprov-java');
  expect(Object.keys(REFERENCE_PROGRAMS)).toStrictEqual(Object.keys(REFERENCES).filter((n) => !n.startsWith('/')));
  expect(() => requireFile('/etc/hostname')).toThrow(/^\/etc\/hostname is not a listed reference file/);
  expect(() => requireFile('java')).toThrow(/not a listed reference file/);
  expect(() => requireProgram('/usr/share/java/bcprov.jar')).toThrow(/not a listed reference program/);
});
