/**
 * Debian's Chromium (apt-get install chromium) driven by playwright-core: never a downloaded browser. Shared by the
 * browser tests, with the built page served by {@link serveDist}.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The built page (npm run build:web). */
export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Screenshots go here (git-ignored). */
export const SHOTS = fileURLToPath(new URL('../../../test-results/', import.meta.url));

/** `extraArgs`: more Chromium flags, e.g. a host resolver rule to open the page from a name that is not secure. */
export async function launch(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  if (!existsSync(`${DIST}index.html`)) throw new Error(`no built page in ${DIST}: npm run build:web`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
