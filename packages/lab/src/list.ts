/**
 * Comma lists as people type them (`-a MD5,SHA-256`, `--sizes 16,1k,1M`, `?providers=ts,wasm`): the one reading of
 * every list option of bench, overflow and sum, and of the page's URL parameters. It imports nothing, so `digestlab
 * sum` (which keeps the lab's engine out of its start-up) can take it from `@digestlab/lab/list`.
 */

/** Every item, trimmed, empty ones kept (`'a, ,b'` → `['a', '', 'b']`): for a list that refuses an empty item. */
export function splitList(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

/** The items, trimmed, empty ones dropped; undefined when the list is absent or names nothing. */
export function parseList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const items = splitList(text).filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}
