import { chromium } from '/work/wt-tssha2/node_modules/playwright-core/index.mjs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage();
await p.setContent('<html><body></body></html>');
await p.addScriptTag({ path: '/tmp/tssha2/abpage.js' });
await p.waitForFunction(() => globalThis.RESULT, null, { timeout: 600000 });
console.log(await p.evaluate(() => globalThis.RESULT));
await b.close();
