/** The one comma-list reading (lab/src/list.ts) of bench, overflow, sum and the page. */
import { describe, expect, it } from 'vitest';
import { parseList, splitList } from '../src/list.js';

describe('splitList: every item, trimmed, empty ones kept', () => {
  it.each([
    ['a', ['a']],
    ['a,b', ['a', 'b']],
    [' a , b ', ['a', 'b']],
    ['a,,b', ['a', '', 'b']],
    ['a, ,b', ['a', '', 'b']],
    ['a,', ['a', '']],
    ['', ['']],
    [',', ['', '']],
    ['4GiB+5, 2^29 - 1', ['4GiB+5', '2^29 - 1']], // inner spaces stay: only the ends are trimmed
    ['a\t,\nb', ['a', 'b']],
  ])('%j', (text, items) => {
    expect(splitList(text)).toEqual(items);
  });
});

describe('parseList: the items, empty ones dropped; undefined when it names nothing', () => {
  it.each([
    ['MD5', ['MD5']],
    ['MD5,SHA-256', ['MD5', 'SHA-256']],
    [' md5 , sha1 ', ['md5', 'sha1']],
    ['a,,b,', ['a', 'b']],
    [',a', ['a']],
    ['a,a', ['a', 'a']], // repeats kept: each caller knows whether a repeat means anything
  ])('%j', (text, items) => {
    expect(parseList(text)).toEqual(items);
  });

  it.each([[undefined], [''], [','], [' , ,'], ['   ']])('%j: undefined', (text) => {
    expect(parseList(text)).toBeUndefined();
  });
});
