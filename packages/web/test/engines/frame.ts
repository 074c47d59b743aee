/**
 * A phone's screen where the engine's window cannot be that small (MiniBrowser's is never narrower than its
 * toolbar, 447 px): the page itself, live (its scripts, its Worker), in a same-origin iframe of the phone's size
 * inside the engine's tab. The iframe is the page's viewport (media queries, innerWidth, `width=device-width`), so
 * its layout is a phone's. The result is a Tab: evaluate runs against the iframe's window (its globals in scope), a
 * screenshot is of the iframe alone, so every helper of tab.ts works on it unchanged.
 */
import type { Engine, Tab, Viewport } from './engine.js';

const FRAME = 'phone-frame';

/**
 * A tab showing pages at `viewport`: the engine's own where it can be that size (Chromium, Firefox), else the page
 * in an iframe of that size (WebKit at a phone's width).
 */
export async function tabAt(engine: Engine, viewport: Viewport): Promise<Tab> {
  const tab = await engine.newTab(viewport);
  const got = await tab.setViewport(viewport);
  return got.width === viewport.width && got.height >= viewport.height ? tab : framed(tab, viewport);
}

/** Pages at `viewport` in an iframe of `outer` (whose own viewport must hold it), whatever the engine. */
export function framed(outer: Tab, viewport: Viewport): Tab {
  let size = viewport;
  return {
    async goto(url) {
      // a same-origin document to hold the iframe (the server's 404 page: any page of that origin would do)
      const host = new URL(`./no-such-page-${FRAME}`, url).href;
      if ((await outer.evaluate(() => location.href)) !== host) await outer.goto(host);
      await outer.evaluate(
        ([src, id, v]) =>
          new Promise<void>((resolve) => {
            let frame = document.getElementById(id) as HTMLIFrameElement | null;
            if (frame === null) {
              document.body.replaceChildren();
              document.body.style.margin = '0';
              frame = document.createElement('iframe');
              frame.id = id;
              document.body.append(frame);
            }
            frame.style.cssText = `width:${v.width}px;height:${v.height}px;border:0;display:block`;
            frame.onload = () => resolve();
            frame.src = src;
          }),
        [url, FRAME, size] as const,
      );
    },
    evaluate: (fn, arg) =>
      outer.evaluate(
        ([src, id, a]) => {
          const w = (document.getElementById(id) as HTMLIFrameElement | null)?.contentWindow;
          if (!w) throw new Error('no phone frame: goto first');
          // Compiled here, in the holding page (the page's own policy forbids compiling strings in the frame), with
          // the frame's window as its scope: `document`, `window`, `URL`, `HTMLAnchorElement`… are the page's.
          const compile = new Function('w', `with (w) { return (${src}); }`) as (x: Window) => (y: unknown) => unknown;
          return compile(w)(a);
        },
        [fn.toString(), FRAME, arg ?? null] as const,
      ) as never,
    async setViewport(v) {
      size = v;
      await outer.evaluate(
        ([id, s]) => {
          const frame = document.getElementById(id);
          if (frame) frame.style.cssText = `width:${s.width}px;height:${s.height}px;border:0;display:block`;
        },
        [FRAME, v] as const,
      );
      return v;
    },
    screenshot: (path, selector) =>
      selector === undefined
        ? outer.screenshot(path, `#${FRAME}`)
        : Promise.reject(new Error('framed: whole frame only')),
    close: () => outer.close(),
  };
}
