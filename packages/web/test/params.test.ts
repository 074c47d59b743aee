/** The page's URL parameters, under Node: defaults, the CLI's messages for bad values, and links that read back. */
import { DEFAULTS, MIB, UsageError } from '@digestlab/lab';
import { describe, expect, it } from 'vitest';
import { carriesChoices, parseChoices, readQuery, toQuery } from '../src/params.js';

describe('carriesChoices', () => {
  it('is true for a run URL with a choice of its own, false for none, run=1 or the token alone', () => {
    expect(carriesChoices('')).toBe(false);
    expect(carriesChoices('?run=1&token=abc')).toBe(false);
    for (const q of ['?workload=seed', '?algorithms=MD5&run=1', '?token=t&providers=ts', '?size=4GiB%2B5']) {
      expect(carriesChoices(q), q).toBe(true);
    }
  });
});

describe('parseChoices', () => {
  it("defaults: the seed's run (the one tap on a phone), the seed six, every row, the CLI samples, 1 MiB", () => {
    const c = parseChoices('');
    expect(c.workloads).toEqual(['seed']);
    expect(c.algorithms).toEqual(['MD2', 'MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
    expect(c.providers).toBeUndefined();
    expect(c.samples).toBe(DEFAULTS.samples);
    expect(c.sizes).toEqual([MIB]);
    expect(c.run).toBe(false);
  });

  it('reads names and aliases, lists, sizes, run and token', () => {
    const c = parseChoices(
      '?workload=many,seed&algorithms=md5,sha256&providers=ts,wasm&samples=7&sizes=1k,64&run=1&token=abc',
    );
    expect(c).toMatchObject({
      workloads: ['many', 'seed'],
      algorithms: ['MD5', 'SHA-256'],
      providers: ['ts', 'wasm'],
      samples: 7,
      sizes: [1024, 64],
      run: true,
      token: 'abc',
    });
  });

  it('reads sizes in the grammar of the CLI: 1k and 1M binary, 10MB decimal, arithmetic', () => {
    expect(parseChoices('?sizes=64,1k,1M,10MB,4KiB%2B1').sizes).toEqual([64, 1024, MIB, 10_000_000, 4097]);
    expect(parseChoices('?workload=overflow&size=1M').size).toBe('1M');
  });

  it('reads + as plus (size=4GiB+5), not as a space', () => {
    expect(parseChoices('?size=4GiB+5').size).toBe('4GiB+5');
    expect(readQuery('?size=2%5E29%2B1').get('size')).toBe('2^29+1');
  });

  it.each([
    ['samples=4', 'URL parameter samples=4: --samples must be an integer >= 5 (got "4")'],
    ['algorithms=MD6', 'URL parameter algorithms=MD6: unknown algorithm "MD6"'],
    ['sizes=2q', 'URL parameter sizes=2q: --sizes: ambiguous or unknown unit "q" in "2q"'],
    ['sizes=16,0', 'URL parameter sizes=16,0: --sizes: size "0" must be at least 1 byte'],
    [
      'workload=stream',
      'URL parameter workload=stream: unknown workload "stream"; valid workloads: seed, sizes, many, hmac, overflow',
    ],
    ['workload=overflow,seed', 'URL parameter workload=overflow,seed: overflow runs on its own'],
    ['workload=overflow&size=4g', 'URL parameter size=4g: --size: ambiguous or unknown unit "g" in "4g"'],
    ['workload=overflow&size=-1', 'URL parameter size=-1: --size:'],
    [
      'workload=overflow&pattern=ones',
      'URL parameter pattern=ones: --pattern must be one of zeros, ramp, index (got "ones")',
    ],
  ])('%s: the CLI parser’s message', (query, message) => {
    expect(() => parseChoices(`?${query}`)).toThrow(UsageError);
    expect(() => parseChoices(`?${query}`)).toThrow(message);
  });
});

describe('overflow', () => {
  it('defaults: 4GiB+5 of zeros through SHA-1; the providers left to the engine (our streaming ones)', () => {
    const c = parseChoices('?workload=overflow');
    expect(c).toMatchObject({ workloads: ['overflow'], algorithms: ['SHA-1'], size: '4GiB+5', pattern: 'zeros' });
    expect(c.providers).toBeUndefined();
  });

  it('reads size as the CLI writes it, with + kept, and the other parameters', () => {
    const c = parseChoices('?workload=overflow&size=2^29+1&pattern=index&algorithms=md5,sha1&providers=ts,wasm');
    expect(c).toMatchObject({
      size: '2^29+1',
      pattern: 'index',
      algorithms: ['MD5', 'SHA-1'],
      providers: ['ts', 'wasm'],
    });
    expect(toQuery(c)).toBe(
      '?workload=overflow&algorithms=MD5,SHA-1&providers=ts,wasm&samples=5&size=2%5E29%2B1&pattern=index',
    );
    expect(parseChoices(toQuery(c))).toEqual(c);
  });
});

describe('toQuery', () => {
  it('writes a link that reads back the same choices, + as %2B, run only when asked', () => {
    const c = parseChoices(
      '?workload=seed,sizes&algorithms=SHA-1&providers=wasm,hash-wasm&samples=6&sizes=1k,1MiB&size=4GiB%2B5&token=t',
    );
    const q = toQuery(c);
    expect(q).toBe(
      '?workload=seed,sizes&algorithms=SHA-1&providers=wasm,hash-wasm&samples=6&sizes=1k,1MiB&size=4GiB%2B5&token=t',
    );
    expect(parseChoices(q)).toEqual(c);
    expect(toQuery(c, true)).toContain('&run=1');
  });
});
