/** Starts an engine by name; each is imported only when asked for, so a run of one engine loads one driver. */
import { type Engine, type EngineName, needDist } from './engine.js';

export async function launch(name: EngineName): Promise<Engine> {
  needDist();
  switch (name) {
    case 'chromium':
      return (await import('./chromium.js')).launchChromium();
    case 'firefox':
      return (await import('./firefox.js')).launchFirefox();
    case 'webkit':
      return (await import('./webkit.js')).launchWebKit();
  }
}
