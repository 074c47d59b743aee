/** A small element builder: the page has no UI framework, and text is always set as text (never parsed as HTML). */
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
  return el;
}

/** The element with `id`, which the page's HTML has. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/**
 * Wraps wide content so that it scrolls inside its box and the page never scrolls sideways (360 px screens). The box
 * is a named region in the tab order, so a keyboard can reach it and scroll it with the arrow keys (a screen reader
 * hears its `label`).
 */
export function scroll(label: string, ...children: Child[]): HTMLDivElement {
  return h('div', { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': label }, ...children);
}

/** Shows or clears the page's error line. */
export function showError(message: string | undefined): void {
  const el = byId('error');
  el.textContent = message ?? '';
  el.hidden = message === undefined;
}

/** Saves text as a file through the browser's download. */
export function download(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
