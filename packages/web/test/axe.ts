/**
 * axe-core in the page: its source sent through the driver's evaluate and run where the page is, so the same check
 * runs in Chromium, Firefox and WebKit (no @axe-core/* wrapper, which each serve one driver).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Tab } from './engines/engine.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation axe found, as a failing test shows it: the rule, its impact, and where (up to five elements). */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations axe finds in the page as it is now (axe's own rules, WCAG 2.x A and AA). */
/**
 * axe's source as a function the driver runs in the page: a page whose Content-Security-Policy refuses inline scripts
 * (the board's) still gets window.axe, as the driver's own evaluation is not the page's script.
 */
const LOAD_AXE = new Function(AXE_SOURCE) as () => void;

export const axeViolations = async (tab: Tab): Promise<Violation[]> => {
  if (!(await tab.evaluate(() => 'axe' in window, undefined))) await tab.evaluate(LOAD_AXE, undefined);
  return runAxe(tab);
};

const runAxe = (tab: Tab): Promise<Violation[]> =>
  tab.evaluate(async (source) => {
    type Axe = {
      run(
        context: Document,
        options: object,
      ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
    };
    const w = window as unknown as { axe?: Axe };
    if (w.axe === undefined) {
      // a classic script runs in the page's global scope, where axe's UMD wrapper sets window.axe
      const script = document.createElement('script');
      script.textContent = source;
      document.head.append(script);
      script.remove();
    }
    const result = await (w.axe as Axe).run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact as string,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  }, AXE_SOURCE);
