/**
 * A small W3C WebDriver client over fetch: just the commands the browser tests use (new session, navigate, execute
 * async script, window rect, screenshot of the viewport or of an element, delete session). Chosen over webdriverio, which would bring a few hundred
 * packages for these seven HTTP requests. https://www.w3.org/TR/webdriver2/
 */

/** A WebDriver error, with the driver's error code ("javascript error", "timeout", ...). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`WebDriver ${code}: ${message}`);
    this.name = 'WebDriverError';
  }
}

/** How long one command may take: a navigation waits for the page's load; a script for its promise. */
const COMMAND_TIMEOUT = 5 * 60_000;

async function send(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT),
  });
  const text = await response.text();
  let parsed: { value?: unknown };
  try {
    parsed = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError('invalid response', `${method} ${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  const value = parsed.value as { error?: string; message?: string } | null;
  if (!response.ok || (value !== null && typeof value === 'object' && typeof value.error === 'string')) {
    throw new WebDriverError(value?.error ?? `HTTP ${response.status}`, value?.message ?? text.slice(0, 200));
  }
  return parsed.value;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** `driver`: the driver's URL, e.g. http://127.0.0.1:4444; `alwaysMatch`: the capabilities to ask for. */
  static async create(driver: string, alwaysMatch: Record<string, unknown>): Promise<WebDriverSession> {
    const value = (await send(`${driver}/session`, 'POST', { capabilities: { alwaysMatch } })) as {
      sessionId: string;
      capabilities: Record<string, unknown>;
    };
    return new WebDriverSession(`${driver}/session/${value.sessionId}`, value.capabilities);
  }

  /** Navigates, and resolves once the page has loaded (the "normal" page load strategy). */
  async navigate(url: string): Promise<void> {
    await send(`${this.base}/url`, 'POST', { url });
  }

  /**
   * Runs `fn(arg)` in the page through Execute Async Script and resolves with its awaited result; a throw or a
   * rejection in the page becomes a WebDriverError with the page's message.
   */
  async evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<Awaited<R>> {
    const script = `const [arg, done] = arguments;
Promise.resolve().then(() => (${fn.toString()})(arg)).then(
  (value) => done({ value: value === undefined ? null : value }),
  (e) => done({ error: String(e && e.stack ? e.message + '\\n' + e.stack : e) }),
);`;
    const out = (await send(`${this.base}/execute/async`, 'POST', { script, args: [arg ?? null] })) as {
      value?: unknown;
      error?: string;
    };
    if (out.error !== undefined) throw new WebDriverError('javascript error', out.error);
    return out.value as Awaited<R>;
  }

  async setWindowRect(rect: Partial<Rect>): Promise<Rect> {
    return (await send(`${this.base}/window/rect`, 'POST', rect)) as Rect;
  }

  /** The viewport as a PNG; with `selector`, the first element it matches (Take Element Screenshot). */
  async screenshot(selector?: string): Promise<Buffer> {
    if (selector === undefined) return Buffer.from((await send(`${this.base}/screenshot`, 'GET')) as string, 'base64');
    const found = (await send(`${this.base}/element`, 'POST', { using: 'css selector', value: selector })) as Record<
      string,
      string
    >;
    // the element reference's key is this fixed identifier (W3C WebDriver, "web element identifier")
    const id = found['element-6066-11e4-a52e-4f735466cecf'];
    return Buffer.from((await send(`${this.base}/element/${id}/screenshot`, 'GET')) as string, 'base64');
  }

  async delete(): Promise<void> {
    await send(this.base, 'DELETE');
  }
}
