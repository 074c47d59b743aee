/**
 * `digestlab web` collects runs: when `GET api/status` answers, each finished run is POSTed to
 * `api/results?token=…` (the token from the page's URL). Relative URLs, so a page served from a subpath asks its
 * own server. On a plain static host there is no collector and the page offers the download only.
 */
export async function collectorHere(): Promise<boolean> {
  try {
    const r = await fetch('api/status', { headers: { accept: 'application/json' } });
    if (!r.ok) return false;
    await r.json();
    return true;
  } catch {
    return false;
  }
}

/** Sends a run (a bench report or an overflow document); resolves to the file name the collector saved it as. */
export async function sendRun(report: object, token: string | undefined): Promise<string> {
  const r = await fetch(`api/results?token=${encodeURIComponent(token ?? '')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  });
  const text = await r.text();
  if (r.status !== 201) throw new Error(`the collector answered ${r.status}: ${text.slice(0, 200)}`);
  const file = (JSON.parse(text) as { file?: unknown }).file;
  if (typeof file !== 'string') throw new Error(`the collector answered without a file name: ${text.slice(0, 200)}`);
  return file;
}
