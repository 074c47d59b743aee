import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactUtc, parseAnyReport, resultFileName, slug } from '../src/collect.js';
import { runDevice } from '../src/report.js';

const text = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('report schemas and result file names', () => {
  it('dispatches on the schema and checks each with its own validator', () => {
    expect(parseAnyReport(text('run-a.json')).schema).toBe('digestlab-bench/1');
    // a real `digestlab overflow --json` document; its validator's refusals are in overflow-engine.test.ts
    expect(parseAnyReport(text('overflow-run.json'))).toMatchObject({ schema: 'digestlab-overflow/1' });
    const overflow = JSON.parse(text('overflow-run.json'));
    overflow.summary.PASS += 1;
    expect(() => parseAnyReport(JSON.stringify(overflow), 'o')).toThrow(/o: summary.PASS is/);
    expect(() => parseAnyReport('{"schema":"digestlab-bench/2"}', 'p')).toThrow(/p: not a digestlab report.*bench\/2/);
    expect(() => parseAnyReport('[1]')).toThrow(/not a digestlab report/);
    expect(() => parseAnyReport('{"schema":"digestlab-bench/1","env":{}}')).toThrow(/needs "env" and "results"/);
  });

  it('names a run by UTC time and device slug', () => {
    const at = new Date(Date.UTC(2026, 10, 30, 4, 5, 6, 789));
    expect(compactUtc(at)).toBe('20261130T040506Z');
    expect(resultFileName(at, { os: 'Android 14', runtime: 'Chrome' })).toBe('20261130T040506Z-android-chrome.json');
    expect(resultFileName(at, { os: 'Linux 6.1.0 x64', runtime: 'node' }, 3)).toBe(
      '20261130T040506Z-linux-node-3.json',
    );
    expect(resultFileName(at, {})).toBe('20261130T040506Z-unknown.json');
    expect(runDevice({ os: 42, runtime: 'node' })).toBe('node');
    // a page's run names its browser, not "browser"
    const phone = { os: 'Android 14', runtime: 'browser', browser: { name: 'Chrome', version: '131.0' } };
    expect(runDevice(phone)).toBe('Android Chrome');
    expect(resultFileName(at, phone)).toBe('20261130T040506Z-android-chrome.json');
    expect(runDevice({ os: 'Linux', runtime: 'browser', browser: 'Chrome' })).toBe('Linux browser');
    // the engine, where the run recorded it: Chrome on an iPhone is WebKit
    const iphone = {
      os: 'iPhone',
      runtime: 'browser',
      browser: { name: 'Chrome', version: '131.0', engine: 'WebKit' },
    };
    expect(runDevice(iphone)).toBe('iPhone Chrome (WebKit)');
    expect(resultFileName(at, iphone)).toBe('20261130T040506Z-iphone-chrome-webkit.json');
  });

  it('slugs are [a-z0-9-], at most 40 characters, without dashes at the ends', () => {
    expect(slug('  Ünïcode/..\\Device  ')).toBe('unicode-device');
    expect(slug('../../etc/passwd')).toBe('etc-passwd');
    expect(slug('---')).toBe('unknown');
    const long = slug(`${'a'.repeat(39)} b c`);
    expect(long).toBe('a'.repeat(39));
    expect(slug('x'.repeat(100))).toHaveLength(40);
    for (const s of ['Mozilla/5.0 (Linux; Android 14; Pixel 8)', '\u0000\u202e', 'a'.repeat(50)]) {
      expect(slug(s)).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/);
    }
  });
});
